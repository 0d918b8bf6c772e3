"""The `winner` bot: plays each keep and each write for the chance to finish first.

Alone at the table it is the `optimal` bot. With others it reads every sheet: in its
last turn it maximises the exact chance to win (given the others' final totals, exact
or normal); before that it plays the risk-adjusted table chosen for its deficit
(`ai.winning`). The tables are those of `solver.risk`, built on first use.
"""

from __future__ import annotations

from dicepoker_tui.ai.bots import Action, KeepAndThrow, WriteBox
from dicepoker_tui.ai.policy import Policy, positions_of
from dicepoker_tui.ai.risk_policy import Valued, best_of, valued_options
from dicepoker_tui.ai.solver_bots import PolicyBot
from dicepoker_tui.ai.winning import chance_to_win, rivals_of, theta_for
from dicepoker_tui.engine.scoresheet.state import GameState
from dicepoker_tui.engine.scoresheet.variants.base import Variant

WINNER = "winner"


def open_boxes(state: GameState, variant: Variant, seat: int) -> int:
    sheet = state.sheets[seat]
    return sum(not sheet.filled(b) for b in variant.box_ids)


def winning_options(state: GameState, variant: Variant) -> tuple[list[Valued], bool]:
    """The options of the seat to act valued for winning, and whether their values are
    chances to win (the last turn) rather than risk-adjusted totals."""
    from dicepoker_tui.ai.solver.risk import get_risk_tables  # deferred: numpy tables

    turn = state.turn
    assert turn is not None and turn.dice is not None
    risk = get_risk_tables(variant)
    model = risk.model
    seat = turn.player
    sheet = state.sheets[seat]
    rivals = rivals_of(risk, state.sheets, seat)
    if open_boxes(state, variant, seat) == 1:

        def utility(finals):
            return chance_to_win(finals, rivals)

        values = risk.table.values
        opts = valued_options(model, values, sheet, turn.dice, turn.throws, utility=utility)
        return opts, True
    mean, var = risk.sheet_moments(sheet)
    theta = theta_for(mean, var, rivals)
    opts = valued_options(model, risk.of(theta), sheet, turn.dice, turn.throws, theta=theta)
    return opts, False


class WinnerBot:
    """Maximises its chance to finish first; plays like `optimal` alone."""

    def __init__(self, seed: int | None = None) -> None:
        self.level = WINNER
        self._alone = PolicyBot("optimal", seed)

    def choose(self, state: GameState, variant: Variant) -> Action:
        turn = state.turn
        if turn is None:
            raise ValueError("the game is over")
        if len(state.players) == 1 or turn.dice is None:
            return self._alone.choose(state, variant)
        Policy.for_variant(variant)  # the expected-score table first (cached or built)
        pick = best_of(winning_options(state, variant)[0])
        if pick.action == "write":
            return WriteBox(pick.box)
        return KeepAndThrow(positions_of(turn.dice, pick.keep))
