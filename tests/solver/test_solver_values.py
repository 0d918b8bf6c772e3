"""The solver's values: exact start values, and single turns checked by brute force."""

from __future__ import annotations

import numpy as np
import pytest

from dicepoker_tui.families.scoresheet.bots.policy import Policy
from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.solver.build import turn_values
from tests.solver.playing import random_sheet
from tests.solver.reference_turn import BruteTurn

ALL = ("yahtzee", "yahtzee-free-joker", "yatzy", "dice-poker", "dice-poker-bank")


@pytest.mark.parametrize(
    ("variant", "expected"), [("yahtzee", 254.5877287), ("yatzy", 248.4399894)]
)
def test_start_value_is_the_published_optimum(solved, variant: str, expected: float) -> None:
    assert solved(variant).start == pytest.approx(expected, abs=1e-6)


@pytest.mark.slow
def test_forced_joker_is_worth_less_than_a_free_placement(solved) -> None:
    # RULES.md: with a free Joker placement the optimum is 254.5896095; forced is lower
    assert solved("yahtzee").start < 254.5896095


@pytest.mark.parametrize("variant", ALL)
def test_stored_start_value_matches_the_table(solved, variant: str) -> None:
    table = solved(variant)
    assert table.future(Sheet()) == pytest.approx(table.start, abs=1e-4)
    assert 100 < table.start < 400


# (variant, turns already played, seed): sheets early, midway and late in the game
CASES = [
    ("yahtzee", 12, 1),
    ("yahtzee", 9, 2),
    ("yahtzee", 7, 3),
    ("yahtzee-free-joker", 11, 4),
    ("yahtzee-free-joker", 8, 5),
    ("yatzy", 13, 6),
    ("yatzy", 10, 7),
    ("dice-poker", 4, 8),
    ("dice-poker", 5, 9),
    ("dice-poker", 11, 10),
    ("dice-poker-bank", 5, 11),
    ("dice-poker-bank", 3, 12),
    ("dice-poker-bank", 13, 13),
]


@pytest.mark.parametrize(("variant", "turns", "seed"), CASES)
def test_turn_value_equals_brute_force(solved, variant: str, turns: int, seed: int) -> None:
    table = solved(variant)
    sheet = random_sheet(variant, turns, seed)
    if variant == "dice-poker-bank":
        sheet.bank = min(sheet.bank, 3)  # keep the brute force small: at most 6 throws
    brute = BruteTurn(table, sheet).turn_value()
    fields = table.model.encode(sheet)
    kernel = turn_values(table.model, fields, table.values)[0]
    assert kernel == pytest.approx(brute, abs=1e-9)
    assert table.future(sheet) == pytest.approx(brute, abs=1e-4)


def _sheet(scores: dict[str, int], bonuses: dict[str, int] | None = None) -> Sheet:
    return Sheet(scores=scores, bonuses=bonuses or {})


LOWER_DONE = {
    "three_of_a_kind": 20,
    "four_of_a_kind": 0,
    "full_house": 25,
    "small_straight": 30,
    "large_straight": 0,
    "chance": 22,
}
# sheets where the Joker rules, the Yahtzee bonus and the upper bonus all matter
EDGE = [
    ("yahtzee", _sheet({"yahtzee": 50, "sixes": 24, "fives": 20, "fours": 12, **LOWER_DONE})),
    ("yahtzee", _sheet({"yahtzee": 0, "ones": 3, "twos": 6, "threes": 9, "three_of_a_kind": 0})),
    # upper total 62 with Sixes open: any six earns the upper bonus
    (
        "yahtzee",
        _sheet(
            {
                "yahtzee": 50,
                "ones": 3,
                "twos": 6,
                "threes": 12,
                "fours": 16,
                "fives": 25,
                "full_house": 25,
            }
        ),
    ),
    ("yahtzee-free-joker", _sheet({"yahtzee": 0, "sixes": 18, "fives": 15, **LOWER_DONE})),
    ("yahtzee-free-joker", _sheet({"yahtzee": 50, "fours": 16, "full_house": 25})),
    ("yatzy", _sheet({"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "yatzy": 50})),
    ("dice-poker", _sheet({"ones": -1, "twos": 2, "threes": -3, "fours": 0, "fives": 5})),
    ("dice-poker-bank", Sheet(scores={"ones": 0, "twos": -2, "threes": 0}, bank=4)),
]


@pytest.mark.parametrize(("variant", "sheet"), EDGE)
def test_edge_sheets_equal_brute_force(solved, variant: str, sheet: Sheet) -> None:
    table = solved(variant)
    brute = BruteTurn(table, sheet).turn_value()
    kernel = turn_values(table.model, table.model.encode(sheet), table.values)[0]
    assert kernel == pytest.approx(brute, abs=1e-9)


@pytest.mark.parametrize(("variant", "turns", "seed"), CASES[::2])
def test_option_values_equal_brute_force(solved, variant: str, turns: int, seed: int) -> None:
    table = solved(variant)
    sheet = random_sheet(variant, turns, seed)
    brute = BruteTurn(table, sheet)
    policy = Policy(table)
    rng = np.random.default_rng(seed)
    for throws in range(1, brute.last + 1):
        dice = tuple(int(v) for v in rng.integers(1, 7, 5))
        options = policy.options(brute.sheet_at(throws), dice, throws)
        writes = brute.write_values(tuple(sorted(dice)), throws)
        seen_writes = {o.box: o.expected for o in options if o.action == "write"}
        total = brute.sheet_at(throws).total
        assert set(seen_writes) == set(writes)
        for box, value in writes.items():
            assert seen_writes[box] - total == pytest.approx(value, abs=1e-9)
        keeps = [o for o in options if o.action == "keep"]
        if throws == brute.last:
            assert keeps == []
        else:
            assert len(keeps) == len({k for k in _subs(dice) if len(k) < 5})
            for o in keeps:
                value = brute.keep_value(o.keep, throws)
                assert o.expected - total == pytest.approx(value, abs=1e-9)


def _subs(dice):
    return {tuple(sorted(dice[i] for i in range(5) if m >> i & 1)) for m in range(32)}
