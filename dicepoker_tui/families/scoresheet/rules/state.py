"""Scoresheet game state and the fold that builds it from events."""

from __future__ import annotations

from pydantic import BaseModel, Field

from dicepoker_tui.engine.players import Player, Standing
from dicepoker_tui.families.scoresheet.rules import events as ev


class Sheet(BaseModel):
    """One player's scoresheet."""

    scores: dict[str, int] = Field(default_factory=dict, description="Filled boxes by id.")
    bonuses: dict[str, int] = Field(default_factory=dict, description="Bonus points by id.")
    bank: int = Field(default=0, description="Banked throws (roll-bank variants).")

    @property
    def total(self) -> int:
        return sum(self.scores.values()) + sum(self.bonuses.values())

    def filled(self, box: str) -> bool:
        return box in self.scores


class Turn(BaseModel):
    """The turn in progress."""

    player: int
    round: int
    throws: int = 0
    dice: tuple[int, ...] | None = None
    held: tuple[bool, ...] = (False, False, False, False, False)


class GameState(BaseModel):
    """Everything about a game, folded from its events."""

    variant: str
    players: list[Player]
    seed: int
    real_dice: bool = False
    sheets: list[Sheet]
    turn: Turn | None = None
    throw_count: int = Field(default=0, description="Throws made in the whole game.")
    standings: list[Standing] | None = None
    undo: GameState | None = Field(
        default=None, description="State just before the last write, while it may be undone."
    )

    @property
    def finished(self) -> bool:
        return self.standings is not None

    @property
    def current(self) -> int | None:
        return None if self.turn is None else self.turn.player


def evolve(state: GameState | None, event: ev.Event) -> GameState:
    """Fold one event into a new state. Knows no rule of any variant."""
    if isinstance(event, ev.GameStarted):
        return GameState(
            variant=event.variant,
            players=list(event.players),
            seed=event.seed,
            real_dice=event.real_dice,
            sheets=[Sheet() for _ in event.players],
        )
    if state is None:
        raise ValueError(f"{event.type} before game_started")
    if isinstance(event, ev.WriteUndone):
        if state.undo is None:
            raise ValueError("write_undone with nothing to undo")
        return state.undo

    snapshot = state.undo
    new = state.model_copy(update={"undo": None}, deep=True)
    new.undo = snapshot
    match event:
        case ev.TurnStarted():
            new.turn = Turn(player=event.player, round=event.round)
        case ev.DiceHeld():
            turn = _turn(new)
            held = list(turn.held)
            held[event.index] = event.held
            turn.held = tuple(held)
            new.undo = None
        case ev.DiceThrown():
            turn = _turn(new)
            turn.throws = event.throw
            turn.dice = tuple(event.dice)
            turn.held = tuple(i in event.kept for i in range(len(event.dice)))
            new.throw_count += 1
            if event.from_bank:
                new.sheets[event.player].bank -= 1
            new.undo = None
        case ev.BoxWritten():
            new.sheets[event.player].scores[event.box] = event.points
            new.undo = state.model_copy(update={"undo": None})
        case ev.BonusAwarded():
            bonuses = new.sheets[event.player].bonuses
            bonuses[event.bonus] = bonuses.get(event.bonus, 0) + event.points
        case ev.ThrowsBanked():
            new.sheets[event.player].bank += event.count
        case ev.StageFinished():
            pass
        case ev.GameFinished():
            new.standings = list(event.standings)
            new.turn = None
            new.undo = None
        case _:
            raise ValueError(f"unknown event {event!r}")
    return new


def _turn(state: GameState) -> Turn:
    if state.turn is None:
        raise ValueError("dice event outside a turn")
    return state.turn
