"""The waiting room of a shared table whose seats are not all taken yet."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from dicepoker_tui.i18n import _, ngettext
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient
from dicepoker_tui.net.mirrored_session import MirroredSession
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.common.text import level_label
from dicepoker_tui.ui.messages import ToLobby
from dicepoker_tui.ui.net.lobby import variant_name
from dicepoker_tui.ui.net.names import plain, seat_name, unkeyed_notice
from dicepoker_tui.ui.net.panel import NetPanel
from dicepoker_tui.ui.net.shared_table import HubPart


class WaitingScreen(Screen[None]):
    """A table whose seats are not all taken yet."""

    BINDINGS = [
        Binding("c", "chat", "Chat", priority=True),  # see `NetPanel.focus_input`
        Binding("escape", "leave", "Leave"),
    ]

    DEFAULT_CSS = """
    WaitingScreen #waiting-body { height: 1fr; padding: 1 2; }
    """

    def __init__(self, game: MirroredSession, client: HubClient) -> None:
        super().__init__()
        self.hub = HubPart(self, client, game, on_table=self._show_table)

    def compose(self) -> ComposeResult:
        title, text = self._texts(self.hub.remote.table, self.hub.you)
        yield Static(title, id="waiting-title", classes="screen-title")
        with Vertical(id="waiting-body"):
            yield Static(text, id="waiting-text")
        yield from self.hub.around([KeysFooter()], filled=True)

    @staticmethod
    def _texts(table: p.TableInfo, you: str = "") -> tuple[Text, Text]:
        free = len(table.free_seats)
        text = Text()
        text.append(f"{variant_name(table.variant)}\n\n", style="bold")
        for i, seat in enumerate(table.seats):
            name = seat_name(seat) or _("— free —")
            kind = f"{_('bot')} · {level_label(seat.level)}" if seat.kind == "bot" else _("player")
            text.append(f"  {i + 1}. {name:<24} {kind}\n")
        waiting = ngettext(
            "Waiting for {n} more player: they connect to this server and join this table.",
            "Waiting for {n} more players: they connect to this server and join this table.",
            free,
        )
        text.append("\n" + waiting.format(n=free) + "\n")
        text.append(_("The game begins when every seat is taken. escape leaves the table."))
        mine = next((s for s in table.seats if s.name == you and s.kind == "human"), None)
        if mine is not None and not mine.keyed:
            text.append(
                "\n\n"
                + _(
                    "Your seat is not protected by a key: log in with an SSH key to keep it yours."
                ),
                style="bold",
            )
        if any(s.kind == "human" and s.name and not s.keyed for s in table.seats):
            text.append("\n" + unkeyed_notice(), style="dim")
        title = _("Table {id} · {name}").format(id=table.id, name=table.shown_name)
        return plain(title), text

    def _show_table(self, table: p.TableInfo) -> None:
        title, text = self._texts(table, self.hub.you)
        for widget in self.query("#waiting-title").results(Static):
            widget.update(title)
        for widget in self.query("#waiting-text").results(Static):
            widget.update(text)

    def action_chat(self) -> None:
        self.hub.focus_chat()

    def action_leave(self) -> None:
        self.post_message(ToLobby())

    def on_net_panel_said(self, message: NetPanel.Said) -> None:
        self.hub.say(message.text)
