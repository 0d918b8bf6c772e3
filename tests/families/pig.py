"""Pig, a toy third family defined only here: one die; roll to add to the turn total, a 1
loses it; hold to bank it; the first to reach the target wins.

Nothing in the package knows this family: it is built from the engine's `Session`, the
family registry's `FamilySpec` and the store's event-log repository, and registered at
run time, to prove that a family plugs in as new code only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

from dicepoker_tui.engine import errors
from dicepoker_tui.engine.dice import DiceSource
from dicepoker_tui.engine.players import Player, Standing
from dicepoker_tui.engine.session import Session, seats
from dicepoker_tui.family import FamilySpec, GameSetup, VariantLike
from dicepoker_tui.store.event_logs import EventLogRepository

TARGET = 50


# -- commands and events --------------------------------------------------------------
class Start(BaseModel):
    type: Literal["pig_start"] = "pig_start"
    variant: str
    players: list[Player]
    seed: int


class Roll(BaseModel):
    type: Literal["pig_roll"] = "pig_roll"
    player: int


class Bank(BaseModel):
    type: Literal["pig_bank"] = "pig_bank"
    player: int


Command = Start | Roll | Bank


class GameStarted(BaseModel):
    type: Literal["game_started"] = "game_started"
    variant: str
    players: list[Player]
    seed: int


class Rolled(BaseModel):
    type: Literal["rolled"] = "rolled"
    player: int
    face: int


class Banked(BaseModel):
    type: Literal["banked"] = "banked"
    player: int
    points: int


class GameFinished(BaseModel):
    type: Literal["game_finished"] = "game_finished"
    standings: list[Standing]


Event = Annotated[GameStarted | Rolled | Banked | GameFinished, Field(discriminator="type")]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)


# -- state and rules ------------------------------------------------------------------
class PigState(BaseModel):
    variant: str
    players: list[Player]
    seed: int
    scores: list[int]
    current: int | None = 0
    turn_total: int = 0
    rolls: int = 0
    standings: list[Standing] | None = None

    @property
    def finished(self) -> bool:
        return self.standings is not None


class PigRules:
    """The two pure functions of the engine's `Family` protocol."""

    def decide(self, state: PigState | None, command: Command, dice: DiceSource) -> list[Any]:
        if isinstance(command, Start):
            if state is not None:
                raise errors.BadSetup("The game has started.")
            if not 1 <= len(command.players) <= 4:
                raise errors.BadSetup("Pig needs 1 to 4 players.")
            started = GameStarted(
                variant=command.variant, players=command.players, seed=command.seed
            )
            return [started]
        if state is None:
            raise errors.NotStarted("The game has not started.")
        if state.finished:
            raise errors.GameOver("The game is over.")
        if command.player != state.current:
            raise errors.OutOfTurn("It is not your turn.")
        if isinstance(command, Roll):
            (face,) = dice.roll(1, state.rolls)
            return [Rolled(player=command.player, face=face)]
        if state.turn_total == 0:
            raise errors.IllegalMove("Roll at least once before you bank.")
        events: list[Any] = [Banked(player=command.player, points=state.turn_total)]
        total = state.scores[command.player] + state.turn_total
        if total >= TARGET:
            scores = list(state.scores)
            scores[command.player] = total
            events.append(
                GameFinished(
                    standings=[
                        Standing(
                            player=i,
                            total=t,
                            place=1 + sum(1 for o in scores if o > t),
                            settlement=round(t - sum(scores) / len(scores), 2),
                        )
                        for i, t in enumerate(scores)
                    ]
                )
            )
        return events

    def evolve(self, state: PigState | None, event: Any) -> PigState:
        if isinstance(event, GameStarted):
            return PigState(
                variant=event.variant,
                players=event.players,
                seed=event.seed,
                scores=[0] * len(event.players),
            )
        assert state is not None
        n = len(state.players)
        if isinstance(event, Rolled):
            if event.face == 1:
                return state.model_copy(
                    update={
                        "turn_total": 0,
                        "current": (event.player + 1) % n,
                        "rolls": state.rolls + 1,
                    }
                )
            return state.model_copy(
                update={"turn_total": state.turn_total + event.face, "rolls": state.rolls + 1}
            )
        if isinstance(event, Banked):
            scores = list(state.scores)
            scores[event.player] += event.points
            return state.model_copy(
                update={"scores": scores, "turn_total": 0, "current": (event.player + 1) % n}
            )
        return state.model_copy(update={"standings": event.standings, "current": None})


class PigGame(Session[PigState, Command, Any]):
    family = PigRules()

    @classmethod
    def new(cls, variant: str, players: Sequence[Player | str], seed: int) -> PigGame:
        return cls._begin(Start(variant=variant, players=seats(players), seed=seed), seed, None)

    @property
    def current(self) -> int:
        if self.state.current is None:
            raise errors.GameOver("The game is over.")
        return self.state.current


# -- the variant, the bots and the spec -------------------------------------------------
@dataclass(frozen=True)
class PigVariant:
    id: str = "pig"
    name: str = "Pig"
    description: str = "One die: roll to add, a 1 loses the turn, hold to bank."
    rules_text: str = "PIG\n\nRoll one die as often as you like; a 1 loses the turn.\n"
    family: str = "pig"

    @property
    def display_name(self) -> str:
        return self.name

    @property
    def display_description(self) -> str:
        return self.description

    @property
    def display_rules(self) -> str:
        return self.rules_text


@dataclass
class HoldAt:
    """Banks once the turn total reaches `limit` (or the points win the game)."""

    limit: int
    level: str = "steady"
    rng: random.Random | None = None

    def wants_roll(self, state: PigState) -> bool:
        seat = state.current or 0
        if state.scores[seat] + state.turn_total >= TARGET:
            return False
        return state.turn_total < self.limit


class PigSpec(FamilySpec):
    id = "pig"
    min_seats = 1
    max_seats = 4
    default_level = "steady"
    timeout_level = "steady"
    session_class = PigGame
    turn_events = frozenset({"banked", "game_finished"})
    broken_bot = False
    """Set by a test: the bot then chooses a move the rules refuse."""

    def variants(self) -> Sequence[VariantLike]:
        return [PigVariant()]

    def variant(self, variant_id: str) -> VariantLike:
        if variant_id != "pig":
            raise KeyError(variant_id)
        return PigVariant()

    def summary(self, variant: VariantLike) -> str:
        return f"First to {TARGET}."

    def setup_problem(self, setup: GameSetup) -> str | None:
        return "Pig is played with the app's die." if setup.real_dice else None

    def new_game(self, setup: GameSetup) -> PigGame:
        return PigGame.new(setup.variant, list(setup.seats), seed=setup.seed or 0)

    def resume(self, events: Sequence[Any]) -> PigGame:
        return PigGame.from_events(events)

    @property
    def event_adapter(self) -> TypeAdapter:
        return EVENT_ADAPTER

    @property
    def command_types(self) -> tuple[type, ...]:
        return (Roll, Bank)

    def to_act(self, state: Any) -> int | None:
        return state.current

    def game_over_notice(self, game: Session) -> tuple[str, dict[str, str | int]]:
        names = ", ".join(game.state.players[s].name for s in self.winners(game))
        return "Game over: {name} wins.", {"name": names}

    def view(self, events: Sequence[Any], seat: int | None) -> list[Any]:
        return [
            e.model_copy(update={"seed": 0}) if isinstance(e, GameStarted) else e for e in events
        ]

    def bot_levels(self) -> list[str]:
        return ["steady", "bold"]

    def make_bot(self, level: str, seed: int | None = None) -> HoldAt:
        limits = {"steady": 15, "bold": 25}
        if level not in limits:
            raise KeyError(f"unknown bot level {level!r} (known: {', '.join(limits)})")
        return HoldAt(limits[level], level)

    def bot_move(self, game: Session, seat: int, bot: Any) -> Any:
        if self.broken_bot:
            return Bank(player=seat) if game.state.turn_total == 0 else Roll(player=seat + 1)
        return Roll(player=seat) if bot.wants_roll(game.state) else Bank(player=seat)

    def fallback_move(self, game: Session) -> Any:
        seat = game.state.current
        return Bank(player=seat) if game.state.turn_total else Roll(player=seat)

    def repository(self, store: Any) -> EventLogRepository:
        return EventLogRepository(store.db, EVENT_ADAPTER)
