"""Events of the bidding family (a pydantic discriminated union on `type`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from dicepoker_tui.engine.players import Player, Standing


class _Event(BaseModel):
    model_config = {"frozen": True, "extra": "forbid"}


class GameStarted(_Event):
    type: Literal["game_started"] = "game_started"
    variant: str
    players: list[Player]
    seed: int


class RoundStarted(_Event):
    """Every cup is thrown. `cups` is secret: a player's view shows only their own."""

    type: Literal["round_started"] = "round_started"
    round: int
    starter: int
    palifico: bool = False
    cups: list[tuple[int, ...]]


class BidMade(_Event):
    type: Literal["bid_made"] = "bid_made"
    player: int
    quantity: int
    face: int


class CupsRevealed(_Event):
    """A challenge or calza lifted the cups: how many dice matched the bid."""

    type: Literal["cups_revealed"] = "cups_revealed"
    player: int = Field(description="Who challenged or called calza.")
    call: Literal["challenge", "calza"]
    quantity: int
    face: int
    bidder: int
    actual: int = Field(description="Dice on the table that count for the bid.")
    cups: list[tuple[int, ...]]


class DiceCountChanged(_Event):
    """A player lost a die (delta -1) or won one back with a calza (+1)."""

    type: Literal["dice_count_changed"] = "dice_count_changed"
    player: int
    delta: int
    dice_left: int


class PlayerOut(_Event):
    type: Literal["player_out"] = "player_out"
    player: int


class GameFinished(_Event):
    type: Literal["game_finished"] = "game_finished"
    standings: list[Standing]


Event = Annotated[
    GameStarted
    | RoundStarted
    | BidMade
    | CupsRevealed
    | DiceCountChanged
    | PlayerOut
    | GameFinished,
    Field(discriminator="type"),
]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
