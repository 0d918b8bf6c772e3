"""A Perudo or Liar's Dice table on the game server: the usual bidding screen, remote.

The game is a `RemoteBiddingGame`: its state shows your own cup only (the others are
lifted at a reveal), the hub plays the bots, nobody hands the keyboard over, and a strip
at the bottom shows who is here and the chat (`t` to talk: `c` is dudo here).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input

from dicepoker_tui.engine.bidding import events as ev
from dicepoker_tui.engine.bidding.state import BiddingState
from dicepoker_tui.i18n import _
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient
from dicepoker_tui.net.remote_bidding_game import RemoteBiddingGame
from dicepoker_tui.ui.bidding.cup import CupDice
from dicepoker_tui.ui.bidding.table import BiddingTableScreen
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.messages import Rematch
from dicepoker_tui.ui.net.panel import NetPanel


def lifted(events: Sequence[ev.Event]) -> list[ev.Event]:
    """Events with each round's hidden cups filled in from the reveal that ended it."""
    out = list(events)
    pending: int | None = None
    for i, event in enumerate(out):
        if isinstance(event, ev.RoundStarted):
            pending = i
        elif isinstance(event, ev.CupsRevealed) and pending is not None:
            start = out[pending]
            assert isinstance(start, ev.RoundStarted)
            out[pending] = start.model_copy(update={"cups": list(event.cups)})
            pending = None
    return out


class NetBiddingTableScreen(BiddingTableScreen):
    """The bidding table screen for a game played on the hub."""

    BINDINGS = [Binding("t", "chat", "Talk"), Binding("r", "rematch", "Rematch", show=False)]

    def __init__(self, game: RemoteBiddingGame, client: HubClient) -> None:
        super().__init__(game, {}, 0.0)
        self.remote = game
        self.client = client
        self.you = client.nick
        self.humans = sorted(game.seats)
        self.viewer = game.seat

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, KeysFooter):
                yield NetPanel(self.you, id="net-panel")
            yield widget

    def on_mount(self) -> None:  # BiddingTableScreen.on_mount runs too (Textual calls both)
        panel = self.query_one(NetPanel)
        panel.query_one(Input).placeholder = _("t: talk · enter sends · escape back")
        panel.show_table(self.remote.table)
        panel.add_lines(self.client.chat)

    # -- what the hub says ----------------------------------------------------------------------
    def _on_event(self, event: ev.Event, state: BiddingState) -> None:
        super()._on_event(event, state)
        if self.is_mounted and self._ready:
            if isinstance(event, ev.BidMade | ev.RoundStarted):
                self._reset_entry()
            self._refresh()
            self._next()

    def table_changed(self, table: p.TableInfo) -> None:
        self.remote.table = table
        if self.is_mounted:
            self.query_one(NetPanel).show_table(table)

    def chat(self, line: p.ChatLine) -> None:
        if self.is_mounted:
            self.query_one(NetPanel).add_lines([line])

    # -- differences from a table at home -------------------------------------------------------
    def _next(self) -> None:
        """Only the result is shown here: the hub plays bots, nobody hands over."""
        if self.is_mounted and self.state.finished and not self._result_open:
            self._result_open = True
            self._show_result()

    def _moved(self) -> None:
        """Your move is on its way; the screen redraws when the hub's events arrive."""
        self._refresh()

    def _refresh(self) -> None:
        super()._refresh()
        if self.remote.spectator and not self.state.finished:
            cup = self.query_one("#bid-cup", CupDice)
            cup.hidden_text = _("Watching: cups stay hidden until a reveal")

    def _show_result(self) -> None:
        from dicepoker_tui.ui.bidding.result import BiddingResultScreen

        def chosen(choice: str | None) -> None:
            if choice == "review":
                from dicepoker_tui.ui.bidding.review import BiddingReviewScreen

                self.app.push_screen(
                    BiddingReviewScreen(lifted(self.game.events)), lambda _: self._show_result()
                )
                return
            if choice == "rematch":
                self.post_message(Rematch())
                return
            self.action_leave()

        self.app.push_screen(BiddingResultScreen(self.state), chosen)

    def action_rematch(self) -> None:
        """r, as on the result screen: after the game, the table's rematch."""
        if self.state.finished:
            self.post_message(Rematch())

    def action_chat(self) -> None:
        self.query_one(NetPanel).focus_input()

    def on_net_panel_said(self, message: NetPanel.Said) -> None:
        self.client.say(message.text)
