"""Bots and the turn timeout: a driver task plays bot seats (and timed-out turns) at a
pace people can follow; a timer hands a human's turn to a bot, or scratches it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from dicepoker_tui.engine import errors
from dicepoker_tui.engine.session import Session
from dicepoker_tui.family import Bot, bot_driver, family_of
from dicepoker_tui.family.prepared import TablesNotPrepared, prepared_only, release_pages
from dicepoker_tui.i18n import N_
from dicepoker_tui.net.hub.broadcast import Broadcast
from dicepoker_tui.net.hub.model import Refusal, Table

log = logging.getLogger(__name__)


def check_tables(variant_id: str, levels: list[str]) -> None:
    """Refused when the bots of `levels` read solver tables this server has not
    prepared (a server never builds them for a guest: minutes of CPU and memory)."""
    if not family_of(variant_id).tables_ready(variant_id, levels):
        raise Refusal(
            "tables_not_prepared",
            N_(
                "The server has not prepared the tables for {variant}; the host can run "
                "`dicepoker solve --variant {variant} --winner`."
            ),
            variant=variant_id,
        )


def _choose(game: Session, seat: int, bot: Bot) -> Any:
    """A bot's move; then the pages of solver tables it read leave the server's memory
    (they stay in the page cache, shared with the session apps)."""
    try:
        return bot_driver.choose(game, seat, bot)
    finally:
        if prepared_only():
            release_pages()


def to_act(game: Session) -> int | None:
    """The seat to act now, in any family (None when nobody is to act)."""
    return family_of(game.state.variant).to_act(game.state)


Execute = Callable[[Table, Any, str], None]
"""Applies a move at a table: `(table, command, by)` (see `play.Play.execute`)."""


class Bots:
    """The bot driver and turn timer of every open table: `pace` seconds a bot's move
    (times the family's pause factor); moves go to `execute`, notices to `broadcast`."""

    def __init__(
        self, tables: dict[str, Table], broadcast: Broadcast, execute: Execute, pace: float
    ) -> None:
        self.tables = tables
        self.broadcast = broadcast
        self.execute = execute
        self.pace = pace

    def schedule(self, table: Table) -> None:
        """After any change: let a bot act, or arm the turn timeout for a new turn (a
        move within the turn, an undo among them, leaves the running timeout alone)."""
        game = table.game
        current = to_act(game) if game is not None and not game.finished else None
        if current is None:
            self.cancel_deadline(table)
            return
        seat = table.seats[current]
        if seat.kind == "bot" or table.takeover == current:
            self.cancel_deadline(table)
            if table.driver is None or table.driver.done():
                table.driver = asyncio.get_running_loop().create_task(self.drive(table))
            return
        if not table.turn_timeout:
            return
        if table.deadline_handle is not None and table.deadline_seat == current:
            return
        self.cancel_deadline(table)
        loop = asyncio.get_running_loop()
        delay: float = table.turn_timeout
        resumed = table.ended_deadline
        if resumed is not None and resumed[0] == current:  # a turn given back by an undo
            delay = max(0.5, resumed[1] - loop.time())
            table.ended_deadline = None
        table.deadline_handle = loop.call_later(delay, self.timed_out, table)
        table.deadline_seat = current

    def cancel_deadline(self, table: Table) -> None:
        if table.deadline_handle is not None:
            table.deadline_handle.cancel()
            table.deadline_handle = None

    def timed_out(self, table: Table) -> None:
        table.deadline_handle = None
        game = table.game
        if game is None or game.finished or self.tables.get(table.id) is not table:
            return
        seat = to_act(game)
        if seat is None:
            return
        table.takeover = seat
        name = table.seats[seat].name or ""
        if table.timeout_action == "bot":
            self.broadcast.notice(
                table, N_("Time is up for {name}: a bot plays this turn."), name=name
            )
        else:
            self.broadcast.notice(
                table, N_("Time is up for {name}: scratching this turn."), name=name
            )
        self.schedule(table)
        self.broadcast.changed(table)

    async def drive(self, table: Table) -> None:
        """Play bot seats (and timed-out turns) at a pace people can follow."""
        bots: dict[int, Bot] = {}
        spec = family_of(table.variant)
        try:
            while self.tables.get(table.id) is table and table.game and not table.game.finished:
                game = table.game
                seat_no = game.current
                seat = table.seats[seat_no]
                if seat.kind != "bot" and table.takeover != seat_no:
                    return
                await asyncio.sleep(self.pace * spec.pause_factor(game))
                if table.game is not game or game.finished or game.current != seat_no:
                    continue
                before = len(game.events)
                if seat.kind != "bot" and table.timeout_action == "scratch":
                    command, by = spec.fallback_move(game), "timeout"
                else:
                    level = seat.level if seat.kind == "bot" and seat.level else None
                    bot = bots.get(seat_no) or spec.make_bot(level or spec.timeout_level)
                    bots[seat_no] = bot
                    try:
                        command = await asyncio.to_thread(_choose, game, seat_no, bot)
                    except TablesNotPrepared:  # gone since the table opened: never built here
                        log.warning("table %s: no prepared solver tables", table.id)
                        bots[seat_no] = spec.make_bot(spec.timeout_level)
                        continue
                    if len(game.events) != before or table.game is not game:
                        continue  # someone undid meanwhile: think again
                    by = seat.name if seat.kind == "bot" else "timeout"
                try:
                    self.execute(table, command, by or "bot")
                except errors.IllegalMove:
                    log.exception("a bot chose an illegal move at table %s", table.id)
                    self.execute(table, self.scratch(game), "timeout")
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot driver of table %s failed", table.id)
        finally:
            if asyncio.current_task() is table.driver:
                table.driver = None

    @staticmethod
    def scratch(game: Session) -> Any:
        """The family's rule-safe move for the seat to act (a scratched turn)."""
        return family_of(game.state.variant).fallback_move(game)

    def stop(self, table: Table) -> None:
        """No more bot moves or timeouts at `table` (it closes)."""
        self.cancel_deadline(table)
        if table.driver is not None:
            table.driver.cancel()
