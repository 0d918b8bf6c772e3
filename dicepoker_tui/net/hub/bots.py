"""Bots and the turn timeout: a driver task plays bot seats (and timed-out turns) at a
pace people can follow; a timer hands a human's turn to a bot, or scratches it."""

from __future__ import annotations

import asyncio
import logging

from dicepoker_tui.ai.bidding_bots import (
    CallCalza,
    CallChallenge,
    bidding_bot_levels,
    make_bidding_bot,
)
from dicepoker_tui.ai.bots import KeepAndThrow, WriteBox, make_bot
from dicepoker_tui.engine import errors
from dicepoker_tui.engine.bidding import commands as bcmd
from dicepoker_tui.engine.bidding.game import BiddingGame
from dicepoker_tui.engine.scoresheet import commands as cmd
from dicepoker_tui.engine.scoresheet.game import Game
from dicepoker_tui.i18n import N_
from dicepoker_tui.net.hub.base import HubBase
from dicepoker_tui.net.hub.model import Seat, Table

log = logging.getLogger(__name__)

TIMEOUT_BOT_LEVEL = "heuristic"
REVEAL_PAUSE = 4
"""At a bidding table, a bot opens the next round after this many paces."""


def to_act(game: Game | BiddingGame) -> int | None:
    """The seat to act now, in either family (None when nobody is to act)."""
    if isinstance(game, BiddingGame):
        return game.state.to_act
    return game.state.current


class Bots(HubBase):
    """The bot driver and turn timer of every table (uses `_execute`, `_notice`, `_changed`)."""

    def _schedule(self, table: Table) -> None:
        """After any change: let a bot act, or (re)arm the turn timeout."""
        self._cancel_deadline(table)
        game = table.game
        if game is None or game.finished:
            return
        current = to_act(game)
        if current is None:
            return
        seat = table.seats[current]
        if seat.kind == "bot" or table.takeover == current:
            if table.driver is None or table.driver.done():
                table.driver = asyncio.get_running_loop().create_task(self._drive(table))
            return
        if table.turn_timeout:
            loop = asyncio.get_running_loop()
            table.deadline_handle = loop.call_later(table.turn_timeout, self._timed_out, table)

    def _cancel_deadline(self, table: Table) -> None:
        if table.deadline_handle is not None:
            table.deadline_handle.cancel()
            table.deadline_handle = None

    def _timed_out(self, table: Table) -> None:
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
            self._notice(table, N_("Time is up for {name}: a bot plays this turn."), name=name)
        else:
            self._notice(table, N_("Time is up for {name}: scratching this turn."), name=name)
        self._schedule(table)
        self._changed(table)

    async def _drive(self, table: Table) -> None:
        """Play bot seats (and timed-out turns) at a pace people can follow."""
        bots: dict[int, object] = {}
        try:
            while self.tables.get(table.id) is table and table.game and not table.game.finished:
                game = table.game
                seat_no = game.current
                seat = table.seats[seat_no]
                if seat.kind != "bot" and table.takeover != seat_no:
                    return
                await asyncio.sleep(self.bot_pace * self._pause_factor(game))
                if table.game is not game or game.finished or game.current != seat_no:
                    continue
                before = len(game.events)
                if isinstance(game, BiddingGame):
                    scratch = table.timeout_action == "scratch"
                    command = self._bidding_move(game, seat, bots, scratch)
                    by = seat.name if seat.kind == "bot" else "timeout"
                elif seat.kind == "human" and table.timeout_action == "scratch":
                    command = self._scratch(game)
                    by = "timeout"
                else:
                    level = seat.level or TIMEOUT_BOT_LEVEL
                    bot = bots.setdefault(seat_no, make_bot(level))
                    action = await asyncio.to_thread(bot.choose, game.state, game.variant)
                    if len(game.events) != before or table.game is not game:
                        continue  # someone undid meanwhile: think again
                    command = (
                        cmd.Throw(player=seat_no, keep=list(action.keep))
                        if isinstance(action, KeepAndThrow)
                        else cmd.Write(player=seat_no, box=action.box)
                        if isinstance(action, WriteBox)
                        else self._scratch(game)
                    )
                    by = seat.name if seat.kind == "bot" else "timeout"
                try:
                    self._execute(table, command, by=by or "bot")
                except errors.IllegalMove:
                    log.exception("a bot chose an illegal move at table %s", table.id)
                    self._execute(table, self._scratch(game), by="timeout")
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot driver of table %s failed", table.id)
        finally:
            if asyncio.current_task() is table.driver:
                table.driver = None

    @staticmethod
    def _pause_factor(game: Game | BiddingGame) -> int:
        """Bots wait longer right after a reveal, so the lifted cups can be read."""
        if isinstance(game, BiddingGame) and game.state.bid is None and game.state.last_reveal:
            return REVEAL_PAUSE
        return 1

    def _bidding_move(
        self, game: BiddingGame, seat: Seat, bots: dict, scratch: bool
    ) -> bcmd.Command:
        """A bot's move at a bidding table (the plainest one for a timed-out human)."""
        seat_no = game.current
        if seat.kind != "bot" and scratch:
            return self._scratch(game)  # type: ignore[return-value]
        level = seat.level if seat.kind == "bot" and seat.level else bidding_bot_levels()[0]
        bot = bots.setdefault(seat_no, make_bidding_bot(level))
        action = bot.choose(game.state.view_for(seat_no), game.variant, seat_no)
        if isinstance(action, CallChallenge):
            return bcmd.Challenge(player=seat_no)
        if isinstance(action, CallCalza):
            return bcmd.Calza(player=seat_no)
        return bcmd.Bid(player=seat_no, quantity=action.quantity, face=action.face)

    @staticmethod
    def _scratch(game: Game | BiddingGame) -> cmd.Command | bcmd.Command:
        """Throw if nothing is on the table, else write where the fewest points go.

        At a bidding table: challenge the standing bid, or open with the lowest bid."""
        seat = game.current
        if isinstance(game, BiddingGame):
            if game.state.bid is not None:
                return bcmd.Challenge(player=seat)
            quantity, face = game.legal_bids()[0]
            return bcmd.Bid(player=seat, quantity=quantity, face=face)
        if game.state.turn is None or game.state.turn.dice is None:
            return cmd.Throw(player=seat, keep=[])
        preview = game.preview()
        box = min(preview, key=lambda b: (preview[b], -game.variant.box_ids.index(b)))
        return cmd.Write(player=seat, box=box)

    def _stop_bots(self, table: Table) -> None:
        """No more bot moves or timeouts at `table` (it closes)."""
        self._cancel_deadline(table)
        if table.driver is not None:
            table.driver.cancel()
