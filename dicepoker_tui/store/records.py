"""What the store hands out: games as listed, their seats, and a player's statistics."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, NamedTuple

GameStatus = Literal["playing", "finished", "abandoned"]


class PlayerRecord(NamedTuple):
    """A seat of a stored game; the result fields are None until the game is finished."""

    seat: int
    name: str
    kind: str
    level: str | None = None
    total: int | None = None
    place: int | None = None
    settlement: float | None = None
    five_of_a_kind: int | None = None
    coach: float | None = None
    """The coach's threshold (expected points) for this seat, or None: no coach."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "total": self.total,
            "place": self.place,
            "settlement": self.settlement,
        }


class GameRecord(NamedTuple):
    """A stored game as the history lists it (events are loaded separately)."""

    id: int
    variant: str
    status: GameStatus
    started_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    seed: int
    real_dice: bool
    event_count: int
    players: tuple[PlayerRecord, ...]
    damaged: str | None = None
    """Why this record cannot be read (its other fields are then placeholders), or None."""

    @property
    def verifiable(self) -> bool:
        """Whether its dice can be checked: thrown by the program from its seed (real dice
        are typed in, and are what the player says they were)."""
        return not self.real_dice

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def winners(self) -> tuple[str, ...]:
        """Names in first place (several on a tie); empty while the game is not finished."""
        return tuple(p.name for p in self.players if p.place == 1)

    @property
    def best_total(self) -> int | None:
        totals = [p.total for p in self.players if p.total is not None]
        return max(totals) if totals else None

    def to_json(self) -> dict[str, Any]:
        """The object `dicepoker history --json` prints for this game (a damaged one's
        placeholders as null)."""
        return {
            "id": self.id,
            "variant": self.variant,
            "status": self.status,
            "started_at": None if self.damaged else self.started_at.isoformat(),
            "finished_at": self.finished_at.isoformat() if self.finished_at else None,
            "seed": None if self.damaged else self.seed,
            "real_dice": self.real_dice,
            "players": [p.to_json() for p in self.players],
            "winners": list(self.winners),
            "damaged": self.damaged,
        }


@dataclass(frozen=True)
class PlayerStats:
    """One player's record in one variant, over their finished games."""

    player: str
    variant: str
    games: int = 0
    contests: int = field(default=0, metadata={"doc": "Games with more than one player."})
    wins: int = field(default=0, metadata={"doc": "First places (shared ones too) in contests."})
    mean: float | None = None
    best: int | None = None
    worst: int | None = None
    box_average: dict[str, float] = field(default_factory=dict)
    bonus_rate: dict[str, float] = field(default_factory=dict)
    five_of_a_kind: int = field(
        default=0, metadata={"doc": "Five of a kind written (Yahtzees, Yatzys, Pokers)."}
    )
    totals: tuple[int, ...] = field(default=(), metadata={"doc": "Totals, oldest game first."})

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.contests if self.contests else None

    def histogram(self, bins: int = 10) -> list[tuple[int, int, int]]:
        """The distribution of totals as `(low, high, count)` bins of equal width, inclusive."""
        if not self.totals or bins < 1:
            return []
        low, high = min(self.totals), max(self.totals)
        width = max(1, -(-(high - low + 1) // bins))
        edges = list(range(low, high + 1, width))
        counts = [0] * len(edges)
        for total in self.totals:
            counts[(total - low) // width] += 1
        return [(lo, lo + width - 1, n) for lo, n in zip(edges, counts, strict=True)]
