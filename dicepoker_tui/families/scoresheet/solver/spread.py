"""Spread tables: the variance of the points still to come under optimal play.

The expected-score table gives each turn-start state's mean; this gives its variance,
so every seat's final total at a table can be seen as a normal (mean, variance) and an
option's chance to win follows (`ai.winning`). The variance comes from the same
backward induction run for two players who value a score s as exp(+-theta s) with a
small theta: their certainty equivalents differ by theta * variance (to third order).

One table per variant, cached next to the expected-score table.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.families.scoresheet.solver.build import solve_values
from dicepoker_tui.families.scoresheet.solver.cache import (
    DAMAGED,
    SideTables,
    load_arrays,
    save_arrays,
    table_key,
)
from dicepoker_tui.families.scoresheet.solver.model import Fields, Model
from dicepoker_tui.families.scoresheet.solver.table import Table
from dicepoker_tui.family.prepared import cache_dir

SPREAD_VERSION = 1
"""Bump when the spread tables' meaning or layout change (part of the file name)."""

THETA = 0.002
"""The small risk attitude whose two solves give the variance."""


@dataclass
class Spread:
    """One variant's expected-score table with the variance of the points to come."""

    table: Table
    var: np.ndarray
    """(states,) float32: variance of the points still to come, optimal play."""
    seconds: float

    @property
    def model(self) -> Model:
        return self.table.model

    @property
    def mean(self) -> np.ndarray:
        return self.table.values

    @cached_property
    def mean_plus_var(self) -> np.ndarray:
        """Mean plus variance per state: box terms read with it, less those read with
        the mean, give each write's variance to come."""
        return self.mean + self.var

    def moments(self, fields: Fields) -> tuple[np.ndarray, np.ndarray]:
        """(mean, variance) of the points still to come from a batch of turn-start
        states, or their end-of-game bonuses where the sheets are full."""
        index = self.model.index(fields)
        return self.mean[index].astype(np.float64), self.var[index].astype(np.float64)

    def sheet_moments(self, sheet: Sheet) -> tuple[float, float]:
        """(mean, variance) of a sheet's final total, at the start of one of its turns."""
        if self.model.is_full(sheet):
            extra = float(self.model.terminal_values(self.model.encode(sheet))[0])
            return sheet.total + extra, 0.0
        mean, var = self.moments(self.model.encode(sheet))
        return sheet.total + float(mean[0]), float(var[0])


def solve_spread(
    table: Table, workers: int = 2, progress: Callable[[float], None] | None = None
) -> Spread:
    """Solve the two risk-adjusted tables of +-THETA and keep their difference."""
    t0 = time.perf_counter()
    ce = []
    for i, theta in enumerate((THETA, -THETA)):

        def step(done: float, i: int = i) -> None:
            if progress:
                progress((i + done) / 2)

        ce.append(solve_values(table.model, workers=workers, progress=step, theta=theta))
    var = np.maximum(ce[0] - ce[1], 0.0) / THETA
    return Spread(table, var.astype(np.float32), time.perf_counter() - t0)


def spread_path(model: Model) -> Path:
    return cache_dir() / f"{table_key(model)}-spread{SPREAD_VERSION}.npz"


def _load(table: Table) -> Spread | None:
    data = load_arrays(spread_path(table.model))
    if data is None:
        return None
    try:
        var, seconds = data["var"], float(data["seconds"])
    except DAMAGED:
        return None
    if var.shape != (table.states,) or var.dtype != np.float32:
        return None
    return Spread(table, var, seconds)


def _save(spread: Spread) -> None:
    save_arrays(spread_path(spread.model), var=spread.var, seconds=np.float64(spread.seconds))


_tables: SideTables[Spread] = SideTables(
    _load,
    lambda table, progress: solve_spread(table, progress=progress),
    lambda _table, spread: _save(spread),
)


def get_spread(variant: Variant, progress: Callable[[float], None] | None = None) -> Spread:
    """The spread of a variant: from memory, the cache, or solved (and cached)."""
    return _tables.get(variant, progress)


def forget() -> None:
    """No spread in memory (the next one is read from the cache)."""
    _tables.forget()
