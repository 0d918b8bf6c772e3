"""The `winner` bot: plays each keep and each write for the chance to finish first.

Alone at the table it is the `optimal` bot. With others it reads every sheet and
takes the option of the best chance to win (`ai.win_policy`); in its last turn that
chance is exact against the others' final totals (exact for full sheets, normal for
the rest). Its tables are the expected-score table and the spread (`solver.spread`),
both built on first use.
"""

from __future__ import annotations

from dicepoker_tui.ai.bots import Action, KeepAndThrow, WriteBox
from dicepoker_tui.ai.policy import positions_of
from dicepoker_tui.ai.solver_bots import PolicyBot
from dicepoker_tui.engine.scoresheet.state import GameState
from dicepoker_tui.engine.scoresheet.variants.base import Variant

WINNER = "winner"

HORIZON: int | None = None
"""Open boxes from which on the bot plays for the chance to win (None: always)."""


def plays_to_win(open_boxes: int) -> bool:
    """Whether a seat with `open_boxes` boxes open plays for the chance to win."""
    return HORIZON is None or open_boxes <= HORIZON


class WinnerBot:
    """Maximises its chance to finish first; plays like `optimal` alone."""

    def __init__(self, seed: int | None = None) -> None:
        self.level = WINNER
        self._alone = PolicyBot("optimal", seed)

    def choose(self, state: GameState, variant: Variant) -> Action:
        turn = state.turn
        if turn is None:
            raise ValueError("the game is over")
        sheet = state.sheets[turn.player]
        open_boxes = sum(not sheet.filled(b) for b in variant.box_ids)
        if len(state.players) == 1 or turn.dice is None or not plays_to_win(open_boxes):
            return self._alone.choose(state, variant)
        # deferred: the spread loads numpy tables (built on first use)
        from dicepoker_tui.ai.solver.spread import get_spread
        from dicepoker_tui.ai.win_policy import win_options_for

        pick = win_options_for(get_spread(variant), state, points=False)[0]
        if pick.action == "write":
            return WriteBox(pick.box)
        return KeepAndThrow(positions_of(turn.dice, pick.keep))
