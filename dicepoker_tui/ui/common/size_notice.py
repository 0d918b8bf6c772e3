"""What a screen shows in a terminal too small for it: the size it needs, not cut scores."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.widgets import Static

from dicepoker_tui.i18n import _


def too_small(size: Size, needed: tuple[int, int]) -> bool:
    return size.width < needed[0] or size.height < needed[1]


class SizeNotice(Static):
    """Hidden while the terminal is large enough; otherwise says what size is needed.
    The screen hides its own body meanwhile and keeps its footer (esc, ^q still work)."""

    DEFAULT_CSS = """
    SizeNotice {
        display: none; width: 1fr; height: 1fr; content-align: center middle;
        text-align: center; padding: 1 2;
    }
    """

    def __init__(self, needed: tuple[int, int], lobby: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.needed = needed
        self.lobby = lobby
        """Whether this is the lobby's notice (its words and keys), else a table's."""

    def fit(self, size: Size) -> bool:
        """Show or hide the notice for a terminal of `size`; whether it is shown."""
        small = too_small(size, self.needed)
        if small:
            text = Text()
            needs = (
                _("The lobby needs a terminal of at least {w}×{h} characters.")
                if self.lobby
                else _("This table needs a terminal of at least {w}×{h} characters.")
            )
            text.append(needs.format(w=self.needed[0], h=self.needed[1]), style="bold")
            text.append(
                "\n"
                + _("This one is {w}×{h}: make the window larger.").format(
                    w=size.width, h=size.height
                )
            )
            keys = _("ctrl+q quits.") if self.lobby else _("Escape opens the menu; ctrl+q quits.")
            text.append("\n\n" + keys, style="dim")
            self.update(text)
        self.display = small
        return small
