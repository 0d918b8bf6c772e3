"""The table's menu (escape): back, scoresheet, help, theme, lobby, quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

MenuChoice = str  # "back" | "sheet" | "help" | "theme" | "lobby" | "quit"


class MenuScreen(ModalScreen[MenuChoice]):
    """A small list of choices; escape goes back to the table."""

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, kept: bool) -> None:
        super().__init__()
        self.kept = kept

    def compose(self) -> ComposeResult:
        leave = "the game is kept" if self.kept else "this game is not saved"
        with Vertical(id="menu-box"):
            yield Static("Menu", classes="screen-title")
            yield OptionList(
                Option("Back to the table", id="back"),
                Option("Scoresheet", id="sheet"),
                Option("Help and rules", id="help"),
                Option("Theme…", id="theme"),
                Option(f"Lobby ({leave})", id="lobby"),
                Option(f"Quit ({leave})", id="quit"),
                id="menu-options",
            )
        yield Footer(compact=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id or "back")

    def action_back(self) -> None:
        self.dismiss("back")
