"""What everyone wrote, one line an event."""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text
from textual.widgets import RichLog

DICE_RUN = re.compile(r"(?<!\d)\d(?: \d(?!\d))+")
"""The dice of an entry (`4 5 5 1 2`): a run of single digits that wraps as one word."""

HANG = 2
"""How far a wrapped line's further lines are indented."""


def log_words(line: str) -> list[str]:
    """The words a log line wraps between: its dice stay together."""
    glued = DICE_RUN.sub(lambda m: m[0].replace(" ", "\0"), line)
    return [word.replace("\0", " ") for word in glued.split(" ") if word]


def wrap_log_line(line: str, width: int) -> list[str]:
    """`line` in lines of at most `width` cells, broken between words (a word wider than
    the line is cut into pieces), the further lines indented by `HANG`."""
    indent = " " * HANG if width > HANG + 8 else ""
    out: list[str] = []
    current = ""
    for word in log_words(line):
        candidate = f"{current} {word}" if current.strip() else current + word
        if cell_len(candidate) <= width:
            current = candidate
            continue
        if current.strip():
            out.append(current)
        current = indent + word
        while cell_len(current) > width:
            out.append(current[:width])
            current = indent + current[width:]
    if current.strip() or not out:
        out.append(current)
    return out


class LogLine:
    """One log line, wrapped at the log's width between words, never inside the dice."""

    def __init__(self, line: str) -> None:
        self.line = line

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for part in wrap_log_line(self.line, max(1, options.max_width)):
            yield from Text(part, no_wrap=True).render(console)
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = cell_len(self.line)
        return Measurement(min(widest, 12), min(widest, options.max_width))


class GameLog(RichLog, can_focus=False):
    """The game's log; the table adds lines as events arrive."""

    def __init__(self, **kwargs) -> None:
        # min_width 1: lines wrap at the log's own width, never wider (no sideways scrolling)
        super().__init__(
            wrap=True, markup=False, highlight=False, max_lines=500, min_width=1, **kwargs
        )

    def add(self, line: str) -> None:
        self.write(LogLine(line), shrink=True)
