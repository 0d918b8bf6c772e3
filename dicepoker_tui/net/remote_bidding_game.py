"""`RemoteBiddingGame`: a hub table's Perudo or Liar's Dice game, seen from one seat.

The same interface as the local `BiddingGame`. Its state is the recipient's private
view: the hub sends every other cup as zeros until `cups_revealed` lifts them all. A
bid, challenge or calza is checked here with the pure rules first (an illegal one raises
`IllegalMove` at once) and then sent; the hub's events come back through `subscribe`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from dicepoker_tui.engine import errors
from dicepoker_tui.engine.bidding import commands as cmd
from dicepoker_tui.engine.bidding import events as ev
from dicepoker_tui.engine.bidding.game import FAMILY, BiddingGame
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.remote_game import MirrorEngine, PlaceholderDice


class RemoteBiddingGame(BiddingGame):
    """The bidding game at a hub table (a spectator's mirror has no cup at all)."""

    remote = True
    """Bots and timeouts are run by the hub: a table screen must not drive them."""

    def __init__(
        self,
        table: p.TableInfo,
        seats: Iterable[int],
        send: Callable[[p.Act], None],
        events: Iterable[ev.Event] = (),
    ) -> None:
        super().__init__(PlaceholderDice())
        self._engine = MirrorEngine(FAMILY, PlaceholderDice())  # type: ignore[arg-type]
        self.table = table
        self.seats = frozenset(seats)
        self.last_by: str | None = None
        self._send = send
        self._next_ref = 1
        events = list(events)
        if events:
            self._engine.load(events)

    @property
    def started(self) -> bool:
        return self._engine.started

    @property
    def spectator(self) -> bool:
        return not self.seats

    @property
    def seat(self) -> int | None:
        """The seat this mirror plays (None: watching)."""
        return min(self.seats) if self.seats else None

    def my_turn(self) -> bool:
        state = self._engine._state
        return state is not None and state.to_act in self.seats

    def apply(self, events: Iterable[ev.Event], by: str | None = None) -> None:
        """Fold events from the hub and tell subscribers."""
        self.last_by = by
        self._engine.apply(events)  # type: ignore[arg-type]

    def execute(self, command: cmd.Command) -> list[ev.Event]:
        """Check `command` locally and send it; the events arrive later through `subscribe`."""
        if isinstance(command, cmd.Start):
            raise errors.BadSetup("The table starts its own game.")
        if not self.started:
            raise errors.NotStarted("The game starts when every seat is taken.")
        if self.spectator:
            raise errors.IllegalMove("You are watching: only seated players play.")
        state = self.state
        if command.player not in self.seats:
            name = state.players[command.player].name
            if command.player == state.to_act:
                raise errors.OutOfTurn(f"It is {name}'s turn.")
            raise errors.IllegalMove(f"That seat is {name}'s.")
        FAMILY.decide(state, command, PlaceholderDice())
        ref = self._next_ref
        self._next_ref += 1
        self._send(p.Act(table=self.table.id, command=command, ref=ref))
        return []
