"""Bar charts drawn with text: the distribution of totals, the average of every box."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from dicepoker_tui.families.scoresheet.views.review_steps import bar, histogram_text
from dicepoker_tui.i18n import _
from dicepoker_tui.store.records import PlayerStats


class TotalsChart(Widget):
    """The distribution of totals as horizontal bars, one a line, sized to the widget.

    `max_bins` is set by the parent from the room it has; there are never more bins
    than distinct totals.
    """

    DEFAULT_CSS = """
    TotalsChart { height: auto; min-height: 1; }
    """

    totals: reactive[tuple[int, ...]] = reactive((), layout=True)
    max_bins: reactive[int] = reactive(8, layout=True)

    def bins(self) -> list[tuple[int, int, int]]:
        if not self.totals:
            return []
        count = max(1, min(self.max_bins, len(set(self.totals))))
        return PlayerStats(player="", variant="", totals=self.totals).histogram(count)

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self.bins()))

    def render(self) -> Text:
        bins = self.bins()
        if not bins:
            return Text(_("No totals yet."), style="italic")
        return histogram_text(bins, self.size.width)


class BoxAverages(Widget):
    """One line a box: its label, the average points and a bar (negative ones dimmed)."""

    DEFAULT_CSS = """
    BoxAverages { height: auto; }
    """

    rows: reactive[tuple[tuple[str, float | None], ...]] = reactive((), layout=True)

    def show(self, rows: Sequence[tuple[str, float | None]]) -> None:
        self.rows = tuple(rows)

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self.rows))

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        if not self.rows:
            return text
        label_width = max(len(label) for label, _ in self.rows)
        values = [f"{v:.1f}" if v is not None else "—" for _, v in self.rows]
        value_width = max(len(v) for v in values)
        room = max(0, self.size.width - label_width - value_width - 3)
        averages = [v for _, v in self.rows if v is not None]
        lowest = -min([0.0, *averages])
        highest = max([0.0, *averages])
        # with minus averages the bars grow both ways from a zero line: minus to the left
        left = round((room - 1) * lowest / (lowest + highest)) if lowest and room >= 8 else 0
        right = room - left - (1 if left else 0)
        for i, ((label, average), shown) in enumerate(zip(self.rows, values, strict=True)):
            if i:
                text.append("\n")
            text.append(f"{label:<{label_width}} ", style="dim")
            text.append(f"{shown:>{value_width}}", style="bold")
            if room < 4:
                continue
            text.append("  ")
            value = average or 0.0
            if left:
                minus = left_bar(-value / lowest * left) if value < 0 else ""
                text.append(minus.rjust(left), style="dim")
                text.append("│", style="dim")
            if value > 0 and highest:
                text.append(bar(value / highest * right))
        return text


def left_bar(length: float) -> str:
    """A bar growing leftwards, in halves of a cell (`▐██`)."""
    full, half = int(length), length - int(length) >= 0.5
    return ("▐" if half else "") + "█" * full
