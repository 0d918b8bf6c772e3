"""`MirroredSession`: a table's game on the hub, with the interface of its family's local
game (each family mixes it in before its facade, in its `mirror` module).

It keeps a mirror of the state, folded from the events the hub sends. A command is
first checked here with the same pure `decide` (on placeholder dice, never used), so
an illegal move raises `IllegalMove` at once with the player's message; a legal one
is sent to the hub, and the authoritative events come back asynchronously and are
folded and published to subscribers, exactly like a local game's.

One command is on its way at a time. Keys pressed before its answer (a double ⏎, or
`1 2 r` typed quickly) queue up and are checked and sent in turn, each against the
state its predecessor left: a repeat that no longer fits (the box is written, the turn
has passed) is dropped quietly, as it was aimed at a screen that has since changed.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from dicepoker_tui.engine import errors
from dicepoker_tui.engine.core import Engine
from dicepoker_tui.engine.dice import Dice
from dicepoker_tui.i18n import _
from dicepoker_tui.net import protocol as p


class PlaceholderDice:
    """Dice for checking a throw's legality; the values are never shown or kept."""

    def roll(self, count: int, key: int) -> Dice:
        return (1,) * count


class MirrorEngine(Engine[Any, Any, Any]):
    """An engine whose events are decided elsewhere: it folds and publishes them."""

    def apply(self, events: Iterable[Any]) -> None:
        for event in events:
            after = self.family.evolve(self._state, event)
            self._events.append(event)
            self._state = after
            for callback in list(self._subscribers):
                callback(event, after)


QUEUE_MAX = 8
"""Commands kept while one is unanswered; keys beyond these are dropped."""
PATIENCE = 5.0
"""Seconds after which an unanswered command no longer holds the next ones back."""


class MirroredSession:
    """What a hub table's game shares in every family, mixed in before the local facade.

    The state is folded from the hub's events; a command is checked with the family's
    pure `decide` (on placeholder dice) and then sent, and returns no events itself.
    """

    remote = True
    """Bots and timeouts are run by the hub: a table screen must not drive them."""

    def __init__(
        self,
        table: p.TableInfo,
        seats: Iterable[int],
        send: Callable[[p.Act], None],
        events: Iterable[Any] = (),
    ) -> None:
        super().__init__(PlaceholderDice())  # type: ignore[call-arg]
        self._engine = MirrorEngine(self.family, PlaceholderDice())  # type: ignore[attr-defined]
        self.table = table
        self.seats = frozenset(seats)
        self.last_by: str | None = None
        """Who caused the latest events (nickname, bot name or 'timeout')."""
        self._send = send
        self._next_ref = 1
        self._pending: tuple[int, float] | None = None
        """(ref, when sent) of the command the hub has not answered yet."""
        self._queue: deque[Any] = deque()
        """Commands given meanwhile, sent in turn as the answers come."""
        events = list(events)
        if events:
            self._engine.load(events)

    @property
    def started(self) -> bool:
        return self._engine.started

    @property
    def spectator(self) -> bool:
        return not self.seats

    def _to_act(self, state: Any) -> int | None:
        """The seat to act in `state` (None between games)."""
        raise NotImplementedError

    def my_turn(self) -> bool:
        state = self._engine._state
        return state is not None and self._to_act(state) in self.seats

    def apply(self, events: Iterable[Any], by: str | None = None) -> None:
        """Fold events from the hub and tell subscribers; events of ours answer our command."""
        self.last_by = by
        self._engine.apply(events)
        mine = {self.table.seats[i].name for i in self.seats if i < len(self.table.seats)}
        if by is not None and by in mine and self._pending is not None:
            self._pending = None
            self._send_queued()

    def refused(self, ref: int | None) -> None:
        """The hub refused a command of ours: the ones given after it are dropped."""
        if self._pending is not None and ref == self._pending[0]:
            self._pending = None
            self._queue.clear()

    def _other_seat(self, command: Any, name: str) -> errors.IllegalMove:
        """The refusal for acting for a seat that is not ours."""
        if command.player == self._to_act(self._engine.state):
            return errors.OutOfTurn(_("It is {name}'s turn.").format(name=name))
        return errors.IllegalMove(_("That seat is {name}'s.").format(name=name))

    def execute(self, command: Any) -> list[Any]:
        """Check `command` locally and send it; the events arrive later through `subscribe`."""
        if getattr(command, "type", None) == "start":
            raise errors.BadSetup(_("The table starts its own game."))
        if not self.started:
            raise errors.NotStarted(_("The game starts when every seat is taken."))
        if self.spectator:
            raise errors.IllegalMove(_("You are watching: only seated players play."))
        state = self._engine.state
        if command.player not in self.seats:
            raise self._other_seat(command, state.players[command.player].name)
        if self._pending is not None and time.monotonic() - self._pending[1] > PATIENCE:
            self._pending = None
            self._queue.clear()
        if self._pending is not None:
            if len(self._queue) < QUEUE_MAX:
                self._queue.append(command)
            return []
        self._check_and_send(command)
        return []

    def _check_and_send(self, command: Any) -> None:
        self.family.decide(self._engine.state, command, PlaceholderDice())  # type: ignore[attr-defined]
        ref = self._next_ref
        self._next_ref += 1
        self._pending = (ref, time.monotonic())
        self._send(p.Act(table=self.table.id, command=command, ref=ref))

    def _send_queued(self) -> None:
        while self._queue and self._pending is None:
            command = self._queue.popleft()
            # given for the screen before the answer: dropped if it no longer fits
            with contextlib.suppress(errors.IllegalMove):
                self._check_and_send(command)
