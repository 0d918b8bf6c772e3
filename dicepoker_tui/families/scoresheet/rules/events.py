"""Events of the scoresheet family, a pydantic discriminated union on `type`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, TypeAdapter, model_serializer

from dicepoker_tui.engine.players import Player, Standing


class _Event(BaseModel):
    model_config = {"frozen": True, "extra": "forbid"}


class GameStarted(_Event):
    """A game begins: the variant, the seats, the dice seed and whether dice are real."""

    type: Literal["game_started"] = "game_started"
    variant: str
    players: list[Player]
    seed: int
    real_dice: bool = False
    rules: dict[str, Any] | None = Field(
        default=None, description="A house variant's full definition (none for a built-in)."
    )

    @model_serializer(mode="wrap")
    def _without_empty_rules(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data = handler(self)
        if data.get("rules") is None:
            data.pop("rules", None)
        return data


class TurnStarted(_Event):
    """A player's turn begins."""

    type: Literal["turn_started"] = "turn_started"
    player: int
    round: int = Field(description="1-based round number.")


class DiceHeld(_Event):
    """A die was held (kept for the next throw) or released."""

    type: Literal["dice_held"] = "dice_held"
    player: int
    index: int = Field(ge=0, description="0-based position of the die.")
    held: bool


class DiceThrown(_Event):
    """Dice were thrown; `kept` are the positions that stayed on the table."""

    type: Literal["dice_thrown"] = "dice_thrown"
    player: int
    throw: int = Field(description="1-based throw number within the turn.")
    kept: list[int] = Field(default_factory=list)
    dice: tuple[int, ...]
    from_bank: bool = Field(default=False, description="An extra throw paid from the bank.")


class BoxWritten(_Event):
    """The dice were written into a box for `points`."""

    type: Literal["box_written"] = "box_written"
    player: int
    box: str
    dice: tuple[int, ...]
    throws: int = Field(description="Throws made in the turn before writing.")
    points: int
    joker: bool = False


class BonusAwarded(_Event):
    """A bonus was added to a sheet."""

    type: Literal["bonus_awarded"] = "bonus_awarded"
    player: int
    bonus: str
    label: str
    points: int


class ThrowsBanked(_Event):
    """Unused throws of a turn went into the player's bank."""

    type: Literal["throws_banked"] = "throws_banked"
    player: int
    count: int


class StageFinished(_Event):
    """A player filled every box of a stage."""

    type: Literal["stage_finished"] = "stage_finished"
    player: int
    stage: int
    subtotal: int


class WriteUndone(_Event):
    """The last write was taken back; the state returns to just before it."""

    type: Literal["write_undone"] = "write_undone"
    player: int
    box: str


class GameFinished(_Event):
    """Every box of every sheet is filled."""

    type: Literal["game_finished"] = "game_finished"
    standings: list[Standing]


Event = Annotated[
    GameStarted
    | TurnStarted
    | DiceHeld
    | DiceThrown
    | BoxWritten
    | BonusAwarded
    | ThrowsBanked
    | StageFinished
    | WriteUndone
    | GameFinished,
    Field(discriminator="type"),
]

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
EVENT_LIST_ADAPTER: TypeAdapter[list[Event]] = TypeAdapter(list[Event])
