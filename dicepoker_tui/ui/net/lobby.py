"""The lobby of the game server: open tables, and a form to open a new one."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from dicepoker_tui.family import all_variants, get_variant
from dicepoker_tui.i18n import _, current_language, ngettext
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.common.help import HelpScreen
from dicepoker_tui.ui.common.textual_private import compose_ahead
from dicepoker_tui.ui.messages import OpenHistory
from dicepoker_tui.ui.net.create_table import CreateTableScreen
from dicepoker_tui.ui.net.names import plain, seat_name


def variant_name(variant_id: str) -> str:
    """A variant's name in the current language (the id itself for an unknown one)."""
    try:
        return get_variant(variant_id).display_name
    except KeyError:
        return variant_id


def seats_text(table: p.TableInfo) -> str:
    names = []
    for seat in table.seats:
        if seat.name is None:
            names.append("—")
        elif seat.present or seat.kind == "bot" or table.status != "playing":
            names.append(seat_name(seat))
        else:
            names.append(_("{name} (away)").format(name=seat_name(seat)))
    return ", ".join(names)


def headings() -> list[Text]:
    """The lobby's column headings."""
    return [Text(h) for h in ("#", _("table"), _("variant"), _("status"), _("seats"))]


def status_text(table: p.TableInfo) -> Text:
    free = len(table.free_seats)
    if table.status == "waiting":
        return Text(ngettext("{n} free seat", "{n} free seats", free).format(n=free), style="bold")
    if table.status == "playing":
        return Text(_("round {round}").format(round=table.round))
    return Text(_("finished"), style="dim")


FORM_AHEAD = 3.0
"""Seconds after the hub's first list of tables that the new-table form is made: off the
first frame and the filled lobby (30 players arriving at once are all drawn by then)."""


class NetLobbyScreen(Screen[None]):
    """Tables on this server: join a free seat (or your own), watch, or open a table."""

    BINDINGS = [
        Binding("n", "create", "New table"),
        Binding("enter", "join", "Join", key_display="⏎"),
        Binding("w", "watch", "Watch"),
        Binding("h", "history", "History"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit", "Quit"),
    ]

    DEFAULT_CSS = """
    NetLobbyScreen #net-tables { height: 1fr; margin: 1 1 0 1; }
    NetLobbyScreen #net-hint { height: auto; padding: 1 2; }
    """

    def __init__(self, client: HubClient) -> None:
        super().__init__()
        self.client = client
        self._ahead = False

    def compose(self) -> ComposeResult:
        yield Static(_("dicepoker · connecting…"), id="net-title", classes="screen-title")
        yield DataTable(id="net-tables", cursor_type="row", zebra_stripes=True)
        yield Static(id="net-hint")
        yield KeysFooter(first_frame=True)  # its keys in the first frame a player sees

    def on_mount(self) -> None:
        self.show_tables([], [])

    async def retranslate(self) -> None:
        """Build the lobby again in the language of now (see `DicePokerApp.set_language`)."""
        await self.recompose()
        self.show_tables(self.client.tables, self.client.seated)

    def show_tables(self, tables: list[p.TableInfo], seated: list[str]) -> None:
        if not self._ahead and self.client.welcome is not None:  # the hub's first list
            self._ahead = True
            self.set_timer(FORM_AHEAD, self._form_ahead)
        nick = self.client.nick
        title = (
            _("dicepoker · online as {nick}").format(nick=nick)
            if nick
            else _("dicepoker · connecting…")
        )
        self.query_one("#net-title", Static).update(plain(title))
        grid = self.query_one(DataTable)
        keep = grid.cursor_row
        rows = [
            (
                plain(t.id),
                plain(("★ " if t.id in seated else "") + t.shown_name),
                Text(variant_name(t.variant)),
                status_text(t),
                plain(seats_text(t)),
            )
            for t in tables
        ]
        # Each column as wide as its widest cell, set here rather than measured later by
        # the table on an idle moment, so a row never shows cut to its heading's width.
        grid.clear(columns=True)
        for n, label in enumerate(headings()):
            width = max([label.cell_len, *(row[n].cell_len for row in rows)])
            grid.add_column(label, width=width)
        for t, row in zip(tables, rows, strict=True):
            grid.add_row(*row, key=t.id)
        if tables:
            grid.move_cursor(row=min(keep, len(tables) - 1))
        hint = Text()
        if not tables:
            hint.append(_("No tables yet: press n to open one."), style="bold")
        else:
            hint.append(_("enter sits down (or back at your seat ★), w watches, n opens a table."))
        self.query_one("#net-hint", Static).update(hint)

    def _selected(self) -> str | None:
        grid = self.query_one(DataTable)
        if grid.row_count == 0:
            self.notify(_("No table yet: press n to open one."), timeout=2)
            return None
        return str(grid.coordinate_to_cell_key(grid.cursor_coordinate).row_key.value)

    def action_join(self) -> None:
        table = self._selected()
        if table:
            self.client.join(table)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_join()

    def action_watch(self) -> None:
        table = self._selected()
        if table:
            self.client.watch(table)

    def action_create(self) -> None:
        """The new-table form: made once (in the player's language; while the player reads
        the lobby, see `_form_ahead`), shown again at every `n` as the player left it, so
        that it opens at once."""
        self.app.push_screen(self._form(), self._created)

    def _form(self) -> str:
        """The installed new-table form's name (installed now if it was not)."""
        app, form = self.app, f"new-table-{current_language()}"
        if not app.is_screen_installed(form):
            client = self.client
            levels = client.welcome.family_levels if client.welcome else {}
            app.install_screen(CreateTableScreen(levels), form)
        return form

    def _form_ahead(self) -> None:
        """Make the form while the lobby shows, so that `n` only draws it."""
        if self.app.screen is self:
            compose_ahead(self.app, self._form())

    def _created(self, request: p.CreateTable | None) -> None:
        if request is not None:
            self.client.send(request)

    def action_history(self) -> None:
        self.post_message(OpenHistory())

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(all_variants()[0]))

    def action_quit(self) -> None:
        self.app.exit()
