"""Where a Joker may go: the solver's model agrees with the variant on every kind of sheet."""

from __future__ import annotations

import numpy as np
import pytest

from dicepoker_tui.families.scoresheet.bots.policy import Policy
from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import WriteContext

FIVES = [(f,) * 5 for f in range(1, 7)]


@pytest.mark.parametrize("variant", ["yahtzee", "yahtzee-free-joker"])
@pytest.mark.parametrize("held", [0, 50])
def test_joker_boxes_are_the_variants_legal_boxes(solved, variant: str, held: int) -> None:
    policy = Policy(solved(variant))
    v = policy.variant
    others = [b for b in v.box_ids if b != "yahtzee"]
    rng = np.random.default_rng(held + len(variant))
    for _ in range(80):
        filled = [b for b in others if rng.random() < rng.choice([0.2, 0.5, 0.9])]
        if len(filled) == len(others):
            filled.pop()
        sheet = Sheet(scores={"yahtzee": held, **dict.fromkeys(filled, 0)})
        for dice in FIVES:
            legal = set(v.legal_boxes(dice, WriteContext(sheet=sheet, throws=3)))
            written = {o.box for o in policy.options(sheet, dice, 3) if o.action == "write"}
            assert written == legal, (filled, dice)
