"""Asked when a table is left (escape): stay, go to the lobby, or quit. An unfinished game
is kept and offered in the resume list, where dropping it is a choice of its own (x)."""

from __future__ import annotations

from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.footer import KeysFooter

LeaveChoice = Literal["stay", "lobby", "quit"]


class LeaveScreen(ModalScreen[LeaveChoice]):
    """ "Leave the table?" — and what becomes of the game; escape stays."""

    BINDINGS = [Binding("escape", "stay", "Back")]

    def __init__(self, kept: bool) -> None:
        super().__init__()
        self.kept = kept
        """Whether the game is kept in the history (else it is lost when left)."""

    def compose(self) -> ComposeResult:
        what = (
            _("The game is kept and can be resumed.") if self.kept else _("This game is not saved.")
        )
        with Vertical(id="menu-box"):
            yield Static(_("Leave the table?"), classes="screen-title")
            yield Static(Text(what, style="dim"), id="leave-what")
            yield OptionList(
                Option(_("Stay at the table"), id="stay"),
                Option(_("Leave to the lobby"), id="lobby"),
                Option(_("Quit the app"), id="quit"),
                id="menu-options",
            )
        yield KeysFooter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id
        self.dismiss(choice if choice in ("lobby", "quit") else "stay")  # type: ignore[arg-type]

    def action_stay(self) -> None:
        self.dismiss("stay")
