"""The first screen of a browser tab on the game server: the nickname to play under.

A browser visitor has no SSH user name and no key: the name is picked here, and the hub
checks it (a name a key holds is refused; the visitor picks again).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from dicepoker_tui.i18n import _, current_language
from dicepoker_tui.ui.net.names import UNKEYED_MARK


class PickNameScreen(Screen[str]):
    """An input for the nickname; dismissed with it (Enter)."""

    BINDINGS = [Binding("ctrl+q", "app.quit", "Quit", show=False)]

    DEFAULT_CSS = """
    PickNameScreen { align: center middle; }
    PickNameScreen #pick-box {
        width: 60; height: auto; border: round $primary; padding: 0 1; background: $panel;
    }
    PickNameScreen #pick-problem { color: $warning; height: auto; }
    PickNameScreen #pick-hint { color: $text-muted; height: auto; }
    """

    def __init__(self, problem: str = "", last: str = "") -> None:
        super().__init__()
        self.problem = problem
        self.last = last
        self.language = current_language()
        """The language its words are in (a screen made ahead may be shown in another)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-box"):
            yield Static(_("dicepoker · your name at the tables"), classes="screen-title")
            yield Input(
                value=self.last,
                placeholder=_("name"),
                max_length=24,
                restrict=r"[A-Za-z0-9_.-]*",  # the hub checks the whole name
                id="pick-name",
            )
            yield Static(self.problem, id="pick-problem")
            hint = _(
                "Without an SSH key your name shows as {mark}name, and a name a key holds "
                "here cannot be used. Enter to go on."
            ).format(mark=UNKEYED_MARK)
            yield Static(hint, id="pick-hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if name:
            self.dismiss(name)
