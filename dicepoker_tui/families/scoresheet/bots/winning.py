"""The chance to finish first, from every seat's (mean, variance) of its final total.

Each seat's final total is seen as its points so far plus the points still to come
under optimal play, a normal of the mean and variance the solver's tables give
(`solver.spread`); a full sheet's total is exact. An option of the seat to act leads
to a sheet of known points and its own (mean, variance); its worth is the chance that
this seat ends above every other, a tie counting half. With one box left the own total
is exact, so the last turn is played exactly against the others' distributions.

`UTILITY_TIE` adds a millionth of a point's worth of expected score, so that a game
already won or lost is still played for points.
"""

from __future__ import annotations

import numpy as np

UTILITY_TIE = 1e-6
"""Chance to win that one expected point is worth, to order options of equal chance."""

NODES = 12
"""Gauss-Hermite nodes over the own total, with two or more other seats."""

_Z, _W = np.polynomial.hermite_e.hermegauss(NODES)
_W = _W / _W.sum()


def normal_cdf(z: np.ndarray) -> np.ndarray:
    """Standard normal distribution function, accurate in relative terms in the tails
    (erfc after Numerical Recipes' Chebyshev fit, fractional error < 1.2e-7)."""
    x = np.abs(np.asarray(z, dtype=np.float64)) / np.sqrt(2.0)
    t = 1.0 / (1.0 + 0.5 * x)
    poly = -1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (
        -0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (
            -0.82215223 + t * 0.17087277))))))))  # fmt: skip
    with np.errstate(invalid="ignore"):
        tail = 0.5 * t * np.exp(-x * x + poly)  # P(Z > |z|); inf gives 0
    tail = np.where(np.isinf(x), 0.0, tail)
    return np.where(np.asarray(z) < 0, tail, np.where(x == 0, 0.5, 1.0 - tail))


def _above(diff: np.ndarray, sd: np.ndarray) -> np.ndarray:
    """P(own > other) for a difference of normals of mean `diff` and sd `sd`; sd 0: a
    sure win, loss or (diff 0) a half."""
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(sd > 0, diff / np.where(sd > 0, sd, 1.0), np.sign(diff) * np.inf)
        z = np.where(diff == 0, 0.0, z)
    return normal_cdf(z)


def chance_to_win(
    mean: np.ndarray, var: np.ndarray, rival_mean: np.ndarray, rival_var: np.ndarray
) -> np.ndarray:
    """P(finishing first) of own totals normal(mean, var), shape (..., n), against
    rivals `rival_mean`, `rival_var` of shape (rivals, n) (columns: games)."""
    mean = np.asarray(mean, dtype=np.float64)
    var = np.maximum(np.asarray(var, dtype=np.float64), 0.0)
    if len(rival_mean) == 0:
        return np.ones_like(mean)
    if len(rival_mean) == 1:
        return _above(mean - rival_mean[0], np.sqrt(var + rival_var[0]))
    sd = np.sqrt(var)
    out = np.zeros_like(mean)
    for z, w in zip(_Z, _W, strict=True):
        own = mean + sd * z
        p = np.ones_like(mean)
        for m, v in zip(rival_mean, rival_var, strict=True):
            p *= _above(own - m, np.sqrt(v))
        out += w * p
    return out


def win_utility(
    mean: np.ndarray, var: np.ndarray, rival_mean: np.ndarray, rival_var: np.ndarray
) -> np.ndarray:
    """What an option is worth to a player playing to win: its chance to win, plus
    `UTILITY_TIE` per expected point; -inf (an impossible option) stays -inf."""
    finite = np.isfinite(mean)
    m = np.where(finite, mean, 0.0)
    v = np.where(finite & np.isfinite(var), var, 0.0)
    value = chance_to_win(m, v, rival_mean, rival_var) + UTILITY_TIE * m
    return np.where(finite, value, -np.inf)
