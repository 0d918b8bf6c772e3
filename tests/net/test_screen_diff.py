"""`ScreenDiff`: the terminal shows the same picture from far fewer bytes."""

from __future__ import annotations

import random

from rich.color import ColorSystem
from rich.style import Style

from dicepoker_tui.ui.screen_diff import ScreenDiff

from .terminal_screen import TerminalScreen

COLS, ROWS = 40, 12
TEXTS = ["Aces", "  ", "──────", "● ●", "│", "throws 3 4", "中文", "e\u0301", "Ж", "    "]
COLOURS = [None, "color(234)", "color(32)", "#1e90ff", "red", "default"]


def random_style(rng: random.Random) -> Style:
    return Style(
        color=rng.choice(COLOURS),
        bgcolor=rng.choice(COLOURS),
        bold=rng.random() < 0.3,
        dim=rng.random() < 0.1,
        italic=rng.random() < 0.1,
        underline=rng.random() < 0.1,
        reverse=rng.random() < 0.15,
        strike=rng.random() < 0.05,
    )


def width(text: str) -> int:
    return sum(2 if ch in "中文" else 0 if ch == "\u0301" else 1 for ch in text)


class Widget:
    """A region of styled runs, repainted whole whenever any run in it changes (as Textual does)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.x, self.y = rng.randrange(COLS - 8), rng.randrange(ROWS)
        self.rows = [self.random_row() for _ in range(min(ROWS - self.y, rng.randint(1, 5)))]

    def random_row(self) -> list[tuple[str, Style]]:
        runs, used, limit = [], 0, self.rng.randint(4, COLS - self.x)
        while True:
            text = self.rng.choice(TEXTS)
            if used + width(text) > limit:
                return runs
            used += width(text)
            runs.append((text, random_style(self.rng)))

    def change(self) -> None:
        row = self.rng.randrange(len(self.rows))
        if self.rng.random() < 0.3:
            self.rows[row] = self.random_row()
        elif self.rows[row]:
            runs = self.rows[row]
            i = self.rng.randrange(len(runs))
            same = [t for t in TEXTS if width(t) == width(runs[i][0])]
            runs[i] = (self.rng.choice(same), random_style(self.rng))

    def paint(self, system: ColorSystem) -> str:
        out = []
        for y, runs in enumerate(self.rows, self.y):
            out.append(f"\x1b[{y + 1};{self.x + 1}H")
            out.extend(style.render(text, color_system=system) for text, style in runs)
            if self.rng.random() < 0.5:
                out.append("\n")
        return "".join(out)


def textual_frame(rng: random.Random, widgets: list[Widget], system: ColorSystem) -> str:
    """A frame: a few widgets changed a little and were repainted, then the cursor placed."""
    out = []
    for widget in rng.sample(widgets, rng.randint(1, 3)):
        widget.change()
        out.append(widget.paint(system))
    out.append(f"\x1b[{rng.randrange(ROWS) + 1};{rng.randrange(COLS) + 1}H")
    return "".join(out)


def test_the_terminal_shows_what_the_app_drew_from_far_fewer_bytes():
    for system in (ColorSystem.EIGHT_BIT, ColorSystem.TRUECOLOR, ColorSystem.STANDARD):
        rng = random.Random(int(system))
        diff = ScreenDiff()
        widgets = [Widget(rng) for _ in range(8)]
        plain, diffed = TerminalScreen(COLS, ROWS), TerminalScreen(COLS, ROWS)
        first = "".join(w.paint(system) for w in widgets)
        for screen in (plain, diffed):
            screen.feed(first)
        diff.feed(first)
        sent = written = 0
        for step in range(300):
            frame = textual_frame(rng, widgets, system)
            out = diff.feed(frame)
            plain.feed(frame)
            diffed.feed(out)
            written += len(frame.encode())
            sent += len(out.encode())
            assert diffed.looks() == plain.looks(), f"{system.name}, frame {step}"
            if step % 50 == 0:  # the same frame again: nothing new to send
                assert diff.feed(frame) == ""
        assert sent < written / 2


def test_a_repeated_frame_sends_nothing_and_one_changed_cell_a_few_bytes():
    diff = ScreenDiff()
    style = Style(color="color(253)", bgcolor="color(234)", bold=True)
    frame = "\x1b[?2026h" + "".join(
        f"\x1b[{row};1H" + style.render("Throw 1 of 3 · 2 left" + " " * 19) for row in range(1, 11)
    )
    first = diff.feed(frame + "\x1b[1;1H") + diff.feed("\x1b[?2026l")
    assert first.count("Throw 1 of 3") == 10 and first.startswith("\x1b[?2026h")
    assert diff.feed(frame + "\x1b[1;1H") + diff.feed("\x1b[?2026l") == ""
    changed = diff.feed(frame.replace("1 of 3 · 2", "2 of 3 · 1", 1) + "\x1b[1;1H")
    changed += diff.feed("\x1b[?2026l")
    assert "2" in changed and "Throw" not in changed and len(changed.encode()) < 60
    screen = TerminalScreen(40, 12)
    screen.feed(first + changed)
    assert (
        screen.text()[0] == "Throw 2 of 3 · 1 left" and screen.text()[1] == "Throw 1 of 3 · 2 left"
    )


def test_what_it_does_not_understand_passes_and_the_screen_is_then_sent_again():
    diff = ScreenDiff()
    frame = "\x1b[3;5H" + Style(bgcolor="color(32)").render("hello")
    assert "hello" in diff.feed(frame)
    assert diff.feed(frame) == ""
    out = diff.feed("\x1b[2J")  # a clear screen goes through as it is
    assert "\x1b[2J" in out
    assert "hello" in diff.feed(frame)
    diff.reset()  # a new size
    assert "hello" in diff.feed(frame)
    mouse = diff.feed("\x1b[?1000h\x1b]22;default\x07")  # modes that leave the screen alone
    assert mouse == "\x1b[?1000h\x1b]22;default\x07"
    assert diff.feed(frame) == ""
