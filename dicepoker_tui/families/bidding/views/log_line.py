"""A line of the bidding table's log, wrapped between words and never inside brackets:
`Бот 2 теряет кость (осталось: 2)` moves `(осталось: 2)` down whole, rather than leave
`2)` alone on a line."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.bidding.views.text import event_line

BRACKETS = re.compile(r"\([^()]*\)")
"""A bracketed part, which wraps as one word."""
WORD = re.compile(r"[^ \n]+")
HANG = 2
"""How far a wrapped line's further lines are indented."""


def line_starts(plain: str, width: int) -> list[int]:
    """The offsets in `plain` (one line, no newline) where its wrapped lines begin after
    the first, breaking at spaces outside brackets; a further line is `HANG` indented."""
    glued = BRACKETS.sub(lambda m: m[0].replace(" ", "\0"), plain)
    starts: list[int] = []
    begin = 0
    for word in WORD.finditer(glued):
        indent = HANG if starts else 0
        if word.end() - begin + indent > width and plain[begin : word.start()].strip():
            starts.append(word.start())
            begin = word.start()
    return starts


class BiddingLogLine:
    """`text` (with its styles) wrapped at the log's width by `line_starts`."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width)
        for line in self.text.split("\n"):
            parts = line.divide(line_starts(line.plain, width))
            for n, part in enumerate(parts):
                if n:
                    part = Text(" " * HANG) + part
                part.rstrip()
                part.overflow = "fold"  # a word wider than the log is cut, not lost
                yield part

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max(cell_len(line) for line in self.text.plain.split("\n"))
        return Measurement(min(widest, 12), min(widest, options.max_width))


def log_lines(game: BiddingGame) -> list[Text]:
    """The log of `game` so far, a line for each event that shows in it."""
    names = [p.shown for p in game.state.players]
    lines = (event_line(event, names, game.variant) for event in game.events)
    return [line for line in lines if line is not None]


def last_reveal(events: Sequence[ev.Event]) -> tuple[bool, list[ev.Event]]:
    """(whether the round of the last reveal was palifico, the changes it made: dice lost
    and players out)."""
    palifico = reveal_palifico = False
    outcome: list[ev.Event] = []
    for event in events:
        if isinstance(event, ev.RoundStarted):
            palifico = event.palifico
        elif isinstance(event, ev.CupsRevealed):
            reveal_palifico, outcome = palifico, []
        elif isinstance(event, ev.DiceCountChanged | ev.PlayerOut):
            outcome.append(event)
    return reveal_palifico, outcome
