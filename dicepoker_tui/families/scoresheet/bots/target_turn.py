"""One of the last turns played for the chance to win with the target tables.

A write leads to a sheet of known points b and a state whose target table gives, for
each r, the best chance of scoring at least r more (`solver.targets`). Against the
best other seat's final total M (the highest of the others' normals, on whole points),
its worth is P(M < b) plus, for each total M = m ≥ b, P(M = m) times the chance of
ending above m (a tie counting half): the player is taken to aim, from then on, at the
total it has to beat. The kernels of the solver then play the turn's keeps and throws
for that worth, as `WinTurn` does with a normal of its own future.
"""

from __future__ import annotations

import numpy as np

from dicepoker_tui.families.scoresheet.bots.win_turn import WinTurn
from dicepoker_tui.families.scoresheet.bots.winning import UTILITY_TIE, normal_cdf
from dicepoker_tui.families.scoresheet.solver.model import Fields
from dicepoker_tui.families.scoresheet.solver.targets import Targets, split_extras, write_parts
from dicepoker_tui.families.scoresheet.solver.terms import BoxTerm, with_floor

EXACT_RIVALS = True
"""Whether a rival whose state has a target table is followed exactly (as the
expected-score player ends from there) instead of by its normal."""

SIGMAS = 8.0
"""How far above its mean a normal total is followed, in standard deviations."""


def best_rival(
    rival_mean: np.ndarray,
    rival_var: np.ndarray,
    length: int,
    exact: tuple[Targets, np.ndarray, np.ndarray] | None = None,
) -> np.ndarray:
    """(n, length) P(the best other seat's final total ≤ m) for m = 0 .. length - 1, from
    (rivals, n) normals of whole points (variance 0: that total for sure). With `exact`
    (target tables, (rivals, n) turn-start states, points so far), a rival whose state
    has a table ends as the expected-score player does from there."""
    m = np.arange(length, dtype=np.float64)[None, :]
    cdf = np.ones((rival_mean.shape[1], length))
    for j, (mean, var) in enumerate(zip(rival_mean, rival_var, strict=True)):
        sd = np.sqrt(np.maximum(var, 0.0))[:, None]
        mu = mean[:, None]
        with np.errstate(divide="ignore", invalid="ignore"):
            z = np.where(sd > 0, (m + 0.5 - mu) / np.where(sd > 0, sd, 1.0), 0.0)
        one = np.where(sd > 0, normal_cdf(z), (m >= np.rint(mu)).astype(np.float64))
        if exact is not None:
            targets, states, points = exact
            hit = targets.has_table(states[j]) & (var > 0)
            if hit.any():
                one[hit] = targets.final_below(states[j][hit], points[j][hit], length)
        cdf *= one
    return cdf


class TargetTurn(WinTurn):
    """Write terms valued with the target tables, for a batch of sheets near the end."""

    def __init__(
        self,
        targets: Targets,
        fields: Fields,
        base: np.ndarray,
        rival_mean: np.ndarray,
        rival_var: np.ndarray,
        rival_states: np.ndarray | None = None,
        rival_points: np.ndarray | None = None,
    ) -> None:
        """`rival_states` and `rival_points` ((rivals, n) turn-start states, -1 where
        none, and points so far) let the rivals near the end be followed exactly."""
        self.targets = targets
        self.model = targets.table.model
        self.fields = fields
        self.n = len(base)
        self.base = np.asarray(base, dtype=np.float64)
        top = rival_mean + SIGMAS * np.sqrt(np.maximum(rival_var, 0.0))
        self.length = int(np.ceil(top.max())) + 2 if top.size else 2
        exact = None
        if EXACT_RIVALS and rival_states is not None and rival_points is not None:
            exact = (targets, rival_states, rival_points)
        self.cdf = best_rival(rival_mean, rival_var, self.length, exact)
        self._terms: dict = {}
        self._writes: dict = {}

    def _worth(self, own: np.ndarray, nxt: np.ndarray) -> np.ndarray:
        """(C, n) chance to win of ending a write at total `own` in state `nxt`."""
        tg = self.targets
        width = tg.width
        own_i = np.rint(own).astype(np.int64)
        cdf = np.concatenate([np.zeros((self.n, 1)), self.cdf], axis=1)  # P(M ≤ m - 1)
        pmf = np.diff(cdf, axis=1)  # column m: P(M = m)
        cols = np.arange(self.n)[None, :]
        below = cdf[cols, np.clip(own_i, 0, self.length)]  # P(M ≤ own - 1)
        below = np.where(own_i > self.length, 1.0, below)
        span = own_i[:, :, None] + np.arange(width)[None, None, :]
        q = pmf[cols[:, :, None], np.clip(span, 0, self.length - 1)]
        q = np.where(span < self.length, q, 0.0)
        rows = tg.halves(np.maximum(nxt - tg.first, 0))
        return below + np.einsum("cnr,cnr->cn", q, rows)

    def _build(self, t: int) -> list[BoxTerm]:
        out = []
        mean = self.targets.table.values
        for term, nxt in write_parts(self.model, self.fields, t):
            pts, nxt, c = split_extras(term, nxt)
            finite = np.isfinite(pts)
            own = self.base[None, :] + np.where(finite, pts, 0.0)
            value = self._worth(own, nxt) + UTILITY_TIE * (own + mean[nxt])
            value = np.where(finite, value, -np.inf)
            if not (value >= value[c.zero]).all():
                value, c = with_floor(value, c)
            out.append(BoxTerm(term.box, value, c, term.joker_rows, term.joker_legal))
        return out
