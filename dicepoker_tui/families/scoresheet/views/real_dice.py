"""Real-dice mode: type the values of the dice thrown on the table."""

from __future__ import annotations

from collections.abc import Callable

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from dicepoker_tui.engine.dice import Dice
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.variants.base import WriteContext
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.common.text import dice_text


def parse_entry(text: str, old: Dice | None, held: tuple[bool, ...]) -> Dice:
    """Five digits, or only the dice thrown (the held ones are filled in); ValueError if not."""
    digits = "".join(ch for ch in text if not ch.isspace() and ch not in ",.-")
    if not digits.isdigit():
        raise ValueError(_("Use the digits 1 to 6 only."))
    values = [int(ch) for ch in digits]
    if any(not 1 <= v <= 6 for v in values):
        raise ValueError(_("A die shows 1 to 6."))
    free = [i for i in range(5) if not (old and held[i])]
    if len(values) == 5:
        return tuple(values)
    if old is not None and len(values) == len(free) and len(free) < 5:
        dice = list(old)
        for i, v in zip(free, values, strict=True):
            dice[i] = v
        return tuple(dice)
    if len(free) == 5:
        raise ValueError(_("Type 5 digits."))
    raise ValueError(_("Type 5 digits, or {n} for the dice not held.").format(n=len(free)))


class RealDiceScreen(ModalScreen[bool]):
    """An input for the five values, a live preview, and the engine's verdict on submit."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, game: Game, submit: Callable[[Dice], str | None]) -> None:
        super().__init__()
        self.game = game
        self.submit = submit

    def compose(self) -> ComposeResult:
        turn = self.game.state.turn
        assert turn is not None
        held = [i for i in range(5) if turn.dice and turn.held[i]]
        if held and turn.dice:
            kept = ", ".join(
                _("die {n} = {value}").format(n=i + 1, value=turn.dice[i]) for i in held
            )
            hint = _("Held: {kept}. Type all five values, or only the {n} thrown.").format(
                kept=kept, n=5 - len(held)
            )
        else:
            hint = _("Throw all five dice and type what they show, like 13456.")
        with Vertical(id="real-dice-box"):
            yield Static(
                _("Throw {n} — real dice").format(n=turn.throws + 1), classes="screen-title"
            )
            yield Static(hint, id="real-dice-hint")
            yield Input(
                placeholder=_("e.g. 13456"),
                restrict=r"[1-6 ,]*",
                max_length=9,
                id="real-dice-input",
            )
            yield Static("", id="real-dice-preview")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def _parse(self, text: str) -> Dice:
        turn = self.game.state.turn
        assert turn is not None
        return parse_entry(text, turn.dice, turn.held)

    def on_input_changed(self, event: Input.Changed) -> None:
        preview = self.query_one("#real-dice-preview", Static)
        try:
            dice = self._parse(event.value)
        except ValueError:
            preview.update(Text(_("Type the values to see what they would score."), style="dim"))
            return
        preview.update(self._preview(dice))

    def _preview(self, dice: Dice) -> Table | Text:
        turn = self.game.state.turn
        assert turn is not None
        variant = self.game.variant
        ctx = WriteContext(sheet=self.game.state.sheets[turn.player], throws=turn.throws + 1)
        ordered = tuple(sorted(dice))
        legal = variant.legal_boxes(ordered, ctx)
        grid = Table.grid(padding=(0, 2))
        for _column in range(3):
            grid.add_column()
        cells = [f"{variant.label(b)} {variant.score(b, ordered, ctx)}" for b in legal]
        for i in range(0, len(cells), 3):
            grid.add_row(*cells[i : i + 3])
        title = Text(_("{dice} would score:").format(dice=dice_text(dice)), style="bold")
        outer = Table.grid()
        outer.add_row(title)
        outer.add_row(grid)
        return outer

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            dice = self._parse(event.value)
        except ValueError as exc:
            self.notify(str(exc), severity="warning", timeout=3)
            return
        problem = self.submit(dice)
        if problem:
            self.notify(problem, severity="warning", timeout=3)
            return
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
