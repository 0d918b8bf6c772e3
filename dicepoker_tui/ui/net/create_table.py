"""The form that opens a table on the game server: variant, seats, bots, turn timeout."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from dicepoker_tui.family import FamilySpec, all_variants, family_of
from dicepoker_tui.i18n import N_, _, ngettext
from dicepoker_tui.net import protocol as p
from dicepoker_tui.ui.common.choice import Choice
from dicepoker_tui.ui.common.text import level_label

TIMEOUTS = [
    (N_("no limit"), 0),
    (N_("30 s"), 30),
    (N_("1 min"), 60),
    (N_("2 min"), 120),
    (N_("5 min"), 300),
]
"""Turn timeouts offered (labels translated where shown)."""


class CreateTableScreen(ModalScreen[p.CreateTable | None]):
    """Variant, seats for people, bots, and the turn timeout, each a `Choice` (←/→): the
    form opens at once (a form of Selects took half a second of CPU to open)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "open", "Open")]

    DEFAULT_CSS = """
    CreateTableScreen { align: center middle; }
    CreateTableScreen #create-box {
        width: 60; height: auto; border: round $primary; padding: 0 1; background: $panel;
    }
    CreateTableScreen .create-row { height: 1; margin-top: 1; }
    CreateTableScreen .create-row > Label { width: 18; }
    CreateTableScreen .create-row > Choice { width: 1fr; }
    CreateTableScreen #create-buttons { height: auto; margin-top: 1; }
    """

    def __init__(self, levels: dict[str, list[str]]) -> None:
        """`levels`: the bot levels the hub plays, by family id."""
        super().__init__()
        self.family_levels = levels
        self.levels = self._levels_of(family_of(all_variants()[0].id))

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
                    yield Choice(options, defaults.get(key, options[0][1]), id=f"create-{key}")
            with Horizontal(id="create-buttons", classes="button-row"):
                yield Button(_("Open the table"), variant="primary", compact=True, id="create-ok")
                yield Button(_("Cancel"), compact=True, id="create-cancel")

    @staticmethod
    def _variant_options() -> list[tuple[str, str]]:
        return [(v.display_name, v.id) for v in all_variants()]

    def _levels_of(self, family: FamilySpec) -> list[str]:
        """The levels the hub named for `family` (else the family's own: no solver is
        loaded here for the hub's)."""
        return self.family_levels.get(family.id) or family.bot_levels()

    def _family(self) -> FamilySpec:
        return family_of(str(self._value("variant")))

    def on_choice_changed(self, event: Choice.Changed) -> None:
        """Each family has its own bots: offer the levels of the variant's."""
        if event.choice.id != "create-variant":
            return
        levels = self._levels_of(self._family())
        level = self.query_one("#create-level", Choice)
        if [value for _label, value in level.options] != levels:
            level.set_options([(level_label(lvl), lvl) for lvl in levels])

    def _value(self, key: str):
        return self.query_one(f"#create-{key}", Choice).value

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
