"""What a screen must not do at 80×24, read from the screen as drawn (its text) and its
widgets: cut a line without an ellipsis, wrap a row into an orphan, leave a key out of
its footer, or show a counter that contradicts itself."""

from __future__ import annotations

import itertools
import re

from textual.app import App
from textual.screen import ModalScreen
from textual.scroll_view import ScrollView
from textual.widgets import Footer

from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.common.help import HelpScreen
from dicepoker_tui.ui.common.textual_private import screen_lines

RIGHT_BORDERS = "│╮╯┃"
CUT_BEFORE_BORDER = re.compile(r"[\w,.;:)(]")

COUNTERS = (  # «first» of «last»: the first never exceeds the last
    ("Throw {n} of {total}", "n", "total"),
    ("Stage {n} of {total}", "n", "total"),
    ("round {round} of {rounds}", "round", "rounds"),
    ("page {page} of {pages}", "page", "pages"),
)


def _pattern(template: str) -> re.Pattern[str]:
    """`Кидок {n} з {total}` → a pattern with a named number group per placeholder."""
    parts = re.split(r"\{(\w+)\}", template)
    out = ""
    for i, part in enumerate(parts):
        out += re.escape(part) if i % 2 == 0 else rf"(?P<{part}>-?\d+)"
    return re.compile(out)


def problems(app: App) -> list[str]:
    """Everything wrong with the screen shown now (an empty list when it reads cleanly)."""
    lines = screen_lines(app)
    found = []
    found += _scrollbars(app)
    body = lines[:-1]  # the footer has its own check
    if isinstance(app.screen, ModalScreen) and app.screen.children:
        box = app.screen.children[0].region  # a dialog: only it, not the screen behind it
        body = [line[box.x : box.right] for line in body[box.y : box.bottom]]
    found += _cut_lines(body)
    found += _footer_keys(app, lines[-1])
    found += _counters(lines)
    if isinstance(app.screen, HelpScreen):
        found += _orphans(lines[1:-1])
    return found


def _scrollbars(app: App) -> list[str]:
    """A widget scrolled sideways (or whose lines are wider than it, scrollbar or not)
    hides the ends of its lines."""
    found = []
    for widget in app.screen.query("*"):
        if not widget.display or isinstance(widget, Footer) or not widget.is_scrollable:
            continue
        if widget.show_horizontal_scrollbar and widget.styles.scrollbar_size_horizontal > 0:
            found.append(f"horizontal scrollbar on {widget!r}")
        elif (
            isinstance(widget, ScrollView)  # a log, list or table: its widest line
            and widget.virtual_size.width > widget.scrollable_content_region.width > 0
        ):
            found.append(f"lines wider than {widget!r}: {widget.virtual_size.width}")
    return found


def _cut_lines(lines: list[str]) -> list[str]:
    """Text running into a panel's right border (every panel pads its text) or off the
    screen's last column, without an ellipsis."""
    found = []
    for row, line in enumerate(lines):
        for col, char in enumerate(line):
            if char in RIGHT_BORDERS and col and CUT_BEFORE_BORDER.match(line[col - 1]):
                found.append(f"row {row}: text cut at a border: {line.rstrip()!r}")
                break
        else:
            if line[-1:].isalnum() and line[-2:-1].isalnum():
                found.append(f"row {row}: text cut at the screen's edge: {line.rstrip()!r}")
    return found


def footer_drawn(app: App) -> bool:
    """Whether the screen's footer has its keys on the screen (it composes a frame late)."""
    return not app.screen.query(KeysFooter) or bool(screen_lines(app)[-1].strip())


def _footer_keys(app: App, footer: str) -> list[str]:
    """Every key the screen's footer lists (its shown bindings) is on the footer's line."""
    if isinstance(app.screen, ModalScreen) or not app.screen.query(KeysFooter):
        return []
    found = []
    seen: set[str] = set()
    tokens = footer.split()
    for _key, (_node, binding, _enabled, _tip) in app.screen.active_bindings.items():
        if not binding.show or binding.action in seen:
            continue
        seen.add(binding.action)
        display = app.get_key_display(binding)
        shortest = display.rsplit("/", 1)[-1] if "/" in display.strip("/") else display
        if display not in tokens and shortest not in tokens:
            found.append(f"the footer lost {display} ({binding.description}): {footer!r}")
    return found


def _counters(lines: list[str]) -> list[str]:
    text = "\n".join(lines)
    found = []
    for template, first, last in COUNTERS:
        for match in _pattern(_(template)).finditer(text):
            if int(match[first]) > int(match[last]):
                found.append(f"a counter contradicts itself: {match[0]!r}")
    return found


def _orphans(lines: list[str]) -> list[str]:
    """In a help text: a line that starts left of the row before it, in lower case or with
    a number, is the soft-wrapped end of an indented row."""
    found = []
    for before, line in itertools.pairwise(lines):
        indent = len(line) - len(line.lstrip())
        if not line.strip() or not before.strip():
            continue
        if indent < len(before) - len(before.lstrip()):
            first = line.lstrip()[:1]
            if first.islower() or first.isdigit():
                found.append(f"an orphan of a wrapped row: {before.rstrip()!r} / {line.rstrip()!r}")
    return found
