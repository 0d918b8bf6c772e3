"""Everyone's full sheet side by side; at the end of a game, the result and what next."""

from __future__ import annotations

from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center
from textual.screen import Screen
from textual.widgets import Static

from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.views.sheet import SheetTable
from dicepoker_tui.families.scoresheet.views.sheet_model import result_line
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.common.fresh_keys import FreshKeys

ResultChoice = Literal["new", "rematch", "lobby"]


class ScoresheetScreen(FreshKeys, Screen[ResultChoice | None]):
    """The sheet; it follows the game live. Once the game is over: new game, rematch, lobby.
    Keys typed before the sheet showed, or before the game ended under it, are dropped."""

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("s", "close", "Back", show=False),
        Binding("n", "choose('new')", "New game"),
        Binding("m", "choose('rematch')", "Rematch"),
        Binding("l", "choose('lobby')", "Lobby"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self._unsubscribe = None
        self.keys_fresh_from_now()

    def compose(self) -> ComposeResult:
        yield Static(id="sheet-title", classes="screen-title")
        with Center(id="sheet-center"):
            yield SheetTable(id="sheet-table")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._unsubscribe = self.game.subscribe(self._on_event)
        self._refresh_sheet()
        self.query_one(SheetTable).focus()

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()

    def on_resize(self) -> None:
        self._refresh_sheet()

    def _on_event(self, event: ev.Event, state: GameState) -> None:
        if isinstance(event, ev.GameFinished):  # the game ended under the sheet: a result now
            self.keys_fresh_from_now()
        if isinstance(event, ev.BoxWritten | ev.WriteUndone | ev.GameFinished):
            self.call_next(self._refresh_sheet)

    def _refresh_sheet(self) -> None:
        if not self.query("#sheet-title"):  # closed while a bot's write was on its way
            return
        state = self.game.state
        variant = self.game.variant
        title = Text()
        if state.finished:
            title.append(_("Game over") + "  ", style="bold reverse")
            title.append(f" {variant.display_name} — {result_line(state)}", style="bold")
        else:
            rnd = state.turn.round if state.turn else 0
            title.append(
                _("{variant} — scoresheet, round {round} of {rounds}").format(
                    variant=variant.display_name, round=rnd, rounds=len(variant.boxes)
                )
            )
        self.query_one("#sheet-title", Static).update(title)
        self.query_one(SheetTable).show(variant, state)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":
            return self.game.finished
        return True

    def action_close(self) -> None:
        self.dismiss(None)

    def action_choose(self, choice: ResultChoice) -> None:
        self.dismiss(choice)
