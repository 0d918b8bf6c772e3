"""Every variant x all 252 dice multisets x every box, against the reference of RULES.md."""

from __future__ import annotations

import pytest

from dicepoker_tui.engine.dice import all_rolls
from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.rules.variants.base import WriteContext
from tests.engine.playing import real_game
from tests.reference import BOX_IDS, BUILTIN_IDS, every_roll, legal_writes, table

CASES = [(v, box) for v in BUILTIN_IDS for box in BOX_IDS[v]]


def test_there_are_252_multisets_and_the_engine_knows_them_all() -> None:
    rolls = every_roll()
    assert len(rolls) == 252
    assert tuple(sorted(all_rolls())) == rolls


@pytest.mark.parametrize("variant", BUILTIN_IDS)
def test_box_ids_are_those_of_rules_md(variant: str) -> None:
    assert get_variant(variant).box_ids == BOX_IDS[variant]


@pytest.mark.parametrize("first_throw", [False, True], ids=["later-throw", "first-throw"])
@pytest.mark.parametrize(("variant", "box"), CASES, ids=[f"{v}:{b}" for v, b in CASES])
def test_every_roll_scores_as_the_rules_say(variant: str, box: str, first_throw: bool) -> None:
    code = get_variant(variant)
    ctx = WriteContext(throws=1 if first_throw else 2)
    expected = {roll: row[box] for roll, row in table(variant, first_throw=first_throw).items()}
    actual = {roll: code.score(box, roll, ctx) for roll in expected}
    wrong = {roll: (actual[roll], want) for roll, want in expected.items() if actual[roll] != want}
    assert not wrong, f"{variant} {box}: roll -> (scored, expected): {wrong}"


@pytest.mark.parametrize("variant", BUILTIN_IDS)
def test_first_write_of_a_game_offers_the_reference_boxes_and_points(variant: str) -> None:
    """The engine path (a real game, first and second throw) agrees with the referee."""
    for roll in every_roll():
        shuffled = [roll[i] for i in (3, 0, 4, 1, 2)]
        for throws in (1, 2):
            game = real_game(variant)
            game.throw(dice=shuffled)
            if throws == 2:
                game.throw(keep=[], dice=shuffled)
            assert game.preview() == legal_writes(variant, roll, {}, throws), (roll, throws)
