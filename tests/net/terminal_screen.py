"""A small terminal emulator for tests: enough of xterm to read back what an app drew.

Cursor positioning, SGR colours and attributes, text (wide and combining characters),
carriage return and line feed, and the alternate screen (which starts blank). Other
sequences are skipped. Writing over half of a wide character blanks the other half.
A cell is (character, what it looks like): a blank cell's look is only its background
unless underline, reverse or the like draw on it."""

from __future__ import annotations

import re

from rich.cells import get_character_cell_size

SEQUENCE = re.compile(
    r"\x1b\[([0-?]*)([ -/]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[ -/]*[0-~]|[\x00-\x1f]"
)
ON = {1: "bold", 2: "dim", 3: "italic", 4: "underline", 5: "blink", 7: "reverse", 9: "strike"}
OFF = {
    22: ("bold", "dim"),
    23: ("italic",),
    24: ("underline",),
    25: ("blink",),
    27: ("reverse",),
    29: ("strike",),
}
DRAWN_ON_BLANK = {"underline", "reverse", "strike"}


class TerminalScreen:
    def __init__(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self.clear()
        self.row = self.col = 0
        self.attrs: set[str] = set()
        self.fg = self.bg = "default"

    def clear(self) -> None:
        self.cells = [[(" ", "default")] * self.cols for _ in range(self.rows)]

    def feed(self, data: str | bytes) -> None:
        if isinstance(data, bytes):
            data = data.decode("utf-8", "replace")
        pos = 0
        for match in SEQUENCE.finditer(data):
            self._text(data[pos : match.start()])
            pos = match.end()
            token = match.group(0)
            if token == "\r":
                self.col = 0
            elif token == "\n":
                self.row = min(self.row + 1, self.rows - 1)
            elif match.group(3) == "H":
                numbers = [int(n) if n else 1 for n in (match.group(1) or "").split(";")]
                numbers += [1] * (2 - len(numbers))
                self.row = min(numbers[0], self.rows) - 1
                self.col = min(numbers[1], self.cols) - 1
            elif match.group(3) == "m":
                self._sgr(match.group(1))
            elif token in ("\x1b[?1049h", "\x1b[2J"):
                self.clear()
        self._text(data[pos:])

    def _sgr(self, params: str) -> None:
        codes = [int(c) if c else 0 for c in params.split(";")]
        i = 0
        while i < len(codes):
            code = codes[i]
            i += 1
            if code == 0:
                self.attrs, self.fg, self.bg = set(), "default", "default"
            elif code in ON:
                self.attrs.add(ON[code])
            elif code in OFF:
                self.attrs -= set(OFF[code])
            elif code in (38, 48):
                size = 2 if codes[i] == 5 else 4
                colour = ":".join(str(c) for c in codes[i : i + size])
                i += size
                if code == 38:
                    self.fg = colour
                else:
                    self.bg = colour
            elif code == 39:
                self.fg = "default"
            elif code == 49:
                self.bg = "default"
            elif 30 <= code <= 37 or 90 <= code <= 97:
                self.fg = str(code)
            elif 40 <= code <= 47 or 100 <= code <= 107:
                self.bg = str(code)

    def _look(self, blank: bool) -> object:
        if blank and not self.attrs & DRAWN_ON_BLANK:
            return self.bg
        return (self.fg, self.bg, frozenset(self.attrs))

    @staticmethod
    def _blank(look: object) -> object:
        if isinstance(look, tuple) and not look[2] & DRAWN_ON_BLANK:
            return look[1]
        return look

    def _text(self, text: str) -> None:
        for ch in text:
            width = get_character_cell_size(ch)
            if width == 0:
                if self.col > 0:
                    before, look = self.cells[self.row][self.col - 1]
                    self.cells[self.row][self.col - 1] = (before + ch, look)
                continue
            if self.col + width > self.cols:
                continue
            row, start, end = self.cells[self.row], self.col, self.col + width
            if row[start][0] == "" and start > 0:  # half of a wide character goes: all of it
                row[start - 1] = (" ", self._blank(row[start - 1][1]))
            if end < self.cols and row[end][0] == "":
                row[end] = (" ", self._blank(row[end][1]))
            self.cells[self.row][self.col] = (ch, self._look(ch == " "))
            if width == 2:
                self.cells[self.row][self.col + 1] = ("", self._look(False))
            self.col = min(self.col + width, self.cols)

    def text(self) -> list[str]:
        return ["".join(ch for ch, _ in row).rstrip() for row in self.cells]

    def looks(self) -> list[list[tuple[str, object]]]:
        return [list(row) for row in self.cells]
