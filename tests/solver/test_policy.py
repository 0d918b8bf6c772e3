"""The policy: option values are consistent with each other and with the table."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicepoker_tui.families.scoresheet.bots.policy import Policy, positions_of
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.solver.dice_graph import ROLL_P, ROLLS
from tests.solver.playing import random_sheet
from tests.solver.reference_turn import outcomes

pytestmark = pytest.mark.slow

VARIANTS = ("yahtzee", "yahtzee-free-joker", "yatzy", "dice-poker", "dice-poker-bank")

situations = st.tuples(
    st.sampled_from(VARIANTS),
    st.integers(0, 13),
    st.integers(0, 10_000),
    st.tuples(*[st.integers(1, 6)] * 5),
    st.integers(1, 3),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations)
def test_best_option_is_never_below_another(solved, situation) -> None:
    variant, turns, seed, dice, throws = situation
    sheet = random_sheet(variant, min(turns, len(solved(variant).variant.box_ids) - 1), seed)
    options = Policy(solved(variant)).options(sheet, dice, throws)
    best = options[0]
    assert all(best.expected >= o.expected for o in options)
    assert all(o.loss == pytest.approx(best.expected - o.expected) for o in options)
    assert any(o.action == "write" for o in options)  # some box is always legal
    last = solved(variant).variant.throws_left(sheet, 0)
    assert (throws < last) == any(o.action == "keep" for o in options)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 12), st.integers(0, 10_000))
def test_turn_start_value_is_the_average_best_option(solved, variant, turns, seed) -> None:
    table = solved(variant)
    sheet = random_sheet(variant, turns, seed)
    policy = Policy(table)
    best = np.array([policy.options(sheet, roll, 1)[0].expected for roll in ROLLS])
    assert float(ROLL_P @ best) == pytest.approx(policy.expected_total(sheet), abs=2e-4)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 12), st.integers(0, 10_000), st.data())
def test_a_keep_is_worth_the_average_of_what_follows(solved, variant, turns, seed, data) -> None:
    policy = Policy(solved(variant))
    sheet = random_sheet(variant, turns, seed)
    dice = data.draw(st.tuples(*[st.integers(1, 6)] * 5))
    keeps = [o for o in policy.options(sheet, dice, 1) if o.action == "keep"]
    keep = data.draw(st.sampled_from(keeps))
    follow = sum(
        p * policy.options(sheet, keep.keep + rest, 2)[0].expected
        for rest, p in outcomes(5 - len(keep.keep))
    )
    assert keep.expected == pytest.approx(follow, abs=1e-9)


def test_options_of_a_game_in_progress_and_positions(solved) -> None:
    policy = Policy(solved("yahtzee"))
    game = Game.new("yahtzee", ["Ann"], seed=4, real_dice=True)
    assert policy.options_for(game.state) == []  # nothing to decide before the first throw
    game.throw(dice=[6, 2, 6, 6, 1])
    options = policy.options_for(game.state)
    assert options == policy.options(Sheet(), (6, 2, 6, 6, 1), 1)
    assert options[0].action == "keep" and options[0].keep == (6, 6, 6)
    assert positions_of((6, 2, 6, 6, 1), (6, 6, 6)) == (0, 2, 3)


def test_bad_queries_are_refused(solved) -> None:
    policy = Policy(solved("yahtzee"))
    with pytest.raises(ValueError):
        policy.options(Sheet(), (1, 2, 3, 4, 7), 1)
    with pytest.raises(ValueError):
        policy.options(Sheet(), (1, 2, 3, 4, 5), 4)
    full = Sheet(scores=dict.fromkeys(policy.variant.box_ids, 0))
    with pytest.raises(ValueError):
        policy.options(full, (1, 2, 3, 4, 5), 1)


def test_judge_a_move_for_the_coach(solved) -> None:
    policy = Policy(solved("yahtzee"))
    game = Game.new("yahtzee", ["Ann"], seed=4, real_dice=True)
    with pytest.raises(ValueError):
        policy.judge(game.state, box="chance")
    game.throw(dice=[6, 2, 6, 6, 1])
    played, best = policy.judge(game.state, keep=(0, 2, 3))
    assert played == best and best.keep == (6, 6, 6)
    played, best = policy.judge(game.state, box="chance")
    assert played.box == "chance" and best.expected - played.expected == played.loss > 0
    with pytest.raises(ValueError):
        policy.judge(game.state, keep=(0, 1, 2, 3, 4))
