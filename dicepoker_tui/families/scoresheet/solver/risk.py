"""Risk-adjusted tables: certainty equivalents of the points to come for a few θ.

For each θ of `THETAS` the same backward induction as the expected-score table, for a
player maximising E[exp(θ · score)] (`build.solve_values(theta=θ)`). The `winner` bot
plays a turn with the table whose θ is nearest to deficit / (both seats' remaining
variance): behind it seeks risk, ahead it avoids it (`ai.risk_turn`).

Built once per variant and cached beside the expected-score table, like the spread.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.families.scoresheet.solver.build import solve_values
from dicepoker_tui.families.scoresheet.solver.cache import (
    DAMAGED,
    SideTables,
    load_arrays,
    save_arrays,
    table_key,
)
from dicepoker_tui.families.scoresheet.solver.model import Model
from dicepoker_tui.families.scoresheet.solver.table import Table
from dicepoker_tui.family.prepared import cache_dir

THETAS = (-0.04, -0.02, -0.01, -0.005, -0.0025, 0.0025, 0.005, 0.01, 0.02, 0.04)
"""The risk attitudes with a table (0, the expected-score table, is the plain solver)."""


@dataclass
class RiskTables:
    """One variant's risk-adjusted tables, by θ."""

    thetas: tuple[float, ...]
    values: list[np.ndarray]
    """Per θ: (states,) float32 certainty equivalents of the points still to come."""
    seconds: float = 0.0

    def bucket(self, theta: np.ndarray) -> np.ndarray:
        """Index of the nearest table to each wanted θ (geometrically), or -1 for the
        expected-score table (|θ| below half the smallest)."""
        grid = np.asarray(self.thetas)
        theta = np.asarray(theta, dtype=np.float64)
        small = np.abs(grid).min() / 2
        same_sign = np.sign(grid)[None, :] == np.sign(theta)[:, None]
        with np.errstate(divide="ignore", invalid="ignore"):
            dist = np.abs(np.log(np.abs(theta)[:, None] / np.abs(grid)[None, :]))
        dist = np.where(same_sign, dist, np.inf)
        out = np.argmin(dist, axis=1)
        return np.where(np.abs(theta) < small, -1, out)


RISK_VERSION = 1
"""Bump when the risk tables' meaning or layout change (part of the file name)."""


def solve_risk(
    model: Model, workers: int = 2, progress: Callable[[float], None] | None = None
) -> RiskTables:
    """Solve the risk-adjusted table of every θ of `THETAS`."""
    t0 = time.perf_counter()
    values = []
    for i, theta in enumerate(THETAS):

        def step(done: float, i: int = i) -> None:
            if progress:
                progress((i + done) / len(THETAS))

        ce = solve_values(model, workers=workers, progress=step, theta=theta)
        values.append(ce.astype(np.float32))
    return RiskTables(THETAS, values, time.perf_counter() - t0)


def risk_path(model: Model) -> Path:
    return cache_dir() / f"{table_key(model)}-risk{RISK_VERSION}.npz"


def _load(table: Table) -> RiskTables | None:
    data = load_arrays(risk_path(table.model))
    if data is None:
        return None
    try:
        thetas = tuple(float(t) for t in data["thetas"])
        values = [data[f"v{i}"] for i in range(len(thetas))]
        seconds = float(data["seconds"])
    except DAMAGED:
        return None
    if thetas != THETAS or any(v.shape != (table.states,) or v.dtype != np.float32
                               for v in values):  # fmt: skip
        return None
    return RiskTables(thetas, values, seconds)


def _save(model: Model, risk: RiskTables) -> None:
    arrays = {f"v{i}": v for i, v in enumerate(risk.values)}
    save_arrays(risk_path(model), thetas=np.array(risk.thetas),
                seconds=np.float64(risk.seconds), **arrays)  # fmt: skip


_tables: SideTables[RiskTables] = SideTables(
    _load,
    lambda table, progress: solve_risk(table.model, progress=progress),
    lambda table, risk: _save(table.model, risk),
)


def get_risk(variant: Variant, progress: Callable[[float], None] | None = None) -> RiskTables:
    """The risk-adjusted tables of a variant: from memory, the cache, or solved (and
    cached)."""
    return _tables.get(variant, progress)


def forget() -> None:
    """No risk tables in memory (the next ones are read from the cache)."""
    _tables.forget()
