"""What a game is started from: variant, seats, seed and dice mode (no Textual here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from dicepoker_tui.ai.bots import Bot, make_bot
from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.engine.players import Player
from dicepoker_tui.engine.scoresheet.game import Game
from dicepoker_tui.engine.scoresheet.rules import MAX_PLAYERS
from dicepoker_tui.engine.scoresheet.variants import get_variant
from dicepoker_tui.i18n import _

NAME_MAX = 24


@dataclass(frozen=True)
class GameSetup:
    """The choices made in the lobby (or on the `dicepoker play` command line)."""

    variant: str = "yahtzee"
    seats: tuple[Player, ...] = field(default_factory=lambda: (Player(name="Player 1"),))
    seed: int | None = None
    real_dice: bool = False
    coach: tuple[float | None, ...] = ()
    """Per seat: the coach's threshold in expected points, or None for no coach (missing
    entries mean none). Only human seats are coached."""

    def coach_thresholds(self) -> dict[int, float]:
        """Seat → threshold for the coached human seats."""
        return {
            seat: limit
            for seat, (player, limit) in enumerate(zip(self.seats, self.coach, strict=False))
            if limit is not None and player.kind == "human"
        }

    def problem(self, known_levels: Sequence[str] | None = None) -> str | None:
        """Why this setup cannot start, in one line, or None when it can."""
        try:
            get_variant(self.variant)
        except KeyError as exc:
            return str(exc.args[0])
        if not 1 <= len(self.seats) <= MAX_PLAYERS:
            return _("A game needs 1 to {n} seats.").format(n=MAX_PLAYERS)
        names = [p.name.strip() for p in self.seats]
        if any(not n for n in names):
            return _("Every seat needs a name.")
        if len({n.casefold() for n in names}) != len(names):
            return _("Every seat needs a different name.")
        bots = [p for p in self.seats if p.kind == "bot"]
        if known_levels is not None:
            for bot in bots:
                if bot.level not in known_levels:
                    return _("Unknown bot level {level} (known: {known}).").format(
                        level=repr(bot.level), known=", ".join(known_levels)
                    )
        if self.real_dice and bots:
            return _("Bots cannot throw real dice: remove the bot seats or switch real dice off.")
        return None

    def new_game(self) -> Game:
        """A fresh game from this setup; raises IllegalMove when the engine refuses it."""
        problem = self.problem()
        if problem:
            raise IllegalMove(problem)
        return Game.new(self.variant, list(self.seats), seed=self.seed, real_dice=self.real_dice)

    def rematch(self) -> GameSetup:
        """The same table with fresh dice."""
        return replace(self, seed=None)

    @classmethod
    def from_game(cls, game: Game, coach: Mapping[int, float] | None = None) -> GameSetup:
        """The setup `game` was started from; `coach` (seat → threshold) as it was played."""
        state = game.state
        coach = coach or {}
        return cls(
            variant=state.variant,
            seats=tuple(state.players),
            seed=state.seed,
            real_dice=state.real_dice,
            coach=tuple(coach.get(seat) for seat in range(len(state.players))) if coach else (),
        )


def make_bots(players: Sequence[Player], seed: int) -> dict[int, Bot]:
    """One bot per bot seat, seeded from the game seed so replays are reproducible."""
    return {
        seat: make_bot(p.level or "heuristic", seed=seed * 10 + seat)
        for seat, p in enumerate(players)
        if p.kind == "bot"
    }


def unused_name(taken: Sequence[str], stem: str) -> str:
    """`stem N` with the smallest N not yet used."""
    lowered = {t.casefold() for t in taken}
    n = 1
    while f"{stem} {n}".casefold() in lowered:
        n += 1
    return f"{stem} {n}"
