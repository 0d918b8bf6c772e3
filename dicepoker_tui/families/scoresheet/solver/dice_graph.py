"""Five dice as multisets: the 252 rolls, the 462 keeps and the keep graph.

A keep is a sorted tuple of 0-5 dice. Within each size, keeps are ordered by how many
different faces they show (most first), so that "the keeps with more than j faces"
is always a prefix; the solver's kernels rely on that to work on slices.

The keep graph links a keep of n dice to its six one-die-larger keeps (adding a face)
and to its one-die-smaller keeps (removing one of its faces).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial

import numpy as np

FACES = 6
DICE = 5


def _has_run(keep: tuple[int, ...], length: int) -> bool:
    faces = set(keep)
    return any(set(range(lo, lo + length)) <= faces for lo in range(1, FACES + 2 - length))


def _pattern_rank(keep: tuple[int, ...]) -> tuple[int, ...]:
    """Within a group of equally many faces, put rolls that score alike next to each other.

    Straights end the five-face group and start the four-face group; three of a kind
    and better end the roll list. Boxes that score on few rolls then touch one
    contiguous range of rows.
    """
    shape = tuple(sorted((keep.count(v) for v in set(keep)), reverse=True))
    if len(keep) != DICE:
        return ()
    if len(set(keep)) == 5:
        return (_has_run(keep, 4) + _has_run(keep, 5),)
    if len(set(keep)) == 4:
        return (0 if _has_run(keep, 4) else 1,)
    return shape


def _order(keeps: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    return sorted(keeps, key=lambda k: (-len(set(k)), _pattern_rank(k), k))


KEEPS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_order(list(combinations_with_replacement(range(1, FACES + 1), n))))
    for n in range(DICE + 1)
)
"""KEEPS[n]: every multiset of n dice, in kernel order."""

ROLLS: tuple[tuple[int, ...], ...] = KEEPS[DICE]
"""The 252 five-dice rolls, in kernel order (not lexicographic)."""

N_ROLLS = len(ROLLS)
SIZE_COUNTS = tuple(len(k) for k in KEEPS)  # 1, 6, 21, 56, 126, 252
OFFSETS = tuple(int(x) for x in np.cumsum((0, *SIZE_COUNTS))[:-1])
"""Global keep number of the first keep of each size (sizes 0..5, 462 keeps in all)."""
N_KEEPS = sum(SIZE_COUNTS)
N_THROW_KEEPS = OFFSETS[DICE]
"""Keeps a player may throw from (0-4 dice): the first 210 global keep numbers."""


def _code(keep: tuple[int, ...]) -> int:
    code = 0
    for v in keep:
        code += 6 ** (v - 1)
    return code


CODE_BASE = 6 ** np.arange(FACES, dtype=np.int64)
"""Weights that turn face counts (faces 1-6) into a multiset code."""

INDEX_IN_SIZE: dict[tuple[int, ...], int] = {k: i for keeps in KEEPS for i, k in enumerate(keeps)}
GLOBAL_INDEX: dict[tuple[int, ...], int] = {
    k: OFFSETS[n] + i for n, keeps in enumerate(KEEPS) for i, k in enumerate(keeps)
}

CODE_TO_KEEP = np.full(6**FACES, -1, dtype=np.int32)
"""Multiset code -> global keep number (-1 where the counts exceed five dice)."""
for _k, _g in GLOBAL_INDEX.items():
    CODE_TO_KEEP[_code(_k)] = _g

ROLL_COUNTS = np.array([[r.count(v) for v in range(1, FACES + 1)] for r in ROLLS], dtype=np.int64)
"""(252, 6): how many dice of each face a roll shows."""
KEEP_COUNTS = np.array(
    [[k.count(v) for v in range(1, FACES + 1)] for keeps in KEEPS for k in keeps], dtype=np.int64
)
"""(462, 6): face counts of every keep, by global keep number."""
KEEP_SIZES = KEEP_COUNTS.sum(axis=1)


def roll_probability(roll: tuple[int, ...]) -> float:
    n = factorial(len(roll))
    for v in set(roll):
        n //= factorial(roll.count(v))
    return n / FACES ** len(roll)


ROLL_P = np.array([roll_probability(r) for r in ROLLS], dtype=np.float64)
"""Probability of each roll of five fresh dice."""

CHILD: tuple[np.ndarray, ...] = tuple(
    np.array(
        [[INDEX_IN_SIZE[tuple(sorted((*k, f)))] for f in range(1, FACES + 1)] for k in KEEPS[n]],
        dtype=np.intp,
    )
    for n in range(DICE)
)
"""CHILD[n][i, f-1]: index (in size n+1) of keep i of size n with a die f added."""


def _removals(n: int) -> tuple[np.ndarray, tuple[int, ...]]:
    keeps = KEEPS[n]
    width = max(len(set(k)) for k in keeps)
    rem = np.zeros((len(keeps), width), dtype=np.intp)
    for i, k in enumerate(keeps):
        faces = sorted(set(k))
        for j in range(width):
            d = faces[min(j, len(faces) - 1)]
            smaller = list(k)
            smaller.remove(d)
            rem[i, j] = INDEX_IN_SIZE[tuple(smaller)]
    prefix = tuple(sum(1 for k in keeps if len(set(k)) > j) for j in range(width))
    return rem, prefix


_REM = [_removals(n) if n else (np.zeros((1, 0), dtype=np.intp), ()) for n in range(DICE + 1)]
REMOVE: tuple[np.ndarray, ...] = tuple(r for r, _ in _REM)
"""REMOVE[n][i, j]: index (in size n-1) of keep i of size n without its j-th face."""
REMOVE_PREFIX: tuple[tuple[int, ...], ...] = tuple(p for _, p in _REM)
"""REMOVE_PREFIX[n][j]: how many keeps of size n have more than j different faces."""


def _sub_keeps() -> np.ndarray:
    width = 2**DICE - 1
    table = np.full((N_ROLLS, width), -1, dtype=np.intp)
    for r, roll in enumerate(ROLLS):
        subs = {
            tuple(sorted(roll[i] for i in range(DICE) if mask >> i & 1))
            for mask in range(2**DICE - 1)
        }
        for j, keep in enumerate(sorted(subs, key=lambda k: (len(k), k))):
            table[r, j] = GLOBAL_INDEX[keep]
    return table


SUB_KEEPS = _sub_keeps()
"""(252, 31): global numbers of the distinct keeps of 0-4 dice inside each roll, -1 padded."""


def roll_index(dice: tuple[int, ...] | list[int]) -> int:
    """Kernel index of five dice in any order."""
    return INDEX_IN_SIZE[tuple(sorted(dice))]
