"""Numpy kernels of one turn, batched over many sheets at once.

Arrays are laid out dice-major: a value per roll (or keep) and per sheet, shape
`(rolls, sheets)`, so that walking the keep graph moves whole contiguous rows.
Everything here is float64; the tables are only rounded to float32 when stored.
"""

from __future__ import annotations

import numpy as np

from dicepoker_tui.families.scoresheet.solver.dice_graph import (
    CHILD,
    DICE,
    OFFSETS,
    REMOVE,
    REMOVE_PREFIX,
    ROLL_P,
    SIZE_COUNTS,
)

SIXTH = 1.0 / 6.0


_CHILD_COLUMNS = tuple(
    tuple(np.ascontiguousarray(child[:, f]) for f in range(6)) for child in CHILD
)


def expect_down(x: np.ndarray) -> list[np.ndarray]:
    """Values of every keep of 0-4 dice, given the values `x` (252, n) after the throw.

    A keep's value is the average of its six one-die-larger keeps: returns `[K0 .. K4]`,
    `K[k]` of shape `(keeps of k dice, n)`.
    """
    out: list[np.ndarray] = [np.empty(0)] * DICE
    upper = x
    for size in range(DICE - 1, -1, -1):
        cols = _CHILD_COLUMNS[size]
        acc = upper[cols[0]]
        for f in range(1, 6):
            acc += upper[cols[f]]
        acc *= SIXTH
        out[size] = acc
        upper = acc
    return out


def best_keep(keeps: list[np.ndarray], in_place: bool = True) -> np.ndarray:
    """For every roll, the value of its best keep of 0-4 dice (252, n).

    `keeps` are the keep values from `expect_down`; a keep's best sub-keep is found by
    removing one die at a time. With `in_place` the keep arrays are overwritten.
    """
    best = keeps[0] if in_place else keeps[0].copy()
    for size in range(1, DICE):
        cur = keeps[size] if in_place else keeps[size].copy()
        rem = REMOVE[size]
        for j, count in enumerate(REMOVE_PREFIX[size]):
            part = cur[:count]
            np.maximum(part, np.take(best, rem[:count, j], axis=0), out=part)
        best = cur
    rem = REMOVE[DICE]
    result = np.take(best, rem[:, 0], axis=0)
    for j, count in enumerate(REMOVE_PREFIX[DICE]):
        if j == 0:
            continue
        part = result[:count]
        np.maximum(part, np.take(best, rem[:count, j], axis=0), out=part)
    return result


def throw_layer(after: np.ndarray) -> np.ndarray:
    """Value of each roll when the player throws again with its best keep."""
    return best_keep(expect_down(after))


def expected_roll(x: np.ndarray) -> np.ndarray:
    """Expectation over the first throw of a turn: `sum_r P(r) x[r]`, shape (n,)."""
    return np.einsum("r,rn->n", ROLL_P, x)


def _shift(x: np.ndarray, theta: float) -> np.ndarray:
    """Per sheet, the largest (theta > 0) or smallest finite value, so that
    exp(theta * (x - shift)) <= 1; an impossible option (-inf) stays impossible."""
    finite = np.where(np.isfinite(x), x, -np.inf if theta > 0 else np.inf)
    shift = finite.max(axis=0) if theta > 0 else finite.min(axis=0)
    return np.where(np.isfinite(shift), shift, 0.0)


def expect_down_ce(x: np.ndarray, theta: float) -> list[np.ndarray]:
    """`expect_down` for a risk-adjusted player: certainty equivalents under the
    exponential utility exp(theta * score) instead of expectations (theta 0: the same).

    `x` holds certainty equivalents; a keep's is (1/theta) log E[exp(theta x)]."""
    if theta == 0:
        return expect_down(x)
    shift = _shift(x, theta)
    with np.errstate(divide="ignore", over="ignore"):  # -inf: an impossible option
        keeps = expect_down(np.exp(theta * (x - shift)))
        return [shift + np.log(k) / theta for k in keeps]


def throw_layer_ce(after: np.ndarray, theta: float) -> np.ndarray:
    """`throw_layer` with certainty equivalents (see `expect_down_ce`)."""
    return best_keep(expect_down_ce(after, theta))


def expected_roll_ce(x: np.ndarray, theta: float) -> np.ndarray:
    """`expected_roll` with certainty equivalents (see `expect_down_ce`)."""
    if theta == 0:
        return expected_roll(x)
    shift = _shift(x, theta)
    with np.errstate(divide="ignore", over="ignore"):  # -inf: an impossible option
        return shift + np.log(expected_roll(np.exp(theta * (x - shift)))) / theta


def concat_keeps(keeps: list[np.ndarray]) -> np.ndarray:
    """Keep values in global keep numbering (210 keeps of 0-4 dice, n)."""
    return np.concatenate(keeps, axis=0)


assert tuple(OFFSETS[:DICE]) == tuple(int(x) for x in np.cumsum((0, *SIZE_COUNTS[: DICE - 1])))
