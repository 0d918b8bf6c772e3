"""A player's figures over their finished bidding games of one variant, read from the
games' logs: record, places, and how their challenges, calzas and bids turned out."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from dicepoker_tui.store.connection import Database, guarded


@dataclass(frozen=True)
class BiddingStats:
    """One player's record in one bidding variant, over their finished games."""

    player: str
    variant: str
    games: int = 0
    wins: int = 0
    """Games they were the last with dice."""
    mean_place: float | None = None
    challenges: int = 0
    """Challenges (dudo, Liar!) they made..."""
    challenges_right: int = 0
    """...and how many found the bid false."""
    calzas: int = 0
    calzas_right: int = 0
    """Calzas that found the bid exact."""
    dice_lost: int = 0
    dice_won: int = 0
    bids_challenged: int = 0
    """Their bids someone challenged..."""
    bids_true: int = 0
    """...and how many of those held."""

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def tally(player_seat: int, events: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """The counts of one seat in one game's log (events as JSON objects)."""
    out = dict.fromkeys(
        (
            "challenges",
            "challenges_right",
            "calzas",
            "calzas_right",
            "dice_lost",
            "dice_won",
            "bids_challenged",
            "bids_true",
        ),
        0,
    )
    for e in events:
        kind = e.get("type")
        if kind == "cups_revealed":
            holds = e["actual"] >= e["quantity"]
            if e["call"] == "challenge":
                if e["player"] == player_seat:
                    out["challenges"] += 1
                    out["challenges_right"] += not holds
                if e["bidder"] == player_seat:
                    out["bids_challenged"] += 1
                    out["bids_true"] += holds
            elif e["player"] == player_seat:
                out["calzas"] += 1
                out["calzas_right"] += e["actual"] == e["quantity"]
        elif kind == "dice_count_changed" and e["player"] == player_seat:
            if e["delta"] < 0:
                out["dice_lost"] -= e["delta"]
            else:
                out["dice_won"] += e["delta"]
    return out


@guarded
def bidding_stats(db: Database, player: str, variant: str) -> BiddingStats:
    """`player`'s figures over their finished games of `variant` (name ignores case); a
    game whose log does not read is left out."""
    rows = db.fetch_all(
        "SELECT p.seat, p.place, l.data FROM players p JOIN games g ON g.id = p.game_id"
        " JOIN event_logs l ON l.game_id = g.id WHERE g.status = 'finished'"
        " AND g.variant = ? AND p.name = ? COLLATE NOCASE ORDER BY g.started_at, g.id",
        (variant, player),
    )
    games = 0
    places: list[int] = []
    sums: dict[str, int] = {}
    for seat, place, data in rows:
        try:
            counts = tally(seat, json.loads(data))
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
        games += 1
        if isinstance(place, int):
            places.append(place)
        for key, n in counts.items():
            sums[key] = sums.get(key, 0) + n
    return BiddingStats(
        player=player,
        variant=variant,
        games=games,
        wins=places.count(1),
        mean_place=sum(places) / len(places) if places else None,
        **sums,
    )
