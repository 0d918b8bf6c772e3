"""Short texts the screens show: dice, log lines of events, turn summaries."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size

from dicepoker_tui.engine.scoresheet import events as ev
from dicepoker_tui.engine.scoresheet.state import GameState
from dicepoker_tui.engine.scoresheet.variants.base import Variant
from dicepoker_tui.i18n import N_, _, ngettext
from dicepoker_tui.ui.scoresheet.sheet_model import result_line


def signed(value: float, digits: int = 1) -> str:
    """`+2.5`, `−36.0` with a true minus sign, and `0.0` for whatever rounds to zero."""
    shown = f"{abs(value):.{digits}f}"
    if float(shown) == 0:
        return shown
    return ("−" if value < 0 else "+") + shown


def loss_text(loss: float, digits: int = 1) -> str:
    """A loss as the points it takes away: `−2.4`, and `0.0` (never `−0.0`) for none."""
    return signed(-loss, digits)


def dice_text(dice: Sequence[int] | None) -> str:
    return " ".join(str(d) for d in dice) if dice else "—"


LEVEL_NAMES = {
    "heuristic": N_("heuristic"),
    "optimal": N_("optimal"),
    "strong": N_("strong"),
    "casual": N_("casual"),
    "novice": N_("novice"),
    "expert": N_("expert"),
}
"""The bot levels by name, for people (the level ids themselves never change)."""


def level_label(level: str | None) -> str:
    """A bot level as the screens show it: `heuristic` in the current language."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level or ""


def seat_label(state: GameState, seat: int) -> str:
    """`Ann` or `Bot 2 (heuristic)`."""
    player = state.players[seat]
    return f"{player.name} ({level_label(player.level)})" if player.kind == "bot" else player.name


def log_line(event: ev.Event, state: GameState, variant: Variant) -> str | None:
    """One line for the game log, or None for events the log leaves out.

    `state` is the state just after the event.
    """
    name = lambda seat: state.players[seat].name  # noqa: E731
    match event:
        case ev.TurnStarted(player=0, round=rnd) if len(state.players) > 1:
            return _("— round {round} —").format(round=rnd)
        case ev.BoxWritten():
            how = _("joker, ") if event.joker else ""
            throws = ngettext("{n} throw", "{n} throws", event.throws).format(n=event.throws)
            return (
                f"{name(event.player)}: {variant.label(event.box)} {event.points} "
                f"({how}{dice_text(event.dice)}, {throws})"
            )
        case ev.BonusAwarded():
            label = variant.bonus_label(event.bonus, event.label)
            return f"{name(event.player)}: {label} +{event.points}"
        case ev.ThrowsBanked():
            return ngettext(
                "{name} banks {n} throw", "{name} banks {n} throws", event.count
            ).format(name=name(event.player), n=event.count)
        case ev.StageFinished() if len(variant.stages) > 1:  # one stage: the game over says it
            return _("{name} finishes stage {stage} at {subtotal}").format(
                name=name(event.player), stage=event.stage, subtotal=event.subtotal
            )
        case ev.WriteUndone():
            return _("{name} takes back {box}").format(
                name=name(event.player), box=variant.label(event.box)
            )
        case ev.GameFinished():
            return _("Game over. {result}").format(result=result_line(state))
    return None


def shorten(text: str, width: int) -> str:
    """`text` in at most `width` cells, cut with an ellipsis when it is longer."""
    if cell_len(text) <= width:
        return text
    return set_cell_size(text, max(0, width - 1)) + "…" if width > 0 else ""
