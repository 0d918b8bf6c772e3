"""The hand-over between human seats: who plays next, before they see the table."""

from __future__ import annotations

from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.footer import KeysFooter

HandoverResult = Literal["go", "undo", "menu"]


class HandoverScreen(ModalScreen[HandoverResult]):
    """`Pass the keyboard to Bob` — enter or space continues; u lets the last writer undo."""

    BINDINGS = [
        Binding("enter", "go", "Play", key_display="⏎"),
        Binding("space", "go", "Play", show=False),
        Binding("u", "undo", "Undo last write"),
        Binding("escape", "menu", "Menu"),
    ]

    def __init__(self, name: str, detail: str, undo_by: str | None) -> None:
        super().__init__()
        self.player_name = name
        self.detail = detail
        self.undo_by = undo_by

    def compose(self) -> ComposeResult:
        text = Text(justify="center")
        text.append(_("Pass the keyboard to") + "\n\n")
        text.append(f"{self.player_name}\n\n", style="bold reverse")
        text.append(f"{self.detail}\n\n")
        text.append(_("Press enter when ready"))
        if self.undo_by:
            undo = _("(u: {name} takes back the last write)").format(name=self.undo_by)
            text.append(f"\n{undo}", style="dim")
        with Vertical(id="handover-box"):
            yield Static(text, id="handover-text")
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "undo" or self.undo_by is not None

    def action_go(self) -> None:
        self.dismiss("go")

    def action_undo(self) -> None:
        if self.undo_by is None:
            self.notify(_("Nothing to undo."), severity="warning", timeout=2)
            return
        self.dismiss("undo")

    def action_menu(self) -> None:
        self.dismiss("menu")
