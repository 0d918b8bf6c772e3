"""What writing into one box is worth, per roll, for a batch of sheets.

A model describes each open box of a batch of sheets as a `BoxTerm`: the points the
write scores plus the value of the sheet it leads to, as a small table indexed by a
"score class" of the roll (an upper box leads to different sheets for different
scores), with per-roll extra points (a Yahtzee bonus) and, for Joker rolls, which
sheets may use the box. Outside the row range `[lo, hi)` every roll is in class
`zero`, so the kernels touch only the rows where the box can do better than a scratch.

`write_values` turns the terms of all boxes into the best write per roll;
`box_values_at` gives every box's value for one roll per sheet. Both read the same
terms, so the solver and the policy cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dicepoker_tui.ai.solver.dice_graph import N_ROLLS

NEG_INF = -np.inf


@dataclass(frozen=True)
class RowClasses:
    """How the rolls split into score classes for one box (precomputed per model)."""

    points: np.ndarray
    """(classes,) the points of each class."""
    rowmap: np.ndarray
    """(252,) the class of each roll."""
    zero: int
    """The class of every roll outside [lo, hi): the one with the fewest points.

    Writing more points never leaves a sheet worse off, so this class is each
    sheet's least valuable one, and the best write is at least the best of these.
    """
    lo: int
    hi: int
    extra_rows: np.ndarray
    """Rolls with extra points (e.g. a Yahtzee bonus); always inside [lo, hi)."""
    extra_points: np.ndarray

    @classmethod
    def build(
        cls, points: np.ndarray, extra: np.ndarray | None = None, keep_rows: np.ndarray = None
    ) -> RowClasses:
        """Classes of a box scoring `points[r]` (float) per roll, plus optional `extra[r]`.

        `keep_rows` are rolls that must lie inside the range (Joker rolls).
        """
        pv, rowmap = np.unique(points, return_inverse=True)
        rowmap = rowmap.astype(np.intp)
        extra = np.zeros(N_ROLLS) if extra is None else extra
        extra_rows = np.nonzero(extra)[0]
        forced = np.concatenate([extra_rows, [] if keep_rows is None else keep_rows])
        zero = 0  # the fewest points: with more points a sheet is never worse off
        rows = np.concatenate([np.nonzero(rowmap != zero)[0], forced]).astype(np.intp)
        lo, hi = (int(rows.min()), int(rows.max()) + 1) if len(rows) else (0, 0)
        return cls(pv, rowmap, zero, lo, hi, extra_rows, extra[extra_rows])


@dataclass
class BoxTerm:
    """The value of writing the dice into box `box`, for every roll and sheet of a batch."""

    box: int
    values: np.ndarray
    """(classes, n): value per score class (points, bonuses and the following sheet)."""
    classes: RowClasses
    joker_rows: np.ndarray | None = None
    """Rolls where only some sheets may use this box ..."""
    joker_legal: np.ndarray | None = None
    """... (len(joker_rows), n) bool: which sheets may."""


def write_values(terms: list[BoxTerm], n: int) -> np.ndarray:
    """(252, n): the value of the best legal write for each roll and sheet."""
    scratch = np.full(n, NEG_INF)
    for term in terms:
        np.maximum(scratch, term.values[term.classes.zero], out=scratch)
    best = np.empty((N_ROLLS, n))
    best[:] = scratch
    tmp = np.empty((N_ROLLS, n))
    joker_rows = None
    joker_best = None
    for term in terms:
        c = term.classes
        if c.lo == c.hi:
            continue
        seg = tmp[c.lo : c.hi]
        np.take(term.values, c.rowmap[c.lo : c.hi], axis=0, out=seg, mode="clip")
        if len(c.extra_rows):
            seg[c.extra_rows - c.lo] += c.extra_points[:, None]
        if term.joker_rows is not None:
            rows = term.joker_rows - c.lo
            legal = np.where(term.joker_legal, seg[rows], NEG_INF)
            if joker_best is None:
                joker_rows, joker_best = term.joker_rows, legal
            else:
                np.maximum(joker_best, legal, out=joker_best)
        out = best[c.lo : c.hi]
        np.maximum(out, seg, out=out)
    if joker_best is not None:
        best[joker_rows] = joker_best
    return best


def box_values_at(terms: list[BoxTerm], rolls: np.ndarray, n_boxes: int) -> np.ndarray:
    """(boxes, n): each box's value for sheet i's roll `rolls[i]`; -inf where not legal."""
    n = len(rolls)
    cols = np.arange(n)
    out = np.full((n_boxes, n), NEG_INF)
    for term in terms:
        c = term.classes
        value = term.values[c.rowmap[rolls], cols]
        for row, pts in zip(c.extra_rows, c.extra_points, strict=True):
            value[rolls == row] += pts
        if term.joker_rows is not None:
            for j, row in enumerate(term.joker_rows):
                value[(rolls == row) & ~term.joker_legal[j]] = NEG_INF
        out[term.box] = value
    return out
