"""Playing to finish first: the chance to win, and the risk attitude that serves it.

Every seat's final total is seen as its points so far plus the points still to come
under optimal play, whose mean and variance come from the solver's tables
(`solver.risk`). From them:

- with one box left to the player to act, the turn is played exactly for the chance
  to win: each final total x is worth P(every other seat ends below x), ties shared,
  the others' finals taken as normal (or exact, for a sheet already full);
- earlier, the player plays the risk-adjusted table of theta = deficit / (sum of both
  variances) against the strongest other seat: the exponential utility whose trade of
  mean for variance matches the normal chance to win locally (behind: seek risk;
  ahead: avoid it). Near zero it is the expected-score table itself.

The same rules drive the `winner` bot, the batched head-to-head and the hints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from dicepoker_tui.ai.solver.risk import RiskTables, nearest_theta

SQRT2 = float(np.sqrt(2.0))


def normal_cdf(z: np.ndarray) -> np.ndarray:
    """Standard normal distribution function (Abramowitz-Stegun 7.1.26, error < 2e-7)."""
    z = np.asarray(z, dtype=np.float64)
    x = np.abs(z) / SQRT2
    t = 1.0 / (1.0 + 0.3275911 * x)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * -1.453152027)))
    poly += t**5 * 1.061405429
    erf = 1.0 - poly * np.exp(-x * x)
    return 0.5 * (1.0 + np.sign(z) * erf)


@dataclass(frozen=True)
class Rival:
    """Another seat's final total: exact (`var` 0, a full sheet) or normal."""

    mean: float
    var: float


def chance_to_win(finals: np.ndarray, rivals: Sequence[Rival]) -> np.ndarray:
    """P(finishing first | own final total `finals`), elementwise; a tie counts half
    with each exact rival it is shared with. -inf (an impossible option) stays -inf."""
    finals = np.asarray(finals, dtype=np.float64)
    out = np.ones_like(finals)
    for r in rivals:
        if r.var > 0:
            out *= normal_cdf((finals - r.mean) / np.sqrt(r.var))
        else:
            out *= np.where(finals > r.mean, 1.0, np.where(finals == r.mean, 0.5, 0.0))
    return np.where(np.isfinite(finals), out, -np.inf)


def chance_normal(mean: float, var: float, rivals: Sequence[Rival]) -> float:
    """P(finishing first) when the own final total is normal(mean, var) too."""
    if var <= 0:
        return float(chance_to_win(np.array([mean]), rivals)[0])
    sd = np.sqrt(var)
    xs = mean + sd * np.linspace(-5, 5, 201)
    weights = np.exp(-0.5 * ((xs - mean) / sd) ** 2)
    return float((weights * chance_to_win(xs, rivals)).sum() / weights.sum())


def theta_for(mean: float, var: float, rivals: Sequence[Rival]) -> float:
    """The solved risk attitude for a seat (mean, var) against its strongest rival."""
    if not rivals:
        return 0.0
    lead = max(rivals, key=lambda r: r.mean)
    spread = var + lead.var
    if spread <= 0:
        return 0.0
    return nearest_theta((lead.mean - mean) / spread)


def rivals_of(risk: RiskTables, sheets: Sequence, seat: int) -> list[Rival]:
    """Every other seat's final total, from its sheet at the start of its next turn."""
    out = []
    for i, sheet in enumerate(sheets):
        if i != seat:
            mean, var = risk.sheet_moments(sheet)
            out.append(Rival(mean, var))
    return out
