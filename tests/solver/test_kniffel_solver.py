"""Kniffel's exact solver: its start value, and Jokers where the rules allow them."""

from __future__ import annotations

import numpy as np
import pytest

from dicepoker_tui.families.scoresheet.bots.policy import Policy
from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import WriteContext
from dicepoker_tui.families.scoresheet.solver.build import turn_values
from tests.solver.playing import random_sheet
from tests.solver.reference_turn import BruteTurn

pytestmark = pytest.mark.slow  # solves Kniffel (seconds; the fast suite stays fast)

KNIFFEL_START = 251.4900676
"""`dicepoker solve --variant kniffel`: below Yahtzee's 254.59 (a +50 only in the face's
upper box instead of +100 anywhere, even though it is paid after a struck box too)."""


def test_the_start_value_of_kniffel(solved) -> None:
    table = solved("kniffel")
    assert table.start == pytest.approx(KNIFFEL_START, abs=1e-6)
    assert table.future(Sheet()) == pytest.approx(table.start, abs=1e-4)


@pytest.mark.parametrize("held", [0, 50])
def test_joker_boxes_are_the_variants_legal_boxes(solved, held: int) -> None:
    policy = Policy(solved("kniffel"))
    v = policy.variant
    others = [b for b in v.box_ids if b != "kniffel"]
    rng = np.random.default_rng(held + 3)
    for _ in range(60):
        filled = [b for b in others if rng.random() < rng.choice([0.2, 0.5, 0.9])]
        if len(filled) == len(others):
            filled.pop()
        sheet = Sheet(scores={"kniffel": held, **dict.fromkeys(filled, 0)})
        for dice in [(f,) * 5 for f in range(1, 7)]:
            legal = set(v.legal_boxes(dice, WriteContext(sheet=sheet, throws=3)))
            written = {o.box for o in policy.options(sheet, dice, 3) if o.action == "write"}
            assert written == legal, (filled, dice)


@pytest.mark.parametrize(("turns", "seed"), [(11, 30), (9, 31)])
def test_a_late_turn_equals_brute_force(solved, turns: int, seed: int) -> None:
    table = solved("kniffel")
    sheet = random_sheet("kniffel", turns, seed)
    brute = BruteTurn(table, sheet).turn_value()
    kernel = turn_values(table.model, table.model.encode(sheet), table.values)[0]
    assert kernel == pytest.approx(brute, abs=1e-9)
