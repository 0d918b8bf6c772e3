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
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.families.scoresheet.solver.cache import (
    DAMAGED,
    SideTables,
    load_arrays,
    save_arrays,
    table_key,
)
from dicepoker_tui.families.scoresheet.solver.kernel import expected_roll_ce, throw_layer_ce
from dicepoker_tui.families.scoresheet.solver.model import Fields, Model
from dicepoker_tui.families.scoresheet.solver.table import Table
from dicepoker_tui.families.scoresheet.solver.terms import (
    BoxTerm,
    RowClasses,
    per_roll_extras,
    with_floor,
    write_values,
)
from dicepoker_tui.family.prepared import cache_dir

TARGET_OPEN: dict[str, int] = {"yahtzee": 5, "yatzy": 5}
"""Variants whose `winner` bot plays its last turns with target tables: states with at
most this many boxes open have one (where measured better, see docs/bots.md)."""

WIDTH = 192
"""Targets 0 .. WIDTH - 1 per state; a higher one counts as out of reach."""

QUANTUM = 65535
"""Chances are stored as multiples of 1 / QUANTUM (uint16)."""

TARGETS_VERSION = 3
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
    quanta: np.ndarray
    """(states from `first`, WIDTH) uint16 multiples of 1 / QUANTUM: P(at least r more
    points), best play (kept as stored: memory-mapped on a server, read row by row)."""
    below: np.ndarray
    """(states from `first`, WIDTH) uint16 multiples of 1 / QUANTUM: P(at most r more
    points) for a player of the expected-score table (how `optimal` ends from there)."""
    seconds: float

    @property
    def width(self) -> int:
        return self.quanta.shape[1]

    @property
    def chance(self) -> np.ndarray:
        """(states, WIDTH) float32 P(at least r more points): every row, in memory."""
        return self.quanta.astype(np.float32) / QUANTUM

    def halves(self, rows: np.ndarray) -> np.ndarray:
        """(*rows.shape, WIDTH) ½(P_r + P_{r+1}) of these rows (numbered from `first`):
        finishing above a total r points ahead, a tie counting half."""
        half = self.quanta[rows].astype(np.float32) / QUANTUM * np.float32(0.5)
        half[..., :-1] += half[..., 1:]
        return half

    def final_below(self, states: np.ndarray, points: np.ndarray, length: int) -> np.ndarray:
        """(n, length) P(final total ≤ m), m = 0 .. length - 1, for expected-score players
        at turn-start `states` (global numbers, each with a table) with `points` so far."""
        rows = self.below[states - self.first].astype(np.float32) / QUANTUM
        k = np.arange(length)[None, :] - np.rint(points).astype(np.int64)[:, None]
        out = np.take_along_axis(rows, np.clip(k, 0, rows.shape[1] - 1), axis=1)
        return np.where(k < 0, 0.0, np.where(k >= rows.shape[1], 1.0, out))

    def has_table(self, states: np.ndarray) -> np.ndarray:
        """Which of these global state numbers have a table."""
        return states >= self.first

    def covers(self, open_boxes: int) -> bool:
        """Whether a turn with `open_boxes` open writes into states with a table."""
        return open_boxes - 1 <= self.open_max


SCALE = 2.0**20
"""Outcome columns carry SCALE × (expected points) + P(exactly r more): the kernels'
maxima then pick the expected-score player's option in every column (a power of two:
the scaling is exact), and their averages keep the distribution."""

TIE_BREAK = 2.0**-10
"""Points of a fixed pseudo-random amount per box and score class added to the choosing
value: options of exactly equal expected score (keep 1 1 or keep 6 for three of a kind
alone) then differ, so every column picks the same one instead of a mix of both."""


def _tie_break(box: int, classes: int) -> np.ndarray:
    """(classes, 1) the tie-breaking amounts of one box, the same at every call."""
    return TIE_BREAK * np.random.default_rng(1000 + box).random((classes, 1))


def _target_turn(
    model: Model, fields: Fields, nxt: tuple[np.ndarray, np.ndarray], ev: np.ndarray, first: int
) -> tuple[np.ndarray, np.ndarray]:
    """(n, WIDTH) P(at least r more points) for a player aiming at r, and (n, WIDTH)
    P(exactly r more points) under expected-score play, from a batch of turn-start
    states; `nxt` holds the padded target and outcome tables of the states their writes
    lead to (numbered from `first`), `ev` the expected points of every state."""
    n = len(next(iter(fields.values())))
    width = nxt[0].shape[1] - 2
    r = np.arange(width)
    throws = int(model.max_throws(fields).max())
    flat_chance, flat_outcome = (t.reshape(-1) for t in nxt)
    cache: dict = {}

    def writes(t: int) -> np.ndarray:
        key = model.write_key(t)
        if key not in cache:
            terms = []
            for term, to in write_parts(model, fields, t):
                pts, to, c = split_extras(term, to)
                finite = np.isfinite(pts)
                p = np.where(finite, pts, 0)
                need = np.clip(r[None, None, :] - p[:, :, None], -1, width).astype(np.int64)
                at = (to - first)[:, :, None] * (width + 2) + need + 1
                scalar = SCALE * (p + ev[to] + _tie_break(term.box, len(p)))[:, :, None]
                outcome = scalar + np.take(flat_outcome, at, mode="clip")
                value = np.concatenate([np.take(flat_chance, at, mode="clip"), outcome, scalar], 2)
                value = np.where(finite[:, :, None], value, -np.inf).reshape(len(pts), -1)
                if not (value >= value[c.zero]).all():
                    value, c = with_floor(value, c)
                legal = None
                if term.joker_legal is not None:
                    legal = np.repeat(term.joker_legal, 2 * width + 1, axis=1)
                terms.append(BoxTerm(term.box, value, c, term.joker_rows, legal))
            cache[key] = write_values(terms, n * (2 * width + 1))
        return cache[key]

    x = writes(throws)
    for t in range(throws - 1, 0, -1):
        x = np.maximum(writes(t), throw_layer_ce(x, 0.0))
    x = expected_roll_ce(x, 0.0).reshape(n, 2 * width + 1)
    outcome = np.clip(x[:, width:-1] - x[:, -1:], 0.0, 1.0)
    return x[:, :width], outcome


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
    outcome = np.zeros_like(chance)
    ev = table.values.astype(np.float64)
    a, b = model.level_bounds[top]
    extra = np.rint(model.terminal_values(model.fields(a, b)))[:, None]
    chance[a - first : b - first] = np.arange(WIDTH)[None, :] <= extra
    outcome[a - first : b - first] = np.arange(WIDTH)[None, :] == extra
    total = max(1, model.level_bounds[top][0] - first)
    done = 0
    chunk = max(1, 3072 // WIDTH)
    pool = ThreadPoolExecutor(workers) if workers > 1 else None
    try:
        for level in range(top - 1, low - 1, -1):
            na, nb = model.level_bounds[level + 1]
            nxt = (
                _pad(chance[na - first : nb - first], 1.0),
                _pad(outcome[na - first : nb - first], 0.0),
            )

            def work(rng: tuple[int, int], nxt=nxt, na=na) -> int:
                a, b = rng
                p, q = _target_turn(model, model.fields(a, b), nxt, ev, na)
                chance[a - first : b - first] = p
                outcome[a - first : b - first] = q
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
    below = _quantized(np.minimum(np.cumsum(outcome, axis=1), 1.0))
    return Targets(table, open_max, first, _quantized(chance), below, time.perf_counter() - t0)


def _pad(rows: np.ndarray, low: float) -> np.ndarray:
    """Rows as [low, row, 0]: the value of a target below 0, then one out of reach."""
    n = len(rows)
    return np.concatenate(
        [np.full((n, 1), low, np.float32), rows, np.zeros((n, 1), np.float32)], axis=1
    )


def _quantized(p: np.ndarray) -> np.ndarray:
    return np.rint(p * QUANTUM).astype(np.uint16)


def targets_path(model: Model) -> Path:
    open_max = TARGET_OPEN.get(model.variant.id, 0)
    return cache_dir() / f"{table_key(model)}-targets{TARGETS_VERSION}-{open_max}-{WIDTH}.npz"


def _load(table: Table) -> Targets | None:
    data = load_arrays(targets_path(table.model))
    if data is None:
        return None
    try:
        first, chance, seconds = int(data["first"]), data["chance"], float(data["seconds"])
        below = data["below"]
    except DAMAGED:
        return None
    model = table.model
    top = len(model.level_bounds) - 1
    open_max = min(top, TARGET_OPEN.get(table.variant.id, 0))
    if first != model.level_bounds[top - open_max][0]:
        return None
    for part in (chance, below):
        if part.dtype != np.uint16 or part.shape != (table.states - first, WIDTH):
            return None
    return Targets(table, open_max, first, chance, below, seconds)


def _save(targets: Targets) -> None:
    """Cache the tables, then remove this table's target files of other versions or
    depths (some 100 MB each: an upgrade must not leave them behind)."""
    path = targets_path(targets.table.model)
    save_arrays(path, first=np.int64(targets.first),
                chance=targets.quanta, below=targets.below,
                seconds=np.float64(targets.seconds))  # fmt: skip
    for old in path.parent.glob(f"{table_key(targets.table.model)}-targets*.npz"):
        if old != path:
            with contextlib.suppress(OSError):
                old.unlink()


def _fits(targets: Targets) -> bool:
    """Whether tables in memory are of the depth and width asked for now."""
    top = len(targets.table.model.level_bounds) - 1
    wanted = min(top, TARGET_OPEN.get(targets.table.variant.id, 0))
    return targets.open_max == wanted and targets.width == WIDTH


def has_targets(variant_id: str) -> bool:
    """Whether the `winner` bot plays this variant's last turns with target tables."""
    return TARGET_OPEN.get(variant_id, 0) > 0


_tables: SideTables[Targets] = SideTables(
    _load,
    lambda table, progress: solve_targets(table, progress=progress),
    lambda _table, targets: _save(targets),
    _fits,
)


def loaded_targets(variant: Variant) -> Targets | None:
    """The variant's target tables if they are in memory (never loads or solves)."""
    return _tables.loaded(variant)


def get_targets(variant: Variant, progress: Callable[[float], None] | None = None) -> Targets:
    """The target tables of a variant: from memory, the cache, or solved (and cached)."""
    return _tables.get(variant, progress)


def forget() -> None:
    """No target tables in memory (the next ones are read from the cache)."""
    _tables.forget()
