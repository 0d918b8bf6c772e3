"""Bots of any family against each other: N games with the seating rotated game by game.

In game g, seat s is taken by bot entry (s + g) mod k, so every entry plays every seat
equally often. A game won by k tied seats gives each 1/k of a win. A family may play
the games with a fast simulation of its own (`FamilySpec.fast_head_to_head`, the
scoresheet family's batched solver bots); otherwise, and whenever the games are to be
kept, they are played through the engine, seeded, exactly as at a table, each move
asked of the bot with `bot_driver.choose` and carried out with `bot_driver.play`.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from dicepoker_tui.engine.players import Player
from dicepoker_tui.engine.session import Session
from dicepoker_tui.family import bot_driver
from dicepoker_tui.family.registry import family_of
from dicepoker_tui.family.setup import GameSetup


@dataclass
class BotRecord:
    """One bot entry's results over the games."""

    seat: int
    """The entry's place in the list of bots (0 first); it sits at seat (seat + g) mod k
    in game g."""
    bot: str
    wins: float = 0.0
    measure: float = 0.0
    """Sum over the games of the family's measure (final total, or place)."""


@dataclass
class HeadToHead:
    """The results of a run of games between bots."""

    variant: str
    games: int
    seconds: float
    bots: list[BotRecord]
    played: list[Session] = field(default_factory=list)
    """The games themselves, when they were kept (played through the engine)."""

    def summary(self) -> dict:
        """`{"variant", "games", "seconds", "bots": [{"seat", "bot", "wins", "win_share",
        "mean"}]}`: mean is the mean final total, or the mean place (bidding)."""
        n = max(self.games, 1)
        return {
            "variant": self.variant,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "bots": [
                {
                    "seat": b.seat,
                    "bot": b.bot,
                    "wins": round(b.wins, 6),
                    "win_share": round(b.wins / n, 6),
                    "mean": round(b.measure / n, 4),
                }
                for b in self.bots
            ],
        }


def game_seed(seed: int, game: int) -> int:
    """The engine seed of game number `game` of a run seeded `seed` (runs do not overlap)."""
    digest = hashlib.sha256(f"head-to-head:{seed}:{game}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seats_for(levels: Sequence[str], game: int) -> list[int]:
    """Seat s → the bot entry sitting there in game number `game`."""
    k = len(levels)
    return [(s + game) % k for s in range(k)]


def play_game(variant: str, levels: Sequence[str], game: int, seed: int) -> Session:
    """Game number `game` of a run, played to its end through the engine."""
    spec = family_of(variant)
    order = seats_for(levels, game)
    players = tuple(
        Player(name=f"{levels[b].capitalize()} {b + 1}", kind="bot", level=levels[b]) for b in order
    )
    setup = GameSetup(variant=variant, seats=players, seed=game_seed(seed, game))
    session = setup.new_game()
    bots = spec.make_bots(players, setup.seed or 0)
    while (seat := spec.to_act(session.state)) is not None:
        bot_driver.play(session, bot_driver.choose(session, seat, bots[seat]))
    return session


def head_to_head(
    variant: str,
    levels: Sequence[str],
    games: int,
    seed: int = 0,
    keep: bool = False,
    progress: Callable[[float], None] | None = None,
) -> HeadToHead:
    """Play `games` games between the bots of `levels` (2 or more, seats rotated).

    With `keep` the games are played through the engine and kept (to be stored);
    otherwise the family's fast simulation plays them where it has one. `progress` sees
    the share of a table being built, when one must be."""
    spec = family_of(variant)
    t0 = time.perf_counter()
    records = [BotRecord(i, level) for i, level in enumerate(levels)]
    fast = None if keep else spec.fast_head_to_head(variant, list(levels), games, seed, progress)
    played: list[Session] = []
    if fast is not None:
        wins, measures = fast
        for r, w, m in zip(records, wins, measures, strict=True):
            r.wins, r.measure = w, m
    else:
        for g in range(games):
            session = play_game(variant, levels, g, seed)
            winners = spec.winners(session)
            for seat, entry in enumerate(seats_for(levels, g)):
                if seat in winners:
                    records[entry].wins += 1 / len(winners)
                records[entry].measure += spec.final_measure(session, seat)
            if keep:
                played.append(session)
    return HeadToHead(variant, games, time.perf_counter() - t0, records, played)
