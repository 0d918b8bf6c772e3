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
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.hub.base import HubBase
from dicepoker_tui.net.hub.model import Identity, PeerState, Table

PARKED = N_("Nobody played here for a while: the game is kept for its players.")
"""Why the spectators of a table being parked are sent to the lobby."""


class Parking(HubBase):
    """The timers of tables nobody plays at, and the parked games (uses the tables,
    bots, recording and broadcast)."""

    def _abandon_later(self, table: Table) -> None:
        """None of `table`'s players is at it: it closes or is parked after its grace."""
        if table.abandon_handle is None:
            limits = self.limits
            grace = limits.waiting_grace if table.status == "waiting" else limits.abandoned_grace
            loop = asyncio.get_running_loop()
            table.abandon_handle = loop.call_later(grace, self._abandoned, table)

    def _abandoned(self, table: Table) -> None:
        """The grace is over: a game in play is parked, any other table closes."""
        table.abandon_handle = None
        if self.tables.get(table.id) is not table or self._present_seats(table):
            return
        if table.status == "playing":
            self._park(table)
        else:
            self._close(table)

    def _park(self, table: Table) -> None:
        self._stop_bots(table)
        table.deadline_seat = table.ended_deadline = None
        recorder = table.recorder
        if recorder is not None:
            recorder.flush()  # type: ignore[attr-defined]
        del self.tables[table.id]
        table.last_info = None
        self.parked[table.id] = table
        for peer in self._peers_at(table):
            self._peers[peer].table = None
            self._peers[peer].playing = False
            peer.send(p.Left(table=table.id, reason=PARKED))
        self._bound_parked(table)
        self._lobby_changed()

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
        self._stop_recording(table, abandoned=True)

    def _open_or_parked(self, state: PeerState, table_id: str) -> Table:
        """The table `table_id`; a parked game of the player in `state` comes back among
        the tables first, its bots and clock going on."""
        table = self.parked.get(table_id)
        who = state.identity
        if table is None or who is None or not any(s.owned_by(who) for s in table.seats):
            return self._table(table_id)
        self._room_for(who.nick, state.address)  # the caps of a new table hold here too
        del self.parked[table_id]
        self.tables[table_id] = table
        self._schedule(table)
        return table

    def _lobby_for(self, who: Identity | None, tables: list[p.TableInfo]) -> p.Lobby:
        """The lobby `who` is shown: the open `tables`, and their own parked games."""
        seated = self._seated(who)
        if who is None or not self.parked:
            return p.Lobby(tables=tables, seated=seated)
        mine = [t for t in self.parked.values() if any(s.owned_by(who) for s in t.seats)]
        return p.Lobby(
            tables=tables + [self._info(t) for t in mine],
            seated=seated + [t.id for t in mine],
        )

    def _close_parked(self) -> None:
        """Server shutdown: every parked game is left (kept in the history)."""
        for table in list(self.parked.values()):
            self._drop_parked(table)
