"""A solved variant: the expected points still to come from every turn-start state."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.families.scoresheet.solver.build import solve_values
from dicepoker_tui.families.scoresheet.solver.model import Model
from dicepoker_tui.families.scoresheet.solver.stage_model import StageModel
from dicepoker_tui.families.scoresheet.solver.upper_model import UpperModel

SOLVER_VERSION = 1
"""Bump when the tables' meaning or layout changes; part of every cache key."""


def model_for(variant: Variant) -> Model:
    """The state model of a variant (one stage with an upper bonus, or two stages)."""
    if variant.stages == (1,):
        return UpperModel(variant)
    if variant.stages == (1, 2):
        return StageModel(variant)
    raise ValueError(f"no solver model for {variant.id!r} (stages {variant.stages})")


@dataclass
class Table:
    """Values of every turn-start state of one variant, stored as float32."""

    model: Model
    values: np.ndarray
    """(states,) float32: expected points still to come, optimal play."""
    start: float
    """Expected final score of a fresh sheet (kept in float64)."""
    seconds: float
    """How long the solve took."""

    @property
    def variant(self) -> Variant:
        return self.model.variant

    @property
    def states(self) -> int:
        return self.model.n_states

    def future(self, sheet: Sheet) -> float:
        """Expected points still to come for a sheet at the start of a turn."""
        if self.model.is_full(sheet):
            return float(self.model.terminal_values(self.model.encode(sheet))[0])
        return float(self.values[self.model.index(self.model.encode(sheet))[0]])


def solve(
    variant: Variant,
    workers: int = 2,
    progress: Callable[[float], None] | None = None,
    model: Model | None = None,
) -> Table:
    """Solve a variant exactly (seconds; the model's probes included in the time)."""
    t0 = time.perf_counter()
    model = model or model_for(variant)
    values = solve_values(model, workers=workers, progress=progress)
    start = float(values[model.index(model.encode(Sheet()))[0]])
    return Table(model, values.astype(np.float32), start, time.perf_counter() - t0)
