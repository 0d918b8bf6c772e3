"""An honest heuristic bot that plays every variant sensibly.

It values a write as its points minus the box's "par" (what the box usually earns
when aimed at, scaled down), plus any bonus the write triggers, and looks ahead over
the throws left in the turn with the keep graph. So it keeps toward the box that
looks best and only scratches where little is lost.
"""

from __future__ import annotations

import random
from functools import cache

from dicepoker_tui.engine.dice import Dice
from dicepoker_tui.families.scoresheet.bots.bots import Action, KeepAndThrow, WriteBox
from dicepoker_tui.families.scoresheet.bots.keeps import (
    ROLLS,
    all_keeps,
    completions,
    keep_positions,
    sub_keeps,
)
from dicepoker_tui.families.scoresheet.rules.state import GameState, Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant, WriteContext
from dicepoker_tui.families.scoresheet.rules.variants.registry import get_variant

PAR_SCALE = 0.8
BANKED_THROW_VALUE = 2.5
LOOKAHEAD = 2


def _turn_values(
    write_value: dict[Dice, float], throws: int, first: dict[Dice, float] | None = None
) -> dict[Dice, float]:
    """Value of holding each roll with `throws` throws left, playing greedily after."""
    values = dict(write_value)
    for _ in range(throws):
        keep_value = {k: sum(p * values[r] for r, p in completions(k)) for k in all_keeps()}
        values = {
            roll: max(write_value[roll], max(keep_value[k] for k in sub_keeps(roll) if len(k) < 5))
            for roll in ROLLS
        }
    return values


@cache
def par(variant_id: str, box: str) -> float:
    """What `box` usually earns in a turn aimed only at it, scaled by PAR_SCALE."""
    variant = get_variant(variant_id)
    later = {r: float(variant.score(box, r, WriteContext(throws=2))) for r in ROLLS}
    values = _turn_values(later, 2)
    first = {r: float(variant.score(box, r, WriteContext(throws=1))) for r in ROLLS}
    opening = {r: max(first[r], values[r]) for r in ROLLS}
    expected = sum(p * opening[r] for r, p in completions(()))
    return PAR_SCALE * expected


class HeuristicBot:
    """Greedy over the boxes, exact over the throws of one turn."""

    level = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._cache_key: tuple | None = None
        self._cache: dict[Dice, float] = {}

    def choose(self, state: GameState, variant: Variant) -> Action:
        turn = state.turn
        if turn is None or turn.dice is None:
            return KeepAndThrow(())
        sheet = state.sheets[turn.player]
        dice = tuple(sorted(turn.dice))
        now_ctx = WriteContext(sheet=sheet, throws=turn.throws)
        best_box, best_value = self._best_write(variant, sheet, dice, now_ctx)
        throws_left = variant.throws_left(sheet, turn.throws)
        if throws_left <= 0:
            return WriteBox(best_box)
        from_bank = turn.throws >= variant.throws_per_turn
        later = self._write_values(variant, sheet)
        values = _turn_values(later, min(throws_left, LOOKAHEAD) - 1)
        cost = BANKED_THROW_VALUE if from_bank else 0.0
        best_keep, keep_value = None, best_value
        for keep in sub_keeps(dice):
            if len(keep) == 5:
                continue
            value = sum(p * values[r] for r, p in completions(keep)) - cost
            if value > keep_value + 1e-9:
                best_keep, keep_value = keep, value
        if best_keep is None:
            return WriteBox(best_box)
        return KeepAndThrow(keep_positions(turn.dice, best_keep))

    def _best_write(
        self, variant: Variant, sheet: Sheet, dice: Dice, ctx: WriteContext
    ) -> tuple[str, float]:
        options = []
        for box in variant.legal_boxes(dice, ctx):
            points = variant.score(box, dice, ctx)
            after = sheet.model_copy(deep=True)
            after.scores[box] = points
            bonus = sum(b.points for b in variant.bonuses_after_write(sheet, after, box, dice, ctx))
            banked = variant.banked_throws(box, ctx) * BANKED_THROW_VALUE
            options.append((points + bonus + banked - par(variant.id, box), box))
        value, box = max(options)
        return box, value

    def _write_values(self, variant: Variant, sheet: Sheet) -> dict[Dice, float]:
        key = (variant.id, tuple(sorted(sheet.scores.items())), sheet.bank)
        if key != self._cache_key:
            self._cache_key, self._cache = key, self._compute_write_values(variant, sheet)
        return self._cache

    def _compute_write_values(self, variant: Variant, sheet: Sheet) -> dict[Dice, float]:
        ctx = WriteContext(sheet=sheet, throws=2)
        values = {}
        for roll in ROLLS:
            values[roll] = max(
                variant.score(box, roll, ctx) - par(variant.id, box)
                for box in variant.legal_boxes(roll, ctx)
            )
        return values
