"""What both shared tables add to their table screen, as one part the screen holds
(`HubPart`): the chat panel above the footer, the table's seats and chat as the hub tells
them, and what you say at the table. A family's shared table screen is its table screen
with a `hub` (`SharedTable`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol, runtime_checkable

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget

from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.net.panel import NetPanel


class HubPart:
    """The hub's part of a shared table `screen`, for the mirrored game `remote`
    (`RemoteGame`, `RemoteBiddingGame`)."""

    def __init__(
        self,
        screen: Screen,
        client: HubClient,
        remote: Any,
        on_table: Callable[[p.TableInfo], None] | None = None,
    ) -> None:
        self.screen = screen
        self.client = client
        self.remote = remote
        self.you = client.nick
        self.on_table = on_table
        """What the screen itself shows again when the table changes (its seats)."""

    def around(self, widgets: Iterable[Widget], filled: bool = False) -> ComposeResult:
        """The table screen's widgets with the chat panel above its footer (`filled`: with
        the table's seats and the chat so far already, else see `fill`)."""
        for widget in widgets:
            if isinstance(widget, KeysFooter):
                panel = NetPanel(self.you, self.client.may_say, id="net-panel")
                if filled:
                    panel.show_table(self.remote.table)
                    panel.add_lines(self.client.chat)
                yield panel
            yield widget

    def _panels(self) -> list[NetPanel]:
        # `c` is a priority key, and the hub speaks at any time: either can come before
        # the screen has composed its panel
        return list(self.screen.query(NetPanel).results(NetPanel))

    def fill(self) -> NetPanel:
        """The panel with the table's seats and the chat so far (call it on mount)."""
        panel = self.screen.query_one(NetPanel)
        panel.show_table(self.remote.table)
        panel.add_lines(self.client.chat)
        return panel

    # -- what the hub says ----------------------------------------------------------------------
    def table_changed(self, table: p.TableInfo) -> None:
        self.remote.table = table
        if self.on_table is not None:
            self.on_table(table)
        for panel in self._panels():
            panel.show_table(table)

    def chat(self, line: p.ChatLine) -> None:
        for panel in self._panels():
            panel.add_lines([line])

    # -- what you say ---------------------------------------------------------------------------
    def focus_chat(self) -> None:
        for panel in self._panels():
            panel.focus_input()

    def say(self, text: str) -> None:
        self.client.say(text)


@runtime_checkable
class SharedTable(Protocol):
    """A screen at a shared table (a family's table screen, the waiting room): it holds
    the hub's part."""

    hub: HubPart
