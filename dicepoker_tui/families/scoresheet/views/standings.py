"""Everyone's running total, the player to act marked."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from dicepoker_tui.ui.common.text import shorten

GAP = "   "
"""Between two seats' entries."""


def entry(name: str, total: int, current: bool, room: int) -> Text:
    """`▶ Ann 120` (the seat to act) or `  Bob 98`, the name cut to fit `room` cells."""
    mark = "▶ " if current else "  "
    score = f" {total}"
    name = shorten(name, max(1, room - cell_len(mark) - cell_len(score)))
    text = Text(no_wrap=True)
    text.append(mark + name, style="bold reverse" if current else "")
    text.append(score, style="bold")
    return text


def standings_lines(
    names: Sequence[str], totals: Sequence[int], current: int | None, width: int
) -> Text:
    """The entries packed into lines of `width` cells; an entry never breaks."""
    lines: list[Text] = [Text(no_wrap=True)]
    for seat, (name, total) in enumerate(zip(names, totals, strict=True)):
        item = entry(name, total, seat == current, width)
        line = lines[-1]
        if line.plain and cell_len(line.plain) + len(GAP) + cell_len(item.plain) > width:
            lines.append(Text(no_wrap=True))
            line = lines[-1]
        if line.plain:
            line.append(GAP)
        line.append_text(item)
    return Text("\n", no_wrap=True).join(lines)


class Standings(Static):
    """`▶ Ann 120   Bob (bot) 98` — the table pushes names, totals and the current seat;
    the entries wrap between seats, never inside one."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._seats: tuple[tuple[str, ...], tuple[int, ...], int | None] = ((), (), None)

    def show(self, names: Sequence[str], totals: Sequence[int], current: int | None) -> None:
        self._seats = (tuple(names), tuple(totals), current)
        self._draw()

    def _draw(self) -> None:
        names, totals, current = self._seats
        width = self.content_size.width or max(20, self.app.size.width - 32)
        self.update(standings_lines(names, totals, current, width))

    def on_resize(self) -> None:
        self._draw()
