"""Hints and coach notes from the solver's option values, as text (no Textual here).

`hint_for(policy, state)` answers the `h` key: what to highlight (dice positions to
keep, or the box to write) and a few lines with the expected final score and the next
best options with the points each gives up. `coach_note(played, best)` is the short
note after a costly decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from dicepoker_tui.families.scoresheet.bots.policy import Option, Policy, positions_of
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.text import loss_text

HINT_OPTIONS = 4
"""How many options a hint lists (the best one included)."""


@dataclass(frozen=True)
class Hint:
    """What the table shows for a hint."""

    text: str
    keep: tuple[int, ...] | None = None
    """Positions (0-4) of the dice to keep, when the best option is to throw again."""
    box: str | None = None
    """The box to write, when the best option is to write."""


def describe(option: Option, variant: Variant) -> str:
    """An option in words, with the box's label rather than its id."""
    if option.action == "write":
        return _("write {box} ({points})").format(
            box=variant.label_to_write(option.box), points=option.points
        )
    kept = " ".join(map(str, option.keep)) if option.keep else _("nothing")
    return _("keep {kept}, throw {n}").format(kept=kept, n=5 - len(option.keep))


def hint_for(policy: Policy, state: GameState, count: int = HINT_OPTIONS) -> Hint:
    """The hint for the player to act; a one-line message when there is nothing to advise."""
    turn = state.turn
    if turn is None:
        return Hint(_("The game is over: there is nothing left to decide."))
    if turn.dice is None:
        return Hint(_("Throw first: a hint needs dice on the table."))
    options = policy.options_for(state)
    best = options[0]
    lines = [
        _("Best: {option} · expected total {total}").format(
            option=describe(best, policy.variant), total=f"{best.expected:.1f}"
        )
    ]
    for option in options[1:count]:
        lines.append(f"  {describe(option, policy.variant)}: {loss_text(option.loss)}")
    text = "\n".join(lines)
    if best.action == "write":
        return Hint(text, box=best.box)
    return Hint(text, keep=positions_of(turn.dice, best.keep))


def coach_note(played: Option, best: Option, variant: Variant) -> str:
    """The coach's note after a decision that gave up points."""
    loss = best.expected - played.expected
    return _("Best was {best}; {played} gave up {loss} expected points.").format(
        best=describe(best, variant), played=describe(played, variant), loss=f"{loss:.1f}"
    )
