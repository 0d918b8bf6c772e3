"""Target tables: the best chance of scoring at least r more points, for the last turns.

For every turn-start state with at most `TARGET_OPEN` boxes open and every target r
of `0 .. width - 1`, the chance that a player who plays for exactly that target scores
at least r points more (bonuses included). It is the expected-score backward induction
with a vector of targets in place of one number: a write of p points into a box leads
to the following state's chance of r - p (1 for a target already reached, 0 beyond the
table). The `winner` bot's last turns value each write by these chances against the
other seats' final totals (`ai.target_turn`), where a normal around optimal play would
miss how a player aiming at a total plays for it.

Built once per variant and cached beside the expected-score table, like the spread.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from dicepoker_tui.ai.solver.cache import (
    DAMAGED,
    cache_dir,
    get_table,
    load_arrays,
    model_of,
    save_arrays,
    table_key,
)
from dicepoker_tui.ai.solver.kernel import expected_roll_ce, throw_layer_ce
from dicepoker_tui.ai.solver.model import Fields, Model
from dicepoker_tui.ai.solver.table import Table
from dicepoker_tui.ai.solver.terms import BoxTerm, RowClasses, per_roll_extras, write_values
from dicepoker_tui.engine.scoresheet.variants.base import Variant

TARGET_OPEN: dict[str, int] = {"yahtzee": 5, "yatzy": 5}
"""Variants whose `winner` bot plays its last turns with target tables: states with at
most this many boxes open have one (where measured better, see the README)."""

WIDTH = 192
"""Targets 0 .. WIDTH - 1 per state; a higher one counts as out of reach."""

QUANTUM = 65535
"""Chances are stored as multiples of 1 / QUANTUM (uint16)."""

TARGETS_VERSION = 1
"""Bump when the target tables' meaning or layout change (part of the file name)."""


def write_parts(model: Model, fields: Fields, t: int) -> list[tuple[BoxTerm, np.ndarray]]:
    """Each open box's terms after throw `t` as (term of its points, the global number of
    the state each class leads to); the points include the bonuses the write earns."""
    zeros = np.zeros(model.n_states)
    index = np.arange(model.n_states, dtype=np.float64)
    out = []
    points = model.terms(fields, t, zeros)
    leads = model.terms(fields, t, index)
    for p, q in zip(points, leads, strict=True):
        with np.errstate(invalid="ignore"):  # -inf - -inf: a closed box
            nxt = np.where(np.isfinite(p.values), q.values - p.values, 0.0)
        out.append((p, np.rint(nxt).astype(np.int64)))
    return out


def split_extras(term: BoxTerm, nxt: np.ndarray) -> tuple[np.ndarray, np.ndarray, RowClasses]:
    """(points, next states, classes) with every roll of extra points in a class of its
    own (the worth of a write is not linear in its points)."""
    c, pts = term.classes, term.values
    if len(c.extra_rows):
        cls = c.rowmap[c.extra_rows]
        pts = np.concatenate([pts, pts[cls] + c.extra_points[:, None]])
        nxt = np.concatenate([nxt, nxt[cls]])
        c = per_roll_extras(c)
    return pts, nxt, c


@dataclass
class Targets:
    """One variant's target tables, for the levels of at most `TARGET_OPEN` open boxes."""

    table: Table
    open_max: int
    """States with at most this many boxes open have a table."""
    first: int
    """The global number of the first state with a table (levels are contiguous)."""
    chance: np.ndarray
    """(states from `first`, WIDTH) float32: P(at least r more points), best play."""
    seconds: float

    @cached_property
    def padded(self) -> np.ndarray:
        """Each row as [1, P_0 .. P_{W-1}, 0]: targets below 0 reached, beyond out of reach."""
        n = len(self.chance)
        return np.concatenate(
            [np.ones((n, 1), np.float32), self.chance, np.zeros((n, 1), np.float32)], axis=1
        )

    @cached_property
    def halves(self) -> np.ndarray:
        """(states, WIDTH) ½(P_r + P_{r+1}): finishing above a total r points ahead, a tie
        counting half."""
        p = self.padded
        return (0.5 * (p[:, 1:-1] + p[:, 2:])).astype(np.float32)

    def covers(self, open_boxes: int) -> bool:
        """Whether a turn with `open_boxes` open writes into states with a table."""
        return open_boxes - 1 <= self.open_max


def _target_turn(model: Model, fields: Fields, nxt_table: np.ndarray, first: int) -> np.ndarray:
    """(n, WIDTH) P(at least r more points) from a batch of turn-start states, given the
    padded table of the states their writes lead to (numbered from `first`)."""
    n = len(next(iter(fields.values())))
    width = nxt_table.shape[1] - 2
    r = np.arange(width)
    throws = int(model.max_throws(fields).max())
    flat = nxt_table.reshape(-1)
    cache: dict = {}

    def writes(t: int) -> np.ndarray:
        key = model.write_key(t)
        if key not in cache:
            terms = []
            for term, nxt in write_parts(model, fields, t):
                pts, nxt, c = split_extras(term, nxt)
                finite = np.isfinite(pts)
                need = np.clip(r[None, None, :] - np.where(finite, pts, 0)[:, :, None], -1, width)
                local = (nxt - first)[:, :, None]
                value = np.take(flat, local * (width + 2) + need.astype(np.int64) + 1, mode="clip")
                value = np.where(finite[:, :, None], value, -np.inf).reshape(len(pts), -1)
                legal = None
                if term.joker_legal is not None:
                    legal = np.repeat(term.joker_legal, width, axis=1)
                terms.append(BoxTerm(term.box, value, c, term.joker_rows, legal))
            cache[key] = write_values(terms, n * width)
        return cache[key]

    x = writes(throws)
    for t in range(throws - 1, 0, -1):
        x = np.maximum(writes(t), throw_layer_ce(x, 0.0))
    return expected_roll_ce(x, 0.0).reshape(n, width)


def solve_targets(
    table: Table, workers: int = 2, progress: Callable[[float], None] | None = None
) -> Targets:
    """Solve the target tables level by level from the full sheets back."""
    t0 = time.perf_counter()
    model = table.model
    top = len(model.level_bounds) - 1
    open_max = min(top, TARGET_OPEN.get(table.variant.id, 0))
    low = top - open_max
    first = model.level_bounds[low][0]
    chance = np.zeros((model.n_states - first, WIDTH), np.float32)
    a, b = model.level_bounds[top]
    extra = model.terminal_values(model.fields(a, b))
    chance[a - first : b - first] = np.arange(WIDTH)[None, :] <= np.rint(extra)[:, None]
    total = max(1, model.level_bounds[top][0] - first)
    done = 0
    chunk = max(1, 6144 // WIDTH)
    pool = ThreadPoolExecutor(workers) if workers > 1 else None
    try:
        for level in range(top - 1, low - 1, -1):
            na, nb = model.level_bounds[level + 1]
            nxt = chance[na - first : nb - first]
            padded = np.concatenate(
                [np.ones((len(nxt), 1), np.float32), nxt, np.zeros((len(nxt), 1), np.float32)],
                axis=1,
            )

            def work(rng: tuple[int, int], padded=padded, na=na) -> int:
                a, b = rng
                p = _target_turn(model, model.fields(a, b), padded, na)
                chance[a - first : b - first] = p
                return b - a

            ranges = model.chunks(level, chunk)
            results = pool.map(work, ranges) if pool else map(work, ranges)
            for count in results:
                done += count
                if progress:
                    progress(done / total)
    finally:
        if pool:
            pool.shutdown()
    return Targets(table, open_max, first, chance, time.perf_counter() - t0)


_memory: dict[str, Targets] = {}
_lock = threading.Lock()


def targets_path(model: Model) -> Path:
    open_max = TARGET_OPEN.get(model.variant.id, 0)
    return cache_dir() / f"{table_key(model)}-targets{TARGETS_VERSION}-{open_max}-{WIDTH}.npz"


def _load(table: Table) -> Targets | None:
    data = load_arrays(targets_path(table.model))
    if data is None:
        return None
    try:
        first, chance, seconds = int(data["first"]), data["chance"], float(data["seconds"])
    except DAMAGED:
        return None
    model = table.model
    top = len(model.level_bounds) - 1
    open_max = min(top, TARGET_OPEN.get(table.variant.id, 0))
    if first != model.level_bounds[top - open_max][0] or chance.dtype != np.uint16:
        return None
    if chance.shape != (table.states - first, WIDTH):
        return None
    return Targets(table, open_max, first, chance.astype(np.float32) / QUANTUM, seconds)


def _save(targets: Targets) -> None:
    save_arrays(targets_path(targets.table.model), first=np.int64(targets.first),
                chance=np.rint(targets.chance * QUANTUM).astype(np.uint16),
                seconds=np.float64(targets.seconds))  # fmt: skip


def has_targets(variant_id: str) -> bool:
    """Whether the `winner` bot plays this variant's last turns with target tables."""
    return TARGET_OPEN.get(variant_id, 0) > 0


def loaded_targets(variant: Variant) -> Targets | None:
    """The variant's target tables if they are in memory (never loads or solves)."""
    hit = _memory.get(variant.id)
    return hit if hit is not None and hit.table.variant is variant else None


def get_targets(variant: Variant, progress: Callable[[float], None] | None = None) -> Targets:
    """The target tables of a variant: from memory, the cache, or solved (and cached)."""
    table = get_table(variant, progress=progress)
    with _lock:
        hit = _memory.get(variant.id)
        if hit is not None and hit.table is table:
            return hit
        targets = _load(table)
        if targets is None:
            targets = solve_targets(table, progress=progress)
            with contextlib.suppress(OSError):  # a read-only cache costs a re-solve next time
                _save(targets)
        _memory[variant.id] = targets
        return targets


def targets_cached(variant: Variant) -> bool:
    """Whether the variant's target tables are in memory or on disk (no solving)."""
    hit = _memory.get(variant.id)
    if hit is not None and hit.table.variant is variant:
        return True
    return targets_path(model_of(variant)).exists()
