"""Asked before a game starts that the history cannot keep: play anyway, or go back."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.footer import KeysFooter


class UnsavedGameScreen(ModalScreen[bool]):
    """Why the history cannot be used; y plays the game unsaved, n or escape goes back."""

    DEFAULT_CSS = """
    UnsavedGameScreen { align: center middle; }
    #unsaved-box { width: 60; height: auto; border: round $error; background: $panel;
                   padding: 0 1; }
    """
    BINDINGS = [
        Binding("y", "play", "Play unsaved"),
        Binding("n", "back", "Back"),
        Binding("escape", "back", "Back", show=False),
    ]

    def __init__(self, problem: str) -> None:
        super().__init__()
        self.problem = problem

    def compose(self) -> ComposeResult:
        text = Text()
        text.append(_("This game cannot be saved") + "\n\n", style="bold")
        text.append(self.problem + "\n\n")
        text.append(_("y: play it anyway, unsaved   n: back"))
        with Vertical(id="unsaved-box"):
            yield Static(text, id="unsaved-text")
        yield KeysFooter()

    def action_play(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)
