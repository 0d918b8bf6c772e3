"""What everyone wrote, one line an event."""

from __future__ import annotations

from textual.widgets import RichLog


class GameLog(RichLog, can_focus=False):
    """The game's log; the table adds lines as events arrive."""

    def __init__(self, **kwargs) -> None:
        # min_width 1: lines wrap at the log's own width, never wider (no sideways scrolling)
        super().__init__(
            wrap=True, markup=False, highlight=False, max_lines=500, min_width=1, **kwargs
        )

    def add(self, line: str) -> None:
        self.write(line)
