"""Everyone's running total, the player to act marked."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static


class Standings(Static):
    """`▶ Ann 120   Bob (bot) 98` — the table pushes names, totals and the current seat."""

    def show(self, names: Sequence[str], totals: Sequence[int], current: int | None) -> None:
        text = Text()
        for seat, (name, total) in enumerate(zip(names, totals, strict=True)):
            if seat:
                text.append("   ")
            mark = "▶ " if seat == current else "  "
            text.append(mark + name, style="bold reverse" if seat == current else "")
            text.append(f" {total}", style="bold")
        self.update(text)
