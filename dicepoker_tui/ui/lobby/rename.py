"""A one-line dialog that asks for a seat's name."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from dicepoker_tui.family import NAME_MAX, name_problem
from dicepoker_tui.i18n import _


class RenameScreen(ModalScreen[str | None]):
    """Enter keeps the new name, escape the old one."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.old_name = name

    def compose(self) -> ComposeResult:
        with Vertical(id="rename-box"):
            yield Static(
                _("New name for {name}").format(name=self.old_name), classes="screen-title"
            )
            yield Input(value=self.old_name, max_length=NAME_MAX, id="rename-input")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        if not name:
            self.notify(_("A name needs at least one character."), severity="warning", timeout=2)
            return
        problem = name_problem(name)
        if problem:
            self.notify(problem, severity="warning", timeout=3, markup=False)
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)
