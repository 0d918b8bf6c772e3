"""Only the cells that changed: a full-screen app's output, rewritten for a terminal far away.

Textual repaints the whole region of a widget when anything in it changes, and writes
every run of text as `ESC[<style>m text ESC[0m`. Over SSH each of those bytes is encrypted,
sent and drawn; a throw of the dice would cost most of a frame. `ScreenDiff` sits between
the app and its terminal: it keeps what the terminal shows, cell by cell, and rewrites each
frame into the cells that differ from it, each run reached with one cursor move, with only
the style changes between cells. The picture is the same; only the bytes differ.

It understands what Textual writes for a frame: cursor positioning, SGR styles, text
(wide characters included), line breaks and synchronized-output brackets. Mode switches
that leave the screen alone (mouse, bracketed paste, cursor shape, titles) pass through.
Anything else passes through too, after which the terminal counts as unknown and every
cell the app draws next is sent again.
"""

from __future__ import annotations

import re
from itertools import groupby
from operator import itemgetter

from rich.cells import cell_len, get_character_cell_size

Pen = tuple[int, str, str, str]
"""(attribute bits, foreground code, background code, codes kept as they came)."""

RESET: Pen = (0, "", "", "")

_ATTR_ON = {
    "1": 1,
    "2": 2,
    "3": 4,
    "4": 8,
    "5": 16,
    "6": 32,
    "7": 64,
    "8": 128,
    "9": 256,
    "21": 512,
    "51": 1024,
    "52": 2048,
    "53": 4096,
}
_ATTR_CODES = sorted(((bit, code) for code, bit in _ATTR_ON.items()))
_ATTR_OFF = {
    "22": 1 | 2,
    "23": 4,
    "24": 8 | 512,
    "25": 16 | 32,
    "27": 64,
    "28": 128,
    "29": 256,
    "54": 1024 | 2048,
    "55": 4096,
}
_SHOWS_ON_SPACE = 8 | 64 | 256 | 512 | 1024 | 2048 | 4096
"""Attributes that draw something on a blank cell: underline, reverse, strike, frames."""

_TOKEN = re.compile(
    r"\x1b\[([0-9;]*)m([^\x00-\x1f\x7f\x1b]+)\x1b\[0m"  # 1, 2: styled text, as Textual writes it
    r"|\x1b\[([0-9;:]*)m"  # 3: SGR
    r"|\x1b\[(\d*)(?:;(\d*))?H"  # 4, 5: cursor position
    r"|(\x1b\[\?2026[hl])"  # 6: synchronized output
    r"|(\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[ -/]*[0-~]|[\x00-\x1f\x7f])"
)
_PRIVATE_MODE = re.compile(r"\x1b\[\?([\d;]*)[hl]")
_SCREEN_MODES = {"3", "6", "47", "69", "1047", "1048", "1049"}
"""Private modes that clear, switch or re-origin the screen."""
_HARMLESS = re.compile(
    r"\x1b\[\??[\d;]*\$p"  # mode queries
    r"|\x1b\[[<>=][\d;]*[a-zA-Z]"  # keyboard protocol and device attribute queries
    r"|\x1b\[\d* q"  # cursor shape
    r"|\x1b\](?!8;)[^\x07\x1b]*(?:\x07|\x1b\\)"  # titles, pointer shape (not hyperlinks)
    r"|\x07"
)

GAP = 4
"""Unchanged cells between two changes that are sent again rather than jumped over."""


def _apply_sgr(pen: Pen, params: str) -> Pen:
    attrs, fg, bg, raw = pen
    codes = params.split(";") if params else ["0"]
    i = 0
    while i < len(codes):
        code = codes[i]
        i += 1
        if code in ("", "0"):
            attrs, fg, bg, raw = RESET
        elif code in _ATTR_ON:
            attrs |= _ATTR_ON[code]
        elif code in _ATTR_OFF:
            attrs &= ~_ATTR_OFF[code]
        elif code in ("38", "48"):
            size = {"5": 2, "2": 4}.get(codes[i] if i < len(codes) else "", 0)
            if not size or i + size > len(codes):
                rest = ";".join(codes[i - 1 :])
                raw = f"{raw};{rest}" if raw else rest
                break
            value = ";".join(codes[i - 1 : i + size])
            i += size
            if code == "38":
                fg = value
            else:
                bg = value
        elif code == "39":
            fg = ""
        elif code == "49":
            bg = ""
        elif code.isdigit() and (30 <= int(code) <= 37 or 90 <= int(code) <= 97):
            fg = code
        elif code.isdigit() and (40 <= int(code) <= 47 or 100 <= int(code) <= 107):
            bg = code
        else:
            raw = f"{raw};{code}" if raw else code
    return attrs, fg, bg, raw


def _codes(pen: Pen) -> str:
    attrs, fg, bg, raw = pen
    parts = [code for bit, code in _ATTR_CODES if attrs & bit]
    parts += [part for part in (fg, bg, raw) if part]
    return ";".join(parts)


def _space_key(pen: Pen) -> object:
    """What a blank cell drawn with `pen` looks like (the foreground shows on none)."""
    return pen if pen[0] & _SHOWS_ON_SPACE or pen[3] else pen[2]


class ScreenDiff:
    """Rewrites a full-screen app's terminal output into what changed since the last frame."""

    def __init__(self) -> None:
        self._want_ch: list[list[str | None]] = []
        self._want_pen: list[list[Pen | None]] = []
        self._shown_ch: list[list[str | None]] = []
        self._shown_pen: list[list[Pen | None]] = []
        self._dirty: dict[int, list[int]] = {}
        self._pen: Pen = RESET
        self._at: tuple[int, int] | None = (0, 0)
        """Where the app's output has put the cursor (None: unknown)."""
        self._real_pen: Pen | None = None
        self._real_at: tuple[int, int] | None = None
        self._sync_wanted = False
        self._sync_open = False
        self._out: list[str] = []
        self._pens: dict[tuple[Pen, str], Pen] = {}
        self._moves: dict[tuple[Pen | None, Pen], str] = {}
        self._keys: dict[Pen, object] = {}

    # -- the whole screen ---------------------------------------------------------------------
    def reset(self) -> None:
        """Forget the screen (its size changed, or something else drew on it)."""
        self._want_ch.clear()
        self._want_pen.clear()
        self._forget()

    def _forget(self) -> None:
        for row in self._shown_ch:
            row[:] = [None] * len(row)
        self._real_pen = None
        self._real_at = None

    def screen_text(self) -> list[str]:
        """The screen as the app drew it, one string a row (unknown cells as spaces)."""
        return ["".join(ch or " " if ch != "" else "" for ch in row) for row in self._want_ch]

    # -- output in, output out ----------------------------------------------------------------
    def feed(self, data: str) -> str:
        """Take what the app writes; return what the terminal needs to show the same."""
        self._out = out = []
        pos = 0
        pens = self._pens
        for match in _TOKEN.finditer(data):
            start = match.start()
            if start > pos:
                self._text(data[pos:start])
            pos = match.end()
            params, text, sgr, row = match.group(1, 2, 3, 4)
            if text is not None or sgr is not None:
                key = (self._pen, sgr if text is None else params)
                pen = pens.get(key)
                if pen is None:
                    pen = pens[key] = _apply_sgr(*key)
                self._pen = pen
                if text is not None:
                    self._text(text)
                    self._pen = RESET
            elif row is not None:
                self._at = (int(row or 1) - 1, int(match.group(5) or 1) - 1)
            elif match.group(6) is not None:
                self._sync(match.group(6).endswith("h"))
            else:
                self._other(match.group(7))
        if pos < len(data):
            self._text(data[pos:])
        self._flush()
        self._place_cursor()
        self._out = []
        return "".join(out)

    def _emit(self, text: str) -> None:
        if self._sync_wanted and not self._sync_open:
            self._out.append("\x1b[?2026h")
            self._sync_open = True
        self._out.append(text)

    def _sync(self, begin: bool) -> None:
        """Synchronized-output brackets are sent only around a frame that sends something."""
        if begin:
            self._sync_wanted = True
            return
        self._flush()
        self._place_cursor()
        if self._sync_open:
            self._out.append("\x1b[?2026l")
        self._sync_wanted = self._sync_open = False

    def _other(self, token: str) -> None:
        if token == "\r":
            if self._at is not None:
                self._at = (self._at[0], 0)
            return
        if token == "\n":
            if self._at is not None:
                self._at = (self._at[0] + 1, 0)
            return
        mode = _PRIVATE_MODE.fullmatch(token)
        if _HARMLESS.fullmatch(token) or (
            mode is not None and not _SCREEN_MODES.intersection(mode.group(1).split(";"))
        ):
            self._flush()
            self._emit(token)
            return
        # Not understood: the terminal gets it as the app left things, then counts as unknown.
        self._flush()
        self._place_cursor()
        self._set_pen(self._pen)
        self._emit(token)
        self._forget()
        if token != "\x1b[6n":
            self._at = None

    # -- cells --------------------------------------------------------------------------------
    def _text(self, text: str) -> None:
        if self._at is None:  # nowhere known to put it: send it as it is
            self._flush()
            self._set_pen(self._pen)
            self._emit(text)
            self._forget()
            return
        r, c = self._at
        while len(self._want_ch) <= r:
            self._want_ch.append([])
            self._want_pen.append([])
            self._shown_ch.append([])
            self._shown_pen.append([])
        chars = self._want_ch[r]
        pens = self._want_pen[r]
        pen = self._pen
        if text.isascii() or cell_len(text) == len(text):
            cells = list(text)  # (a combining character would make the two differ)
        else:
            cells = []
            for ch in text:
                width = get_character_cell_size(ch)
                if width == 0:  # combining: part of the cell before
                    if cells:
                        cells[-1] += ch
                    continue
                cells.append(ch)
                if width == 2:
                    cells.append("")
        if not cells:
            return
        end = c + len(cells)
        if end > len(chars):
            grow = end - len(chars)
            chars.extend([None] * grow)
            pens.extend([None] * grow)
            self._shown_ch[r].extend([None] * grow)
            self._shown_pen[r].extend([None] * grow)
        lo = c
        if chars[c] == "" and c > 0:  # the right half of a wide character: it goes
            chars[c - 1] = " "
            lo = c - 1
        chars[c:end] = cells
        pens[c:end] = [pen] * len(cells)
        hi = end
        if end < len(chars) and chars[end] == "":  # the left half went: the right one too
            chars[end] = " "
            hi = end + 1
        span = self._dirty.get(r)
        if span is None:
            self._dirty[r] = [lo, hi]
        else:
            span[0] = min(span[0], lo)
            span[1] = max(span[1], hi)
        self._at = (r, end)

    def _key(self, pen: Pen) -> object:
        key = self._keys.get(pen)
        if key is None:
            key = self._keys[pen] = _space_key(pen)
        return key

    def _flush(self) -> None:
        """Send the cells the app changed since the last flush."""
        if not self._dirty:
            return
        key = self._key
        for r in sorted(self._dirty):
            lo, hi = self._dirty[r]
            want_ch, want_pen = self._want_ch[r], self._want_pen[r]
            shown_ch, shown_pen = self._shown_ch[r], self._shown_pen[r]
            if want_ch[lo:hi] == shown_ch[lo:hi] and want_pen[lo:hi] == shown_pen[lo:hi]:
                continue
            changed = [
                c
                for c, ch, pen, was, was_pen in zip(
                    range(lo, hi),
                    want_ch[lo:hi],
                    want_pen[lo:hi],
                    shown_ch[lo:hi],
                    shown_pen[lo:hi],
                    strict=True,
                )
                if ch != was
                or (
                    pen is not was_pen
                    and pen != was_pen
                    and (ch != " " or key(pen) != key(was_pen))
                )  # type: ignore[arg-type]
            ]
            if not changed:
                continue
            start = prev = changed[0]
            for c in changed[1:]:
                if c - prev - 1 <= GAP and None not in shown_ch[prev + 1 : c]:
                    prev = c
                    continue
                self._send_run(r, start, prev + 1)
                start = prev = c
            self._send_run(r, start, prev + 1)
        self._dirty.clear()

    def _send_run(self, r: int, start: int, end: int) -> None:
        want_ch, want_pen = self._want_ch[r], self._want_pen[r]
        while start > 0 and want_ch[start] == "":
            start -= 1
        if end < len(want_ch) and want_ch[end] == "":
            end += 1
        if self._real_at != (r, start):
            self._emit(f"\x1b[{r + 1};{start + 1}H")
        parts = []
        cur = self._real_pen
        moves = self._moves
        key = self._key
        for pen, cells in groupby(
            zip(want_pen[start:end], want_ch[start:end], strict=True), itemgetter(0)
        ):
            text = "".join([ch for _, ch in cells])  # "": the right half of a wide character
            if pen is not cur and pen != cur:
                assert pen is not None
                if cur is None or text.strip(" ") or key(pen) != key(cur):
                    move = moves.get((cur, pen))
                    if move is None:
                        move = moves[(cur, pen)] = self._sgr(cur, pen)
                    parts.append(move)
                    cur = pen
            parts.append(text)
        self._emit("".join(parts))
        self._real_pen = cur
        self._real_at = (r, end)
        self._shown_ch[r][start:end] = want_ch[start:end]
        self._shown_pen[r][start:end] = want_pen[start:end]

    # -- pen and cursor -----------------------------------------------------------------------
    @staticmethod
    def _sgr(cur: Pen | None, new: Pen) -> str:
        """The shortest SGR sequence that turns `cur` into `new`."""
        if cur is None or cur[3] or new[3] or cur[0] & ~new[0]:
            codes = _codes(new)
            return f"\x1b[0;{codes}m" if codes else "\x1b[0m"
        parts = [code for bit, code in _ATTR_CODES if new[0] & ~cur[0] & bit]
        if new[1] != cur[1]:
            parts.append(new[1] or "39")
        if new[2] != cur[2]:
            parts.append(new[2] or "49")
        return f"\x1b[{';'.join(parts)}m"

    def _set_pen(self, pen: Pen) -> None:
        if self._real_pen != pen:
            self._emit(self._sgr(self._real_pen, pen))
            self._real_pen = pen

    def _place_cursor(self) -> None:
        if self._at is not None and self._real_at != self._at:
            self._emit(f"\x1b[{self._at[0] + 1};{self._at[1] + 1}H")
            self._real_at = self._at
