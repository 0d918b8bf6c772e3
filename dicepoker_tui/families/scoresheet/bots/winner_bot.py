"""The `winner` bot: plays each keep and each write for the chance to finish first.

Alone at the table it is the `optimal` bot. With others it reads every sheet and
takes the option of the best chance to win (`ai.win_policy`); in its last turn that
chance is exact against the others' final totals (exact for full sheets, normal for
the rest). In the variants of `RISK_UNTIL` its early turns are played instead with the
risk-adjusted table its race asks for (`solver.risk`, `ai.risk_turn`). Its tables are
the expected-score table, the spread (`solver.spread`) and, there, the risk tables, all
built on first use.
"""

from __future__ import annotations

from dicepoker_tui.families.scoresheet.bots.bots import Action, KeepAndThrow, WriteBox
from dicepoker_tui.families.scoresheet.bots.policy import positions_of
from dicepoker_tui.families.scoresheet.bots.solver_bots import PolicyBot
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant

WINNER = "winner"

RISK_UNTIL: dict[str, int] = {"yatzy": 2, "dice-poker": 2, "dice-poker-bank": 2}
"""Variants whose early turns the bot plays with a risk attitude (θ = deficit over both
seats' remaining variance), while more boxes than this are open; for the chance to win
after. Measured better than every turn for the chance to win only in these (docs/bots.md, by
`bench/win_paired.py`: +0.12 % of the wins in Yatzy, +0.29 % in dice poker, +0.96 % with
the roll bank, but -0.24 % in Yahtzee, whose Yahtzee bonuses make a risk-seeking table
chase them)."""


def takes_risks(variant_id: str, open_boxes: int) -> bool:
    """Whether the bot plays a turn with `open_boxes` open with a risk attitude."""
    until = RISK_UNTIL.get(variant_id)
    return until is not None and open_boxes > until


def needs_risk_tables(variant_id: str) -> bool:
    """Whether the bot's early turns in this variant need the risk tables."""
    return variant_id in RISK_UNTIL


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
        if len(state.players) == 1 or turn.dice is None:
            return self._alone.choose(state, variant)
        # deferred: the spread loads numpy tables (built on first use)
        from dicepoker_tui.families.scoresheet.bots.win_policy import risk_pick, win_options_for
        from dicepoker_tui.families.scoresheet.solver.spread import get_spread
        from dicepoker_tui.families.scoresheet.solver.targets import get_targets, has_targets

        spread = get_spread(variant)
        # loaded here, `win_options_for` values the last turns with them
        targets = get_targets(variant) if has_targets(variant.id) else None
        if targets is not None and targets.covers(open_boxes):
            pick = win_options_for(spread, state, points=False)[0]
        elif takes_risks(variant.id, open_boxes):
            from dicepoker_tui.families.scoresheet.solver.risk import get_risk

            seat, risk = turn.player, get_risk(variant)
            picked = risk_pick(spread, risk, state.sheets, seat, turn.dice, turn.throws)
            if picked is None:  # no risk wanted: the expected-score play
                return self._alone.choose(state, variant)
            pick = picked
        else:
            pick = win_options_for(spread, state, points=False)[0]
        if pick.action == "write":
            return WriteBox(pick.box)
        return KeepAndThrow(positions_of(turn.dice, pick.keep))
