"""Solving a model level by level."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from dicepoker_tui.families.scoresheet.solver.kernel import expected_roll_ce, throw_layer_ce
from dicepoker_tui.families.scoresheet.solver.model import Fields, Model
from dicepoker_tui.families.scoresheet.solver.terms import write_values


def turn_values(model: Model, fields: Fields, values: np.ndarray, theta: float = 0.0) -> np.ndarray:
    """Expected points still to come, from the start of a turn, for a batch of states.

    With `theta`, certainty equivalents of the points still to come for a player
    maximising E[exp(theta * score)] (`values` then holds the same for later states)."""
    n = len(next(iter(fields.values())))
    throws = int(model.max_throws(fields).max())
    cache: dict = {}

    def writes(t: int) -> np.ndarray:
        key = model.write_key(t)
        if key not in cache:
            cache[key] = write_values(model.terms(fields, t, values), n)
        return cache[key]

    x = writes(throws)
    for t in range(throws - 1, 0, -1):
        x = np.maximum(writes(t), throw_layer_ce(x, theta))
    return expected_roll_ce(x, theta)


def solve_values(
    model: Model,
    chunk: int = 512,
    workers: int = 2,
    progress: Callable[[float], None] | None = None,
    theta: float = 0.0,
) -> np.ndarray:
    """Expected points still to come from every turn-start state (float64); with
    `theta`, their certainty equivalents under exp(theta * score) (see `turn_values`)."""
    values = np.zeros(model.n_states)
    total = model.n_states
    done = 0
    top = len(model.level_bounds) - 1
    a, b = model.level_bounds[top]
    values[a:b] = model.terminal_values(model.fields(a, b))

    def work(rng: tuple[int, int]) -> int:
        a, b = rng
        values[a:b] = turn_values(model, model.fields(a, b), values, theta)
        return b - a

    pool = ThreadPoolExecutor(workers) if workers > 1 else None
    try:
        for level in range(top - 1, -1, -1):
            ranges = model.chunks(level, chunk)
            results = pool.map(work, ranges) if pool else map(work, ranges)
            for count in results:
                done += count
                if progress:
                    progress(done / total)
    finally:
        if pool:
            pool.shutdown()
    return values
