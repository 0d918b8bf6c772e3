"""Short texts the screens show: dice, log lines of events, turn summaries."""

from __future__ import annotations

from collections.abc import Sequence

from dicepoker_tui.engine.scoresheet import events as ev
from dicepoker_tui.engine.scoresheet.state import GameState
from dicepoker_tui.ui.sheet_model import result_line
from dicepoker_tui.variants.base import Variant


def dice_text(dice: Sequence[int] | None) -> str:
    return " ".join(str(d) for d in dice) if dice else "—"


def seat_label(state: GameState, seat: int) -> str:
    """`Ann` or `Bot 2 (heuristic)`."""
    player = state.players[seat]
    return f"{player.name} ({player.level})" if player.kind == "bot" else player.name


def log_line(event: ev.Event, state: GameState, variant: Variant) -> str | None:
    """One line for the game log, or None for events the log leaves out.

    `state` is the state just after the event.
    """
    name = lambda seat: state.players[seat].name  # noqa: E731
    match event:
        case ev.TurnStarted(player=0, round=rnd) if len(state.players) > 1:
            return f"— round {rnd} —"
        case ev.BoxWritten():
            how = "joker, " if event.joker else ""
            throws = "throw" if event.throws == 1 else "throws"
            return (
                f"{name(event.player)}: {variant.label(event.box)} {event.points} "
                f"({how}{dice_text(event.dice)}, {event.throws} {throws})"
            )
        case ev.BonusAwarded():
            return f"{name(event.player)}: {event.label} +{event.points}"
        case ev.ThrowsBanked():
            return (
                f"{name(event.player)} banks {event.count} throw{'s' if event.count != 1 else ''}"
            )
        case ev.StageFinished():
            return f"{name(event.player)} finishes stage {event.stage} at {event.subtotal}"
        case ev.WriteUndone():
            return f"{name(event.player)} takes back {variant.label(event.box)}"
        case ev.GameFinished():
            return f"Game over. {result_line(state)}"
    return None
