"""Tables nobody plays at: each closes, or is parked, after a bounded time.

A table none of its seated players is at gets a timer: a waiting one closes after
`HubLimits.waiting_grace`, a started one after `HubLimits.abandoned_grace` (a finished
game closes; a game in play is *parked*). A player who comes back before the timer finds
the table as it was.

A parked game leaves the open tables (it no longer counts against `max_tables` or the
caps of its opener) but stays unfinished in the history, its bots and clocks stopped.
Only its seated players see it, in their lobby; the first to sit down again brings it
back as it was. What is parked is bounded: per seated nickname and per opener's address
as many as that may open, and `max_tables` in all; beyond, the oldest is dropped (kept
in the history as left).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from dicepoker_tui.i18n import N_
from dicepoker_tui.net.hub.base import HubLimits
from dicepoker_tui.net.hub.bots import Bots
from dicepoker_tui.net.hub.broadcast import Broadcast
from dicepoker_tui.net.hub.model import Identity, Table
from dicepoker_tui.net.hub.recording import Recording

PARKED = N_("Nobody played here for a while: the game is kept for its players.")
"""Why the spectators of a table being parked are sent to the lobby."""


class Parking:
    """The timers of tables nobody plays at, and the parked games (its own state: the
    `parked` dict the hub shares with `Broadcast`); `close` closes an open table."""

    def __init__(
        self,
        limits: HubLimits,
        tables: dict[str, Table],
        parked: dict[str, Table],
        broadcast: Broadcast,
        bots: Bots,
        recording: Recording,
        close: Callable[[Table], None],
    ) -> None:
        self.limits = limits
        self.tables = tables
        self.parked = parked
        """Games in play nobody was at for `abandoned_grace`, oldest first."""
        self.broadcast = broadcast
        self.bots = bots
        self.recording = recording
        self.close = close

    def abandon_later(self, table: Table) -> None:
        """None of `table`'s players is at it: it closes or is parked after its grace."""
        if table.abandon_handle is None:
            limits = self.limits
            grace = limits.waiting_grace if table.status == "waiting" else limits.abandoned_grace
            loop = asyncio.get_running_loop()
            table.abandon_handle = loop.call_later(grace, self.abandoned, table)

    def abandoned(self, table: Table) -> None:
        """The grace is over: a game in play is parked, any other table closes."""
        table.abandon_handle = None
        if self.tables.get(table.id) is not table or self.broadcast.present_seats(table):
            return
        if table.status == "playing":
            self.park(table)
        else:
            self.close(table)

    def park(self, table: Table) -> None:
        self.bots.stop(table)
        table.deadline_seat = table.ended_deadline = None
        self.recording.flush(table)
        del self.tables[table.id]
        table.last_info = None
        self.parked[table.id] = table
        self.broadcast.send_away(table, PARKED)
        self._bound_parked(table)
        self.broadcast.lobby_changed()

    def _bound_parked(self, table: Table) -> None:
        """Drop the oldest parked games beyond the bounds `table`'s parking may pass."""
        limits = self.limits
        for seat in table.seats:
            if seat.kind == "human" and seat.name:
                owner = Identity(seat.name, seat.fingerprint)
                self._drop_beyond(
                    lambda t, owner=owner: any(s.owned_by(owner) for s in t.seats),
                    limits.max_tables_per_nick,
                )
        if table.creator_address is not None:
            self._drop_beyond(
                lambda t: t.creator_address == table.creator_address,
                limits.max_tables_per_address,
            )
        self._drop_beyond(lambda t: True, limits.max_tables)

    def _drop_beyond(self, among: Callable[[Table], bool], keep: int) -> None:
        those = [t for t in self.parked.values() if among(t)]
        for old in those[: max(0, len(those) - keep)]:
            self._drop_parked(old)

    def _drop_parked(self, table: Table) -> None:
        """A parked game is let go: the history keeps it, as left."""
        self.parked.pop(table.id, None)
        self.recording.stop(table, abandoned=True)

    def theirs(self, table_id: str, who: Identity | None) -> Table | None:
        """The parked game `table_id` if `who` holds a seat at it, else None."""
        table = self.parked.get(table_id)
        if table is None or who is None or not any(s.owned_by(who) for s in table.seats):
            return None
        return table

    def unpark(self, table: Table) -> None:
        """A parked game comes back among the open tables, its bots and clock going on."""
        del self.parked[table.id]
        self.tables[table.id] = table
        self.bots.schedule(table)

    def close_all(self) -> None:
        """Server shutdown: every parked game is left (kept in the history)."""
        for table in list(self.parked.values()):
            self._drop_parked(table)
