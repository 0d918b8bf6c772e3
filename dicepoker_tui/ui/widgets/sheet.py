"""Every player's sheet side by side."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from dicepoker_tui.engine.scoresheet.state import GameState
from dicepoker_tui.ui.sheet_model import ordinal, places, sheet_rows
from dicepoker_tui.variants.base import Variant

STYLES = {"subtotal": "bold", "bonus": "italic", "total": "bold underline", "settlement": "bold"}


class SheetTable(DataTable):
    """Boxes, section totals, bonuses, total (and settlement) for every player."""

    def __init__(self, focusable: bool = True, **kwargs) -> None:
        super().__init__(cursor_type="none", **kwargs)
        self.can_focus = focusable

    def show(self, variant: Variant, state: GameState) -> None:
        """Rebuild from the state (cheap: a sheet is at most ~25 rows × 8 players)."""
        scroll = self.scroll_offset
        self.clear(columns=True)
        n = len(state.players)
        avail = max(5, (self.size.width or 80) - 18)
        name_width = max(4, min(14, avail // n - 2))
        final = places(state)
        rows = sheet_rows(variant, state)
        headers = []
        for seat, player in enumerate(state.players):
            name = player.name
            if len(name) > name_width:
                name = name[: name_width - 1] + "…"
            if final is not None and n > 1:
                headers.append(f"{ordinal(final[seat])} {name}")
            elif seat == state.current and n > 1:
                headers.append(f"▶{name}")
            else:
                headers.append(name)
        # Explicit widths: auto-sized columns may be drawn before they are measured.
        self.add_column("", key="label", width=max(len(r.label) for r in rows))
        for seat, header in enumerate(headers):
            cells = [len(c) for r in rows for c in (r.cells[seat],) if c is not None]
            width = max([len(header), 5, *cells])
            label = Text(header, style="bold", justify="right")
            self.add_column(label, key=f"seat{seat}", width=width)
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
