"""What everyone wrote, one line an event."""

from __future__ import annotations

from textual.widgets import RichLog


class GameLog(RichLog, can_focus=False):
    """The game's log; the table adds lines as events arrive."""

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=500, **kwargs)

    def add(self, line: str) -> None:
        self.write(line)
