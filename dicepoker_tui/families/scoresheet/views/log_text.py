"""The scoresheet table's log: one line per event."""

from __future__ import annotations

from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.families.scoresheet.views.sheet_model import result_line
from dicepoker_tui.i18n import _, ngettext
from dicepoker_tui.ui.common.text import dice_text, level_label


def seat_label(state: GameState, seat: int) -> str:
    """`Ann` or `Bot 2 (heuristic)`."""
    player = state.players[seat]
    return f"{player.shown} ({level_label(player.level)})" if player.kind == "bot" else player.shown


def log_line(event: ev.Event, state: GameState, variant: Variant) -> str | None:
    """One line for the game log, or None for events the log leaves out.

    `state` is the state just after the event.
    """
    name = lambda seat: state.players[seat].shown  # noqa: E731
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
