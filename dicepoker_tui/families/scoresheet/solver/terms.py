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

from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from dicepoker_tui.families.scoresheet.solver.dice_graph import N_ROLLS

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

    @cached_property
    def extra_dense(self) -> np.ndarray:
        """(252,) the extra points of every roll."""
        dense = np.zeros(N_ROLLS)
        dense[self.extra_rows] = self.extra_points
        return dense

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


def write_values(terms: list[BoxTerm], n: int, dtype=np.float64) -> np.ndarray:
    """(252, n): the value of the best legal write for each roll and sheet.

    The solver and the policy work in float64; the fast simulation may ask for float32.
    """
    scratch = np.full(n, NEG_INF, dtype=dtype)
    for term in terms:
        np.maximum(scratch, term.values[term.classes.zero], out=scratch, casting="unsafe")
    best = np.empty((N_ROLLS, n), dtype=dtype)
    best[:] = scratch
    tmp = np.empty((N_ROLLS, n), dtype=dtype)
    joker_rows = None
    joker_best = None
    for term in terms:
        c = term.classes
        if c.lo == c.hi:
            continue
        seg = tmp[c.lo : c.hi]
        table = term.values if term.values.dtype == dtype else term.values.astype(dtype)
        np.take(table, c.rowmap[c.lo : c.hi], axis=0, out=seg, mode="clip")
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


def box_values_at(
    terms: list[BoxTerm], rolls: np.ndarray, n_boxes: int, cols: np.ndarray | None = None
) -> np.ndarray:
    """(boxes, n): each box's value for sheet i's roll `rolls[i]`; -inf where not legal.

    With `cols`, only those sheets of the batch (in that order).
    """
    if cols is None:
        cols = np.arange(len(rolls))
    else:
        rolls = rolls[cols]
    out = np.full((n_boxes, len(cols)), NEG_INF)
    for term in terms:
        c = term.classes
        value = term.values[c.rowmap[rolls], cols]
        if len(c.extra_rows):
            value += c.extra_dense[rolls]
        if term.joker_rows is not None:
            pos = _joker_position(term.joker_rows)[rolls]
            hit = pos >= 0
            legal = term.joker_legal[np.maximum(pos, 0), cols]
            value[hit & ~legal] = NEG_INF
        out[term.box] = value
    return out


_JOKER_POSITIONS: dict[bytes, np.ndarray] = {}


def _joker_position(rows: np.ndarray) -> np.ndarray:
    key = rows.tobytes()
    table = _JOKER_POSITIONS.get(key)
    if table is None:
        table = np.full(N_ROLLS, -1, dtype=np.intp)
        table[rows] = np.arange(len(rows))
        _JOKER_POSITIONS[key] = table
    return table


_EXTENDED: dict[int, tuple[RowClasses, RowClasses]] = {}


def per_roll_extras(classes: RowClasses) -> RowClasses:
    """`classes` with every roll of extra points in a class of its own (and no extras)."""
    hit = _EXTENDED.get(id(classes))
    if hit is not None and hit[0] is classes:
        return hit[1]
    rows = classes.extra_rows
    rowmap = classes.rowmap.copy()
    rowmap[rows] = len(classes.points) + np.arange(len(rows))
    points = np.concatenate([classes.points, classes.points[classes.rowmap[rows]]])
    empty = np.zeros(0, dtype=classes.extra_rows.dtype)
    out = replace(classes, points=points, rowmap=rowmap, extra_rows=empty,
                  extra_points=np.zeros(0))  # fmt: skip
    _EXTENDED[id(classes)] = (classes, out)
    return out


def with_floor(value: np.ndarray, classes: RowClasses) -> tuple[np.ndarray, RowClasses]:
    """Terms whose least-points class is not the least worth (a sure bonus can lower the
    chance to win of a seat behind): every roll read from its own class, and a new
    floor class, the least of all, standing in for the scratch `write_values` takes."""
    floor = np.where(np.isfinite(value), value, np.inf).min(axis=0, keepdims=True)
    floor = np.where(np.isfinite(floor), floor, -np.inf)
    n = len(classes.points)
    wide = replace(classes, points=np.concatenate([classes.points, classes.points[:1]]),
                   zero=n, lo=0, hi=len(classes.rowmap))  # fmt: skip
    return np.concatenate([value, floor]), wide
