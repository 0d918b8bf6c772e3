"""One turn played for the chance to win, batched over many sheets (games) at once.

The expected-score solver values a write as its points plus the mean of the sheet it
leads to. Here a write leads to a sheet of known points and known (mean, variance) of
the points still to come (`solver.spread`); its worth is `winning.win_utility` of that
against the other seats of the same game. The box terms are rebuilt with those
utilities (one class per roll that earns extra points, since the utility is not
linear), and the kernels of the solver then take expectations and maxima over the
turn's keeps and throws as they do for points: the turn maximises the expected chance
to win, exactly given the (normal) view of every seat's future.
"""

from __future__ import annotations

import numpy as np

from dicepoker_tui.families.scoresheet.bots.winning import win_utility
from dicepoker_tui.families.scoresheet.solver.kernel import best_keep, concat_keeps, expect_down
from dicepoker_tui.families.scoresheet.solver.model import Fields
from dicepoker_tui.families.scoresheet.solver.spread import Spread
from dicepoker_tui.families.scoresheet.solver.terms import (
    BoxTerm,
    per_roll_extras,
    with_floor,
    write_values,
)

FUTURE_SPREAD = 1.5
"""The variance still to come, as a multiple of the optimal-play variance: a player who
keeps playing to win makes more of a lead or a deficit than optimal play does."""


class WinTurn:
    """Write terms valued for winning, for a batch of sheets at the start of a turn.

    `base` holds each sheet's points so far; `rival_mean`, `rival_var` (rivals, n) the
    other seats' final totals in the same games."""

    def __init__(
        self,
        spread: Spread,
        fields: Fields,
        base: np.ndarray,
        rival_mean: np.ndarray,
        rival_var: np.ndarray,
    ) -> None:
        self.spread = spread
        self.model = spread.model
        self.fields = fields
        self.n = len(base)
        self.base = np.asarray(base, dtype=np.float64)
        self.rival_mean = rival_mean
        self.rival_var = rival_var
        self._terms: dict = {}
        self._writes: dict = {}

    def terms(self, t: int) -> list[BoxTerm]:
        """Box terms after throw `t`, valued by the chance to win."""
        key = self.model.write_key(t)
        if key not in self._terms:
            self._terms[key] = self._build(t)
        return self._terms[key]

    def _build(self, t: int) -> list[BoxTerm]:
        model, spread = self.model, self.spread
        means = model.terms(self.fields, t, spread.mean)
        spreads = model.terms(self.fields, t, spread.mean_plus_var)
        out = []
        for m, s in zip(means, spreads, strict=True):
            assert m.box == s.box
            c = m.classes
            mean = m.values
            with np.errstate(invalid="ignore"):  # -inf - -inf: a closed box
                var = s.values - m.values
            if len(c.extra_rows):
                cls = c.rowmap[c.extra_rows]
                mean = np.concatenate([mean, mean[cls] + c.extra_points[:, None]])
                var = np.concatenate([var, var[cls]])
                c = per_roll_extras(c)
            k = FUTURE_SPREAD
            value = win_utility(self.base + mean, k * var, self.rival_mean, k * self.rival_var)
            if not (value >= value[c.zero]).all():
                value, c = with_floor(value, c)
            out.append(BoxTerm(m.box, value, c, m.joker_rows, m.joker_legal))
        return out

    def writes(self, t: int) -> np.ndarray:
        """(252, n): the worth of the best write after throw `t`, per roll."""
        key = self.model.write_key(t)
        if key not in self._writes:
            self._writes[key] = write_values(self.terms(t), self.n)
        return self._writes[key]

    def keep_values(self, last: int, down_to: int) -> dict[int, np.ndarray]:
        """Throw `t` (from `last - 1` down to `down_to`) → (462 keeps, n): the worth of
        each keep before the next throw."""
        out: dict[int, np.ndarray] = {}
        x = self.writes(last)
        for t in range(last - 1, down_to - 1, -1):
            k = expect_down(x)
            out[t] = concat_keeps(k)
            if t > down_to:
                x = np.maximum(self.writes(t), best_keep(k))
        return out
