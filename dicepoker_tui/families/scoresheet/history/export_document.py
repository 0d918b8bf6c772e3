"""The document a scoresheet game is exported as (JSON): the game's meta data, its seats
with their results, the final sheets and every engine event. Its format is described in
`docs/export-format.md`; `FORMAT_VERSION` is the `schema_version` it carries.

Shared by the export and import (`export`) and the sheet renderings (`sheet_formats`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import AwareDatetime, Field

from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.store.import_checks import FORMAT, FORMAT_VERSION, ExportedSeat, Strict
from dicepoker_tui.store.records import GameStatus

__all__ = ["FORMAT", "FORMAT_VERSION", "ExportedGame", "ExportedPlayer", "ExportedSheet"]


class ExportedPlayer(ExportedSeat):
    """A seat and, once the game is finished, its result."""

    total: int | None = Field(default=None, description="Final total; null while unfinished.")
    place: int | None = Field(default=None, description="1 is best; ties share a place.")
    settlement: float | None = Field(
        default=None, description="Total minus the average of all totals."
    )


class ExportedSheet(Strict):
    """A player's sheet as the events leave it."""

    player: int = Field(ge=0, description="Seat index.")
    scores: dict[str, int] = Field(description="Filled boxes by box id.")
    bonuses: dict[str, int] = Field(description="Bonus points by bonus id.")
    bank: int = Field(description="Throws in the bank (roll-bank variants).")
    total: int = Field(description="Boxes plus bonuses.")


class ExportedGame(Strict):
    """One game, complete: everything needed to rebuild, check and show it."""

    format: Literal["dicepoker-game"] = FORMAT
    schema_version: int = Field(FORMAT_VERSION, description="Version of this file format.")
    id: int | None = Field(default=None, description="Id in the history it was exported from.")
    variant: str
    status: GameStatus
    started_at: AwareDatetime
    updated_at: AwareDatetime = Field(description="When the last event happened.")
    finished_at: AwareDatetime | None = None
    seed: int
    real_dice: bool
    players: list[ExportedPlayer]
    sheets: list[ExportedSheet]
    events: list[ev.Event]
