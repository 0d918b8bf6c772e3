"""A player's own cup drawn as small dice, or a notice that the cups are hidden."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.dice import face_lines

DIE_W, DIE_H = 7, 5
BIG_W, BIG_H = 11, 7
"""The dice in a big terminal, as large as the scoresheet table's."""


class CupDice(Widget):
    """`dice` drawn side by side under a title; `dice` None shows `hidden_text` instead."""

    DEFAULT_CSS = """
    CupDice { height: 6; width: 1fr; }
    """

    big: reactive[bool] = reactive(False, layout=True)
    dice: reactive[tuple[int, ...] | None] = reactive(None)
    title: reactive[str] = reactive("")
    hidden_text: reactive[str] = reactive("")
    """Shown instead of dice (already translated; empty: "Cups hidden")."""

    def watch_big(self, big: bool) -> None:
        self.styles.height = BIG_H + 1 if big else DIE_H + 1

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        text.append(self.title + "\n", style="bold")
        if self.dice is None:
            text.append(f"\n  {self.hidden_text or _('Cups hidden')}", style="dim italic")
            return text
        if not self.dice:
            text.append("\n  " + _("No dice left."), style="dim")
            return text
        width, height = (BIG_W, BIG_H) if self.big else (DIE_W, DIE_H)
        faces = [face_lines(d, width, height, False) for d in self.dice]
        for row in range(height):
            if row:
                text.append("\n")
            text.append(" ".join(face[row] for face in faces))
        return text


def show_cup(
    cup: CupDice, state: BiddingState, viewer: int | None, humans: bool, reveal_waits: bool
) -> None:
    """What the table's cup shows: the `viewer`'s dice, or why no cup shows (the game is
    over, bots only, a hand-over to come, the lifted cups still being read)."""
    if state.finished:
        cup.title = _("Cups")
        cup.hidden_text = _("Game over.")
        cup.dice = None
    elif viewer is None:
        cup.title = _("Cups")
        cup.hidden_text = (
            _("Cups hidden until hand-over") if humans else _("Cups hidden (bots only)")
        )
        cup.dice = None
    else:
        cup.title = _("{name}'s cup").format(name=state.players[viewer].shown)
        cup.dice = tuple(state.cups[viewer]) if state.cups else ()
        if reveal_waits:  # the new round's cup, once the lifted ones are read
            cup.hidden_text = _("Your new cup shows once the cups are read.")
            cup.dice = None
