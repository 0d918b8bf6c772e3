"""The family-agnostic engine: commands are decided into events, events fold into state.

A game family supplies two pure functions:

- `decide(state, command, dice)` validates a command and returns the events it causes
  (raising `IllegalMove` and changing nothing when it is not allowed);
- `evolve(state, event)` folds one event into a new state.

The engine keeps the event list, the folded state and the subscribers. Because state
is only ever produced by `evolve`, `replay(events)` always equals the live state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, Protocol, TypeVar

from dicepoker_tui.engine.dice import DiceSource

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")

Subscriber = Callable[[E, S], None]


class Family(Protocol[S, C, E]):
    """The rules of one family of games, as two pure functions."""

    def decide(self, state: S | None, command: C, dice: DiceSource) -> list[E]: ...

    def evolve(self, state: S | None, event: E) -> S: ...


class Engine(Generic[S, C, E]):
    """Runs commands through a family's rules and tells subscribers what happened."""

    def __init__(self, family: Family[S, C, E], dice: DiceSource) -> None:
        self.family = family
        self.dice = dice
        self._state: S | None = None
        self._events: list[E] = []
        self._subscribers: list[Subscriber] = []

    @property
    def state(self) -> S:
        if self._state is None:
            raise RuntimeError("the game has not started")
        return self._state

    @property
    def started(self) -> bool:
        return self._state is not None

    @property
    def events(self) -> Sequence[E]:
        return tuple(self._events)

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call `callback(event, state_after)` for every new event; returns an unsubscribe."""
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback)

    def execute(self, command: C) -> list[E]:
        """Validate and apply a command. On `IllegalMove` nothing changes."""
        new_events = self.family.decide(self._state, command, self.dice)
        state = self._state
        folded = []
        for event in new_events:
            state = self.family.evolve(state, event)
            folded.append((event, state))
        # Commit only once every event has folded cleanly.
        for event, after in folded:
            self._events.append(event)
            self._state = after
            for callback in list(self._subscribers):
                callback(event, after)
        return new_events

    def load(self, events: Iterable[E]) -> None:
        """Take over an existing event list (resume or import); subscribers are not told."""
        self._events = list(events)
        self._state = fold(self.family, self._events)


def fold(family: Family[S, C, E], events: Iterable[E]) -> S | None:
    """The state after `events`: a pure left fold of `family.evolve`."""
    state: S | None = None
    for event in events:
        state = family.evolve(state, event)
    return state
