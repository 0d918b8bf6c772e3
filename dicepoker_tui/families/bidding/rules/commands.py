"""Commands of the bidding family."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from dicepoker_tui.engine.players import Player


class _Command(BaseModel):
    model_config = {"frozen": True}


class Start(_Command):
    type: Literal["start"] = "start"
    variant: str
    players: list[Player]
    seed: int


class Bid(_Command):
    """Raise the bid to `quantity` dice showing `face`."""

    type: Literal["bid"] = "bid"
    player: int
    quantity: int
    face: int


class Challenge(_Command):
    """Doubt the last bid ("dudo")."""

    type: Literal["challenge"] = "challenge"
    player: int


class Calza(_Command):
    """Claim the last bid is exactly right."""

    type: Literal["calza"] = "calza"
    player: int


Command = Annotated[Start | Bid | Challenge | Calza, Field(discriminator="type")]
