"""Players and final standings, shared by every game family."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from dicepoker_tui.i18n import shown_name

PlayerKind = Literal["human", "bot"]


class Player(BaseModel):
    """A seat at the table."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=24, description="Shown on the sheet.")
    kind: PlayerKind = Field(default="human", description="Who decides: a person or a bot.")
    level: str | None = Field(default=None, description="Bot strength, for bots.")

    @property
    def shown(self) -> str:
        """The name as a person reads it: a default name (`Player 2`) in their language."""
        return shown_name(self.name)


class Standing(BaseModel):
    """One player's final result."""

    model_config = ConfigDict(extra="forbid")

    player: int = Field(description="Seat index.")
    total: int
    place: int = Field(description="1 is best; equal totals share a place.")
    settlement: float = Field(description="Total minus the average of all totals.")


def standings(totals: Sequence[int]) -> list[Standing]:
    """Places (ties share, standard competition ranking) and zero-sum settlement."""
    mean = sum(totals) / len(totals) if totals else 0.0
    return [
        Standing(
            player=i,
            total=t,
            place=1 + sum(1 for other in totals if other > t),
            settlement=round(t - mean, 2),
        )
        for i, t in enumerate(totals)
    ]
