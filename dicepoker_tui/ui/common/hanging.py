"""Rules and key lists that wrap with a hanging indent at any width.

A rules text is hard-wrapped for 80 columns: paragraphs, indented rows
(`  Pair            two of a face   2 x face`) and their continuation lines. Drawn as
it is at 80 columns, an indented row soft-wraps to column 0 and leaves an orphan
(`… holds` / `50;`). Here every indented row is joined with its continuation lines and
wrapped so that its further lines start under the row's text column.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

MIN_BODY = 24
"""The narrowest a row's text column may get before the row hangs from its indent."""

MAX_LABEL = 22
"""The longest label an indented row has before its text column."""

COLUMN_GAP = re.compile(r"\S {2,}(?=\S)")
TABLE_GAP = re.compile(r"\S {3,}(?=\S)")
"""A table row at the margin (`One pair          two of a face`): wider gaps than a
sentence's double space."""


# "Decision: …", "Рішення: …" start their own line: a capital letter of any script, a short
# label, a colon.
LABELLED = re.compile(r"[^\W\d_][\w -]{0,30}:\s")


def labelled(line: str) -> bool:
    return line[:1].isupper() and LABELLED.match(line) is not None


# A table row (`One pair          two of a face   2 x face`): columns three spaces apart.
TABLE_ROW = re.compile(r"\S {3,}\S")


def joinable(line: str) -> bool:
    """Whether `line` may be joined onto the line before it, or take the next one: a
    paragraph line, not an indented line, a label or a table row."""
    return (
        bool(line) and not line[0].isspace() and not labelled(line) and not (TABLE_ROW.search(line))
    )


def reflow(text: str) -> str:
    """Join the hard-wrapped lines of each paragraph (indented lines and table rows stay
    as they are), so the rules wrap to whatever width the terminal has."""
    out: list[str] = []
    for line in text.rstrip().splitlines():
        before = out[-1] if out else ""
        if joinable(line) and before and not before[0].isspace() and not TABLE_ROW.search(before):
            out[-1] = f"{out[-1]} {line}"
        else:
            out.append(line)
    return "\n".join(out)


@dataclass(frozen=True)
class Row:
    """One row: a prefix shown once (a label, a key), then text that wraps at `hang`."""

    prefix: Text
    body: Text
    hang: int


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _hang(line: str) -> int:
    """The text column of an indented row or a table row: after its first gap of spaces
    (`Pair            two of a face`), or its indent when it has none."""
    indent = _indent(line)
    gap = (COLUMN_GAP if indent else TABLE_GAP).search(line, indent)
    return gap.end() if gap and gap.start() - indent < MAX_LABEL else indent


def _continues(line: str, row: str, hang: int) -> bool:
    """Whether an indented `line` goes on with the indented `row` before it: it starts
    deeper than the row, or at the row's indent in lower case or with a parenthesis."""
    indent, row_indent = _indent(line), _indent(row)
    if indent > row_indent:
        return indent >= hang or hang == row_indent
    first = line.lstrip()[:1]
    return indent == row_indent and (first.islower() or first == "(")


def rules_rows(text: str) -> list[Row]:
    """The rows of a reflowed rules text (see `reflow`)."""
    rows: list[tuple[str, int]] = []
    for line in text.splitlines():
        last = rows[-1][0] if rows else ""
        if line[:1] == " " and last[:1] == " " and _continues(line, last, rows[-1][1]):
            rows[-1] = (f"{last.rstrip()} {line.strip()}", rows[-1][1])
        else:
            rows.append((line.rstrip(), _hang(line)))
    return [Row(Text(line[:hang]), Text(line[hang:]), hang) for line, hang in rows]


class HangingRows:
    """Rows drawn to the width they get, each wrapping under its own text column."""

    def __init__(self, rows: Iterable[Row]) -> None:
        self.rows = list(rows)

    @property
    def plain(self) -> str:
        """The rows' text, one row a line (as `Text.plain` gives it)."""
        return "\n".join(row.prefix.plain + row.body.plain for row in self.rows)

    def __str__(self) -> str:
        return self.plain

    def lines(self, console: Console, width: int) -> list[Text]:
        out: list[Text] = []
        for row in self.rows:
            hang = row.hang if width - row.hang >= MIN_BODY else min(row.hang, 4)
            first = row.prefix.copy()
            if not row.body.plain:
                out.append(first)
                continue
            body = row.body.wrap(console, max(1, width - hang), overflow="fold")
            if cell_len(first.plain) > hang:  # the label alone, the text under it
                out.append(first)
                first = Text(" " * hang)
            first.pad_right(hang - cell_len(first.plain))
            out.append(first + body[0])
            out.extend(Text(" " * hang) + line for line in body[1:])
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(console, options.max_width):
            line.no_wrap = True
            yield from line.render(console)
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max(
            (cell_len(r.prefix.plain) + cell_len(r.body.plain) for r in self.rows), default=0
        )
        return Measurement(min(MIN_BODY, widest), min(widest, options.max_width))


def rules_renderable(text: str) -> HangingRows:
    """A reflowed rules text, drawn with hanging indents."""
    return HangingRows(rules_rows(text))


def rules_lines(text: str, width: int) -> list[str]:
    """A rules text reflowed and wrapped to `width` columns with hanging indents, as plain
    lines (what `dicepoker rules` prints)."""
    console = Console(width=width, file=io.StringIO(), color_system=None, highlight=False)
    return [line.plain.rstrip() for line in rules_renderable(reflow(text)).lines(console, width)]
