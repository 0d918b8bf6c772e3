"""`Session`: what every family's game facade shares — start, resume, read, subscribe, act."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar

from dicepoker_tui.engine.core import Engine, Family, Subscriber, fold
from dicepoker_tui.engine.dice import DiceSource, SeededDice, new_seed
from dicepoker_tui.engine.players import Player

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")


def seats(players: Sequence[Player | str]) -> list[Player]:
    """Players as given; plain names become human seats."""
    return [p if isinstance(p, Player) else Player(name=p) for p in players]


class Session(Generic[S, C, E]):
    """A game of one family: commands in, events out, state always the fold of the events.

    Subclasses set `family` and add their own command methods.
    """

    family: ClassVar[Family[Any, Any, Any]]

    def __init__(self, dice: DiceSource | None = None) -> None:
        self._engine: Engine[S, C, E] = Engine(self.family, dice or SeededDice(0))

    @classmethod
    def _begin(cls, start: C, seed: int, dice: DiceSource | None) -> Self:
        session = cls(dice or SeededDice(seed))
        session.execute(start)
        return session

    @staticmethod
    def _seed(seed: int | None) -> int:
        return new_seed() if seed is None else seed

    @classmethod
    def from_events(cls, events: Iterable[E], dice: DiceSource | None = None) -> Self:
        """Resume a game from its event list; dice continue from the recorded seed."""
        events = list(events)
        first = events[0] if events else None
        if getattr(first, "type", None) != "game_started":
            raise ValueError("an event list starts with game_started")
        session = cls(dice or SeededDice(first.seed))  # type: ignore[union-attr]
        session._engine.load(events)
        return session

    @property
    def state(self) -> S:
        return self._engine.state

    @property
    def events(self) -> Sequence[E]:
        return self._engine.events

    @property
    def finished(self) -> bool:
        return bool(self.state.finished)  # type: ignore[attr-defined]

    def subscribe(self, callback: Subscriber) -> object:
        return self._engine.subscribe(callback)

    def execute(self, command: C) -> list[E]:
        return self._engine.execute(command)

    @classmethod
    def replay(cls, events: Iterable[E]) -> S:
        """The state a list of events folds to."""
        state = fold(cls.family, events)
        if state is None:
            raise ValueError("no events")
        return state
