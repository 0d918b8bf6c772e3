"""The current player's boxes: the open ones with what the dice on the table would score
there, and, when the panel has the rows, the ones already written with their points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from dicepoker_tui.ui.common.text import shorten


@dataclass(frozen=True)
class BoxRow:
    """One box: its preview points (None before a throw) and whether it may be used; or,
    `written`, a box already filled and the points it holds."""

    box: str
    label: str
    points: int | None
    legal: bool = True
    note: str = ""
    written: bool = False


class BoxList(OptionList, can_focus=False):
    """Open boxes. The table moves the cursor (keys live on the screen, so the footer lists
    them in play order); a click selects a box, which the table takes as a write."""

    rows: tuple[BoxRow, ...] = ()
    _drawn: tuple[tuple[BoxRow, ...], int] = ((), 0)

    def show(self, rows: Sequence[BoxRow], cursor: str | None) -> None:
        """Replace the rows and put the cursor on `cursor` (or the first usable row). The
        written rows show only when every row fits the panel's height."""
        self.rows = tuple(rows)
        height = self.scrollable_content_region.height
        shown = self.rows
        if not height or len(shown) > height:
            shown = tuple(row for row in self.rows if not row.written)
        width = self._inner_width()
        if (shown, width) != self._drawn:
            self._drawn = (shown, width)
            self.set_options(
                Option(self._prompt(row, width), id=row.box, disabled=not row.legal)
                for row in shown
            )
        ids = [row.box for row in shown if row.legal]
        target = cursor if cursor in ids else (ids[0] if ids else None)
        self.highlighted = None if target is None else self.get_option_index(target)

    def on_resize(self) -> None:
        self.show(self.rows, self.cursor_box)

    def _inner_width(self) -> int:
        return max(12, self.scrollable_content_region.width - 1)

    @property
    def cursor_box(self) -> str | None:
        option = self.highlighted_option
        return None if option is None else option.id

    @staticmethod
    def _prompt(row: BoxRow, width: int) -> Text:
        if row.written:
            points = f"✓ {row.points}"  # written: the mark tells it from a preview
            label = shorten(row.label, width - len(points) - 1)
            return Text(label.ljust(width - len(points)) + points, style="dim", no_wrap=True)
        if row.points is None:
            points = Text("·", style="dim")
        elif not row.legal:
            points = Text("—")
        else:
            points = Text(str(row.points), style="bold" if row.points > 0 else "")
        if row.note:
            points = Text.assemble((row.note + " ", "italic"), points)
        room = width - points.cell_len - 1
        label = shorten(row.label, max(1, room))
        return Text.assemble(label.ljust(room + 1), points, no_wrap=True)
