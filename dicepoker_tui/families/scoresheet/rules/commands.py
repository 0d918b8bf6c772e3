"""Commands a player (or bot) gives in the scoresheet family."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from dicepoker_tui.engine.players import Player


class _Command(BaseModel):
    model_config = {"frozen": True}


class Start(_Command):
    """Start a game of `variant` with these seats."""

    type: Literal["start"] = "start"
    variant: str
    players: list[Player]
    seed: int
    real_dice: bool = False


class Throw(_Command):
    """Throw the dice not kept. `keep=None` keeps the held dice.

    `dice` gives all five values after the throw; only for real-dice games.
    """

    type: Literal["throw"] = "throw"
    player: int
    keep: list[int] | None = None
    dice: list[int] | None = None


class Hold(_Command):
    """Hold or release the die at `index` (0-based); `held=None` toggles."""

    type: Literal["hold"] = "hold"
    player: int
    index: int
    held: bool | None = None


class Write(_Command):
    """Write the dice on the table into `box`."""

    type: Literal["write"] = "write"
    player: int
    box: str


class Undo(_Command):
    """Take back the last write, allowed until the next throw."""

    type: Literal["undo"] = "undo"
    player: int


Command = Annotated[Start | Throw | Hold | Write | Undo, Field(discriminator="type")]
