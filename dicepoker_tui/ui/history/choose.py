"""A small dialog to pick one value from a list; typing narrows the list."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, OptionList
from textual.widgets.option_list import Option

from dicepoker_tui.i18n import _, shown_name
from dicepoker_tui.ui.common.text import shorten
from dicepoker_tui.ui.history.review_text import variant_name


class ChoiceScreen(ModalScreen[str | None]):
    """`title` and `choices` (label, value), both in the language shown; the result is the
    value picked, or None."""

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen #choice-box {
        width: 44; height: auto; max-height: 80%;
        border: round $accent; background: $panel; padding: 0 1;
    }
    ChoiceScreen #choice-filter { margin-bottom: 1; }
    ChoiceScreen #choice-list { height: auto; max-height: 20; border: none; padding: 0; }
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "pick", "Pick", key_display="⏎", priority=True),
        Binding("up", "move(-1)", "Up", show=False, priority=True),
        Binding("down", "move(1)", "Down", show=False, priority=True),
        Binding("pageup", "move(-10)", "Page up", show=False, priority=True),
        Binding("pagedown", "move(10)", "Page down", show=False, priority=True),
    ]

    def __init__(
        self, title: str, choices: Sequence[tuple[str, str]], current: str | None = None
    ) -> None:
        super().__init__()
        self.title_text = title
        self.choices = list(choices)
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box") as box:
            box.border_title = self.title_text
            box.border_subtitle = _("⏎ pick · esc cancel")
            yield Input(placeholder=_("type to narrow the list"), compact=True, id="choice-filter")
            yield OptionList(id="choice-list")

    def on_mount(self) -> None:
        self._show("")
        self.query_one("#choice-filter", Input).focus()

    def _show(self, typed: str) -> None:
        wanted = typed.strip().casefold()
        options = self.query_one(OptionList)
        options.clear_options()
        shown = [(label, value) for label, value in self.choices if wanted in label.casefold()]
        options.add_options([Option(label, id=value) for label, value in shown])
        values = [value for _, value in shown]
        if shown:
            options.highlighted = values.index(self.current) if self.current in values else 0

    def on_input_changed(self, event: Input.Changed) -> None:
        self._show(event.value)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_move(self, delta: int) -> None:
        options = self.query_one(OptionList)
        if options.option_count:
            current = options.highlighted or 0
            options.highlighted = max(0, min(options.option_count - 1, current + delta))

    def action_pick(self) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is None:
            return
        self.dismiss(options.get_option_at_index(options.highlighted).id)

    def action_cancel(self) -> None:
        self.dismiss(None)


FILTER_GAP = 3
"""Cells between two filter buttons (their right margin)."""

BUTTON_PAD = 2
"""Cells a compact button adds to its label (one each side)."""


def filter_labels(width: int, filters: Sequence[tuple[str, str, str]]) -> list[Text]:
    """The labels of a row of filter buttons (key, name, value) that fit `width` cells
    together (after the row's left padding of one cell): the longest values are cut, with
    an ellipsis, until the row fits."""
    values = [value for _key, _name, value in filters]
    fixed = sum(cell_len(f"{name}: ") + cell_len(f" ▾ {key}") for key, name, _ in filters)
    room = width - 1 - fixed - BUTTON_PAD * len(filters) - FILTER_GAP * (len(filters) - 1)
    while sum(cell_len(v) for v in values) > room:
        longest = max(range(len(values)), key=lambda i: cell_len(values[i]))
        size = cell_len(values[longest])
        if size <= 4:
            break
        values[longest] = shorten(values[longest], size - 1)
    return [
        filter_label(key, name, value)
        for (key, name, _), value in zip(filters, values, strict=True)
    ]


def stats_filter_labels(width: int, variant: str, player: str | None) -> list[Text]:
    """The statistics' two filter buttons, variant (`v`) and player (`p`), fit to `width`."""
    return filter_labels(
        width,
        [
            ("v", _("Variant"), variant_name(variant)),
            ("p", _("Player"), shown_name(player) if player else _("nobody yet")),
        ],
    )


def filter_label(key: str, name: str, value: str) -> Text:
    """A filter button's label, `Variant: Yatzy ▾ v`, with the key that opens it (`name` and
    `value` come in the language shown)."""
    text = Text()
    text.append(f"{name}: ", style="dim")
    text.append(value, style="bold")
    text.append(" ▾ ", style="dim")
    text.append(key, style="bold reverse")
    return text


def show_filter_labels(screen: Screen, ids: Sequence[str], labels: Sequence[Text]) -> None:
    """Put new labels on a row of filter buttons. A button's width follows its label only
    when it is laid out again (a label set later keeps the width of the first one: a
    longer value is cut, `Variant: Dice`, a shorter one leaves a gap)."""
    for button_id, label in zip(ids, labels, strict=True):
        button = screen.query_one(button_id, Button)
        button.label = label
        button.refresh(layout=True)
