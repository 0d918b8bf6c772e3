"""The table's menu (escape): back, scoresheet, help, theme, lobby, quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.footer import KeysFooter

MenuChoice = str  # "back" | "sheet" | "help" | "theme" | "lobby" | "quit"


class MenuScreen(ModalScreen[MenuChoice]):
    """A small list of choices; escape goes back to the table."""

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, kept: bool) -> None:
        super().__init__()
        self.kept = kept

    def compose(self) -> ComposeResult:
        leave = _("the game is kept") if self.kept else _("this game is not saved")
        with Vertical(id="menu-box"):
            yield Static(_("Menu"), classes="screen-title")
            yield OptionList(
                Option(_("Back to the table"), id="back"),
                Option(_("Scoresheet"), id="sheet"),
                Option(_("Help and rules"), id="help"),
                Option(_("Theme…"), id="theme"),
                Option(_("Lobby ({leave})").format(leave=leave), id="lobby"),
                Option(_("Quit ({leave})").format(leave=leave), id="quit"),
                id="menu-options",
            )
        yield KeysFooter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id or "back")

    def action_back(self) -> None:
        self.dismiss("back")
