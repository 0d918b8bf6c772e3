"""One turn played with a risk attitude θ, batched over many sheets at once.

A risk-adjusted table (`solver.risk`) holds, for one θ, the certainty equivalent of the
points still to come for a player who maximises E[exp(θ · score)] (θ > 0 seeks risk,
θ < 0 avoids it). Playing a turn for that utility is playing it with the box terms
turned into utilities, sign(θ) · exp(θ · (value − shift)): the solver's plain kernels
then take expectations and maxima of utilities, which is exactly that player's turn.
`shift` (the turn-start state's own certainty equivalent) only keeps the numbers in
range. The same interface as `WinTurn`, so the simulation plays either.
"""

from __future__ import annotations

import numpy as np

from dicepoker_tui.families.scoresheet.bots.win_turn import WinTurn
from dicepoker_tui.families.scoresheet.solver.model import Fields, Model
from dicepoker_tui.families.scoresheet.solver.terms import BoxTerm, per_roll_extras, with_floor

RISK_SCALE = 1.0
"""The risk attitude of the bot's early turns, as a multiple of deficit / variance."""


def risk_wanted(
    own_mean: np.ndarray, own_var: np.ndarray, rival_mean: np.ndarray, rival_var: np.ndarray
) -> np.ndarray:
    """θ per game: the deficit to the best rival over both seats' remaining variance
    (the exchange rate between mean and variance of a normal race), times RISK_SCALE."""
    best = np.argmax(rival_mean, axis=0)
    cols = np.arange(rival_mean.shape[1])
    deficit = rival_mean[best, cols] - own_mean
    total = np.maximum(own_var + rival_var[best, cols], 1.0)
    return RISK_SCALE * deficit / total


class RiskTurn(WinTurn):
    """Write terms valued by the utility exp(θ · score), for a batch of sheets (the
    keeps and writes of `WinTurn` follow from them)."""

    def __init__(self, model: Model, values: np.ndarray, theta: float, fields: Fields) -> None:
        self.model = model
        self.values = values
        """The risk-adjusted table of `theta` (certainty equivalents per state)."""
        self.theta = float(theta)
        self.fields = fields
        self.n = len(next(iter(fields.values())))
        self.shift = values[model.index(fields)].astype(np.float64)
        self._terms: dict = {}
        self._writes: dict = {}

    def _build(self, t: int) -> list[BoxTerm]:
        out = []
        sign = 1.0 if self.theta > 0 else -1.0
        for m in self.model.terms(self.fields, t, self.values):
            c = m.classes
            ce = m.values
            if len(c.extra_rows):
                cls = c.rowmap[c.extra_rows]
                ce = np.concatenate([ce, ce[cls] + c.extra_points[:, None]])
                c = per_roll_extras(c)
            finite = np.isfinite(ce)
            with np.errstate(over="ignore", invalid="ignore"):
                u = sign * np.exp(self.theta * (np.where(finite, ce, 0.0) - self.shift))
            value = np.where(finite, u, -np.inf)
            if not (value >= value[c.zero]).all():
                value, c = with_floor(value, c)
            out.append(BoxTerm(m.box, value, c, m.joker_rows, m.joker_legal))
        return out
