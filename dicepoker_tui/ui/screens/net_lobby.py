"""The lobby of the game server: open tables, and a form to open a new one."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Label, Select, Static

from dicepoker_tui.families import FamilySpec, all_variants, family_of, get_variant
from dicepoker_tui.i18n import N_, _, ngettext
from dicepoker_tui.net import protocol as p
from dicepoker_tui.ui.screens.help import HelpScreen
from dicepoker_tui.ui.text import level_label
from dicepoker_tui.ui.widgets.ready_footer import ReadyFooter

TIMEOUTS = [
    (N_("no limit"), 0),
    (N_("30 s"), 30),
    (N_("1 min"), 60),
    (N_("2 min"), 120),
    (N_("5 min"), 300),
]
"""Turn timeouts offered (labels translated where shown)."""


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
            names.append(seat.name)
        else:
            names.append(_("{name} (away)").format(name=seat.name))
    return ", ".join(names)


def status_text(table: p.TableInfo) -> Text:
    free = len(table.free_seats)
    if table.status == "waiting":
        return Text(ngettext("{n} free seat", "{n} free seats", free).format(n=free), style="bold")
    if table.status == "playing":
        return Text(_("round {round}").format(round=table.round))
    return Text(_("finished"), style="dim")


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

    def compose(self) -> ComposeResult:
        yield Static(_("dicepoker · connecting…"), id="net-title", classes="screen-title")
        table = DataTable(id="net-tables", cursor_type="row", zebra_stripes=True)
        table.add_columns("#", _("table"), _("variant"), _("status"), _("seats"))
        yield table
        yield Static(id="net-hint")
        yield ReadyFooter(compact=True)  # its keys in the first frame a player sees

    def on_mount(self) -> None:
        self.show_tables([], [])

    def show_tables(self, tables: list[p.TableInfo], seated: list[str]) -> None:
        nick = getattr(self.app, "client").nick  # noqa: B009
        title = (
            _("dicepoker · online as {nick}").format(nick=nick)
            if nick
            else _("dicepoker · connecting…")
        )
        self.query_one("#net-title", Static).update(title)
        grid = self.query_one(DataTable)
        keep = grid.cursor_row
        grid.clear()
        for t in tables:
            variant = variant_name(t.variant)
            mark = "★ " if t.id in seated else ""
            grid.add_row(
                t.id, mark + t.shown_name, variant, status_text(t), seats_text(t), key=t.id
            )
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
            getattr(self.app, "client").join(table)  # noqa: B009

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_join()

    def action_watch(self) -> None:
        table = self._selected()
        if table:
            getattr(self.app, "client").watch(table)  # noqa: B009

    def action_create(self) -> None:
        client = getattr(self.app, "client")  # noqa: B009
        levels = client.welcome.bot_levels if client.welcome else []
        self.app.push_screen(CreateTableScreen(levels), self._created)

    def _created(self, request: p.CreateTable | None) -> None:
        if request is not None:
            getattr(self.app, "client").send(request)  # noqa: B009

    def action_history(self) -> None:
        getattr(self.app, "open_history")()  # noqa: B009

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(all_variants()[0]))

    def action_quit(self) -> None:
        self.app.exit()


class CreateTableScreen(ModalScreen[p.CreateTable | None]):
    """Variant, seats for people, bots, and the turn timeout."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "open", "Open")]

    DEFAULT_CSS = """
    CreateTableScreen { align: center middle; }
    CreateTableScreen #create-box {
        width: 60; height: auto; border: round $primary; padding: 0 1; background: $panel;
    }
    CreateTableScreen .create-row { height: 1; margin-top: 1; }
    CreateTableScreen .create-row > Label { width: 18; }
    CreateTableScreen .create-row > Select { width: 1fr; }
    CreateTableScreen #create-buttons { height: auto; margin-top: 1; }
    """

    def __init__(self, levels: list[str]) -> None:
        super().__init__()
        self.levels = levels or ["heuristic"]

    def compose(self) -> ComposeResult:
        with Vertical(id="create-box"):
            yield Static(_("New table"), classes="screen-title")
            rows = [
                (_("Variant"), "variant", self._variant_options()),
                (_("People"), "people", [(str(n), n) for n in range(1, 7)]),
                (_("Bots"), "bots", [(str(n), n) for n in range(0, 6)]),
                (_("Bot level"), "level", [(level_label(lvl), lvl) for lvl in self.levels]),
                (_("Turn timeout"), "timeout", [(_(label), t) for label, t in TIMEOUTS]),
                (
                    _("When time is up"),
                    "action",
                    [(_("a bot plays"), "bot"), (_("scratch"), "scratch")],
                ),
            ]
            defaults = {"people": 2, "bots": 0, "timeout": 0, "action": "bot"}
            for label, key, options in rows:
                with Horizontal(classes="create-row"):
                    yield Label(label)
                    yield Select(
                        options,
                        value=defaults.get(key, options[0][1]),
                        allow_blank=False,
                        compact=True,
                        id=f"create-{key}",
                    )
            with Horizontal(id="create-buttons", classes="button-row"):
                yield Button(_("Open the table"), variant="primary", compact=True, id="create-ok")
                yield Button(_("Cancel"), compact=True, id="create-cancel")

    @staticmethod
    def _variant_options() -> list[tuple[str, str]]:
        return [(v.display_name, v.id) for v in all_variants()]

    def _family(self) -> FamilySpec:
        return family_of(str(self._value("variant")))

    def on_select_changed(self, event: Select.Changed) -> None:
        """Bidding games have their own bots: offer their levels."""
        if event.select.id != "create-variant":
            return
        family = self._family()
        # the hub names the scoresheet levels it plays (the solver's load here is deferred)
        levels = self.levels if family.id == "scoresheet" else family.bot_levels()
        level = self.query_one("#create-level", Select)
        if level.value not in levels:
            level.set_options([(level_label(lvl), lvl) for lvl in levels])
            level.value = levels[0]

    def _value(self, key: str):
        return self.query_one(f"#create-{key}", Select).value

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "create-ok":
            self.action_open()
        else:
            self.dismiss(None)

    def action_open(self) -> None:
        people, bots = int(self._value("people")), int(self._value("bots"))
        if people + bots > 8:
            self.notify(_("A table has at most 8 seats."), severity="warning")
            return
        low = self._family().min_seats
        if people + bots < low:
            self.notify(
                ngettext(
                    "A bidding table has at least {n} seat.",
                    "A bidding table has at least {n} seats.",
                    low,
                ).format(n=low),
                severity="warning",
            )
            return
        timeout = int(self._value("timeout"))
        self.dismiss(
            p.CreateTable(
                variant=str(self._value("variant")),
                seats=people,
                bots=[str(self._value("level"))] * bots,
                turn_timeout=timeout or None,
                timeout_action=self._value("action"),
            )
        )

    def action_cancel(self) -> None:
        self.dismiss(None)
