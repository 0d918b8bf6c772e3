"""Every player's sheet side by side."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.families.scoresheet.views.sheet_model import sheet_rows

STYLES = {
    "subtotal": "bold",
    "bonus": "italic",
    "total": "bold underline",
    "place": "bold",
    "settlement": "bold",
}
SUMMARY = ("total", "place", "settlement")


def short_name(name: str, width: int) -> str:
    """`name` in at most `width` characters; a default name keeps its number (`Grav…3`),
    so eight "Player N" columns stay apart."""
    if len(name) <= width:
        return name
    stem, _space, number = name.rpartition(" ")
    if stem and number.isdigit() and len(number) + 2 <= width:
        return name[: width - 1 - len(number)] + "…" + number
    return name[: width - 1] + "…"


class SheetTable(DataTable):
    """Boxes, section totals, bonuses, total, places (and settlement) for every player.

    When the rows do not all fit the height, the total, place and settlement rows move
    to the top and stay there while the rest scrolls.
    """

    def __init__(self, focusable: bool = True, max_width: int | None = None, **kwargs) -> None:
        super().__init__(cursor_type="none", **kwargs)
        self.can_focus = focusable
        self.max_width = max_width
        self._shown: tuple[Variant, GameState] | None = None
        self._summary_first = False

    def on_resize(self) -> None:
        if self._shown is not None and self._wants_summary_first() != self._summary_first:
            self.show(*self._shown)

    def _wants_summary_first(self) -> bool:
        """Whether the rows overflow the height the table has (unknown yet: they fit)."""
        if self._shown is None or not self.size.height:
            return False
        return len(sheet_rows(*self._shown)) + 1 > self.size.height

    def show(self, variant: Variant, state: GameState) -> None:
        """Rebuild from the state (cheap: a sheet is at most ~25 rows × 8 players)."""
        self._shown = (variant, state)
        scroll = self.scroll_offset
        self.clear(columns=True)
        rows = sheet_rows(variant, state)
        n = len(state.players)
        label_width = max(len(r.label) for r in rows)
        room = self.app.size.width - 2
        if self.max_width:
            room = min(room, self.max_width)
        name_width = max(4, min(14, (room - label_width - 2) // n - 2))
        # Explicit widths: auto-sized columns may be drawn before they are measured.
        self.add_column("", key="label", width=label_width)
        for seat, player in enumerate(state.players):
            name = short_name(player.shown, name_width)
            if seat == state.current and n > 1:
                name = f"▶{name}"
            cells = [len(c) for r in rows for c in (r.cells[seat],) if c is not None]
            width = max([len(name), 4, *cells])
            label = Text(name, style="bold", justify="right")
            self.add_column(label, key=f"seat{seat}", width=width)
        self._summary_first = self._wants_summary_first()
        summary = [r for r in rows if r.key in SUMMARY]
        if self._summary_first:
            rows = summary + [r for r in rows if r.key not in SUMMARY]
        self.fixed_rows = len(summary) if self._summary_first else 0
        for row in rows:
            style = STYLES.get(row.kind, "")
            cells = [
                Text("·", style="dim", justify="right")
                if c is None
                else Text(c, style=style, justify="right")
                for c in row.cells
            ]
            self.add_row(Text(row.label, style=style), *cells, key=row.key)
        self.scroll_to(scroll.x, scroll.y, animate=False)
