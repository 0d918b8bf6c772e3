"""The current player's open boxes with what the dice on the table would score there."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option


@dataclass(frozen=True)
class BoxRow:
    """One open box: its preview points (None before a throw) and whether it may be used."""

    box: str
    label: str
    points: int | None
    legal: bool = True
    note: str = ""


class BoxList(OptionList, can_focus=False):
    """Open boxes. The table moves the cursor (keys live on the screen, so the footer lists
    them in play order); a click selects a box, which the table takes as a write."""

    rows: tuple[BoxRow, ...] = ()
    _width = 0

    def show(self, rows: Sequence[BoxRow], cursor: str | None) -> None:
        """Replace the rows and put the cursor on `cursor` (or the first usable row)."""
        rows = tuple(rows)
        width = self._inner_width()
        if rows != self.rows or width != self._width:
            self.rows, self._width = rows, width
            self.set_options(
                Option(self._prompt(row, width), id=row.box, disabled=not row.legal) for row in rows
            )
        ids = [row.box for row in rows if row.legal]
        target = cursor if cursor in ids else (ids[0] if ids else None)
        self.highlighted = None if target is None else self.get_option_index(target)

    def on_resize(self) -> None:
        if self._inner_width() != self._width:
            self.show(self.rows, self.cursor_box)

    def _inner_width(self) -> int:
        return max(12, self.scrollable_content_region.width - 1)

    @property
    def cursor_box(self) -> str | None:
        option = self.highlighted_option
        return None if option is None else option.id

    @staticmethod
    def _prompt(row: BoxRow, width: int) -> Text:
        if row.points is None:
            points = Text("·", style="dim")
        elif not row.legal:
            points = Text("—")
        else:
            points = Text(str(row.points), style="bold" if row.points > 0 else "")
        if row.note:
            points = Text.assemble((row.note + " ", "italic"), points)
        label = row.label
        room = width - points.cell_len - 1
        if len(label) > room:
            label = label[: max(1, room - 1)] + "…"
        return Text.assemble(label.ljust(room + 1), points, no_wrap=True)
