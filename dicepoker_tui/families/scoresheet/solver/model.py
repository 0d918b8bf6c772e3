"""The interface between the solver and a family of variants.

A model maps a scoresheet to a compact turn-start state (filled boxes plus the few
numbers the future depends on), enumerates those states level by level (the number
of filled boxes), and describes what each write is worth (`BoxTerm`s). Box points are
always asked of the variant object itself (`variant.score`), never re-derived.
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable
from functools import cache

import numpy as np

from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant, WriteContext
from dicepoker_tui.families.scoresheet.solver.dice_graph import ROLLS
from dicepoker_tui.families.scoresheet.solver.terms import BoxTerm

Fields = dict[str, np.ndarray]
"""A batch of states: one array per state component, all of the same length."""

NOT_JOKER = (1, 2, 3, 4, 6)
"""Dice that make no special combination, for probing bonuses that depend on boxes only."""


class Model:
    """Base class of the state models; see the module docstring."""

    variant: Variant
    box_ids: tuple[str, ...]
    n_states: int
    level_bounds: list[tuple[int, int]]
    """(start, stop) of each level's states in the global state numbering."""

    @property
    def n_boxes(self) -> int:
        return len(self.box_ids)

    # -- enumeration --------------------------------------------------------------------
    def chunks(self, level: int, size: int) -> list[tuple[int, int]]:
        """Ranges of at most `size` states of a level that can be batched together."""
        start, stop = self.level_bounds[level]
        return [(a, min(a + size, stop)) for a in range(start, stop, size)]

    def fields(self, start: int, stop: int) -> Fields:
        raise NotImplementedError

    def terminal_values(self, fields: Fields) -> np.ndarray:
        """Points still to come when every box is filled (end-of-game bonuses)."""
        raise NotImplementedError

    # -- one turn ------------------------------------------------------------------------
    def max_throws(self, fields: Fields) -> np.ndarray:
        """Throws each state's turn allows, bank included."""
        return np.full(len(next(iter(fields.values()))), self.variant.throws_per_turn)

    def write_key(self, t: int) -> Hashable:
        """States' write values after throw `t` depend on `t` only through this key."""
        return 0

    def terms(self, fields: Fields, t: int, values: np.ndarray) -> list[BoxTerm]:
        """Box terms of writing after throw `t`; `values` holds the following states."""
        raise NotImplementedError

    # -- playing many games at once (the fast simulation) --------------------------------
    def start_fields(self, n: int) -> Fields:
        """`n` fresh sheets."""
        one = self.encode(Sheet())
        return {k: np.repeat(v, n) for k, v in one.items()}

    def group_keys(self, fields: Fields) -> np.ndarray:
        """States with equal keys may share one call of `terms`."""
        return np.zeros(len(next(iter(fields.values()))), dtype=np.int64)

    def apply_write(
        self, fields: Fields, boxes: np.ndarray, rolls: np.ndarray, throws: np.ndarray
    ) -> tuple[Fields, np.ndarray]:
        """The states after writing roll `rolls[i]` (kernel index) into `boxes[i]` after
        `throws[i]` throws, and the points each write earned (bonuses included)."""
        raise NotImplementedError

    # -- sheets ----------------------------------------------------------------------------
    def encode(self, sheet: Sheet) -> Fields:
        """The state (a batch of one) of a sheet at the start of a turn."""
        raise NotImplementedError

    def probe_sheets(self) -> list[Sheet]:
        """Sheets that between them show every score a box can take (e.g. as a Joker)."""
        return [Sheet()]

    def turn_fields(self, sheet: Sheet, throws_made: int) -> Fields:
        """The turn-start state of a turn in progress (`throws_made` throws so far)."""
        return self.encode(sheet)

    def index(self, fields: Fields) -> np.ndarray:
        """Global state numbers of a batch of states."""
        raise NotImplementedError

    def is_full(self, sheet: Sheet) -> bool:
        return all(sheet.filled(b) for b in self.box_ids)

    def fingerprint_parts(self) -> list:
        """Everything the variant contributed to the model (for the table's cache key)."""
        raise NotImplementedError

    def fingerprint(self) -> bytes:
        h = hashlib.sha256()
        h.update(f"{type(self).__name__}|{self.variant.id}|{self.box_ids}|{self.n_states}".encode())
        for part in self.fingerprint_parts():
            if isinstance(part, np.ndarray):
                h.update(np.ascontiguousarray(part).tobytes())
            else:
                h.update(repr(part).encode())
        return h.digest()


# -- probing the variant ----------------------------------------------------------------------


def score_table(variant: Variant, sheet: Sheet, throws: int) -> np.ndarray:
    """(boxes, 252) points of every box for every roll (kernel order), asked of the variant."""
    ctx = WriteContext(sheet=sheet, throws=throws)
    return np.array(
        [[variant.score(box, roll, ctx) for roll in ROLLS] for box in variant.box_ids],
        dtype=np.int64,
    )


def bonus_points(variant: Variant, before: Sheet, box: str, points: int, dice, throws=2) -> int:
    """Points of the bonuses the variant awards for a write (asked of the variant)."""
    after = Sheet.model_construct(
        scores={**before.scores, box: points}, bonuses=dict(before.bonuses), bank=before.bank
    )
    ctx = WriteContext(sheet=before, throws=throws)
    return sum(b.points for b in variant.bonuses_after_write(before, after, box, dice, ctx))


@cache
def _sheet_without_bonus(section: tuple[str, ...], total: int, filled: int) -> Sheet:
    scores = dict.fromkeys(section[:filled], 0)
    if filled:
        scores[section[0]] = total
    return Sheet(scores=scores)


def section_bonus(
    variant: Variant, section: tuple[str, ...], filled: int, lo: int, hi: int
) -> tuple[int, int]:
    """(threshold, points) of the bonus for a section total, found by asking the variant.

    The sheet has `filled` of the section's boxes filled (holding `total` between them)
    when the next one is written with 0; the threshold is the least total that earns
    a bonus. Raises ValueError when no total in [lo, hi] does.
    """
    box = section[filled]
    for total in range(lo, hi + 1):
        before = _sheet_without_bonus(section, total, filled)
        points = bonus_points(variant, before, box, 0, NOT_JOKER)
        if points:
            return total, points
    raise ValueError(f"{variant.id}: no section bonus found")
