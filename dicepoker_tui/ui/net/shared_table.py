"""What both shared tables add to their table screen: the chat panel above the footer,
the table's seats and chat as the hub tells them, and what you say at the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.screen import Screen

from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.net.panel import NetPanel

if TYPE_CHECKING:
    _ScreenPart = Screen[None]
else:
    # Not a Screen at run time: Textual gathers a screen's DEFAULT_CSS along the first
    # DOMNode base of each class only, and a Screen first in the bases would hide the
    # family's table screen and its styles (its borders, its layout) behind this part.
    _ScreenPart = object


class SharedTable(_ScreenPart):
    """The hub's part of a shared table screen, a base before the family's table screen
    (`class NetTableScreen(SharedTable, TableScreen)`): its `compose` adds the panel to
    theirs."""

    client: HubClient
    remote: Any
    """The mirrored game (`RemoteGame`, `RemoteBiddingGame`)."""
    you: str

    def _join(self, client: HubClient, game: Any) -> None:
        self.client, self.remote, self.you = client, game, client.nick

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, KeysFooter):
                yield NetPanel(self.you, self.client.may_say, id="net-panel")
            yield widget

    def _fill_panel(self) -> NetPanel:
        """The panel with the table's seats and the chat so far (call it on mount)."""
        panel = self.query_one(NetPanel)
        panel.show_table(self.remote.table)
        panel.add_lines(self.client.chat)
        return panel

    # -- what the hub says ----------------------------------------------------------------------
    def table_changed(self, table: p.TableInfo) -> None:
        self.remote.table = table
        for panel in self.query(NetPanel).results(NetPanel):
            panel.show_table(table)

    def chat(self, line: p.ChatLine) -> None:
        for panel in self.query(NetPanel).results(NetPanel):
            panel.add_lines([line])

    # -- what you say ---------------------------------------------------------------------------
    def action_chat(self) -> None:
        # `c` is a priority key: it can arrive before the screen has composed its panel
        for panel in self.query(NetPanel).results(NetPanel):
            panel.focus_input()

    def on_net_panel_said(self, message: NetPanel.Said) -> None:
        self.client.say(message.text)
