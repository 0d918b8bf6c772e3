"""Help: the keys, and the rules of the variant in play (or highlighted in the lobby)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from dicepoker_tui.family import VariantLike
from dicepoker_tui.i18n import N_, _
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.common.hanging import HangingRows, Row, reflow, rules_renderable

TABLE_KEYS = (
    ("space / r", N_("throw the dice (the held ones stay)")),
    ("1 … 5", N_("hold or release a die (after a throw)")),
    ("↑ ↓  /  k j", N_("move the box cursor")),
    ("enter", N_("write the dice into the box under the cursor")),
    ("h", N_("hint: the best move now and what the next best give up")),
    ("s", N_("everyone's scoresheet")),
    ("u", N_("undo your last write (until the next throw)")),
    ("? / F1", N_("this help")),
    ("escape", N_("menu: lobby, theme, quit")),
    ("ctrl+p", N_("command palette (every action by name)")),
    ("ctrl+q", N_("quit")),
)
LOBBY_KEYS = (
    ("s", N_("start the game")),
    ("a / b", N_("add a human / a bot seat")),
    ("e", N_("rename the highlighted seat")),
    ("l", N_("next bot level for the highlighted bot")),
    ("o", N_("coach the highlighted human seat: a note after each costly move")),
    ("x / delete", N_("remove the highlighted seat")),
    ("d", N_("real dice on or off: type the values of dice thrown on the table")),
    ("w", N_("hints and the coach for the score or to win (two or more players)")),
    ("c / h", N_("resume an unfinished game / the history of finished games")),
    ("t", N_("choose a theme (remembered)")),
    ("tab", N_("next field: variants, seats, seed, real dice, buttons")),
    ("L", N_("next language (remembered); or click one in the language row")),
    ("ctrl+p", N_("command palette (every action by name), language")),
)


KEY_COLUMN = 15
"""Where a key's description starts in the help (`  space / r    throw the dice`)."""


def key_rows(title: str, keys: Sequence[tuple[str, str]]) -> list[Row]:
    """A titled list of keys, each description wrapping under its own column."""
    rows = [Row(Text(title, style="bold underline"), Text(), 0)]
    for key, what in keys:
        rows.append(Row(Text(f"  {key}", style="bold"), Text(what), KEY_COLUMN))
    return [*rows, Row(Text(), Text(), 0)]


def keys_text() -> HangingRows:
    """The keys of the table and of the lobby, in the current language."""
    rows: list[Row] = []
    for title, keys in ((N_("At the table"), TABLE_KEYS), (N_("In the lobby"), LOBBY_KEYS)):
        rows += key_rows(_(title), [(key, _(what)) for key, what in keys])
    return HangingRows(rows)


class HelpScreen(Screen[None]):
    """Keys and rules; escape, q, ? or F1 close it."""

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),
        Binding("question_mark", "close", "Back", show=False),
        Binding("f1", "close", "Back", show=False),
    ]

    def __init__(self, variant: VariantLike | None = None) -> None:
        super().__init__()
        self.variant = variant

    def compose(self) -> ComposeResult:
        title = f"{_('Help')} — {self.variant.display_name}" if self.variant else _("Help")
        yield Static(title, id="help-title", classes="screen-title")
        with VerticalScroll(id="help-body"):
            if self.variant is not None:
                yield Static(rules_renderable(reflow(self.variant.display_rules)), id="help-rules")
            yield Static(keys_text(), id="help-keys")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
