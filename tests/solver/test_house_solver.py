"""The exact solver follows a house-rules file: a file restating Yahtzee has Yahtzee's
value, and a small house variant's value is the mean of simulated optimal games."""

from __future__ import annotations

import math
import os

import pytest

from dicepoker_tui.families.scoresheet.bots.simulate import replay_record, simulate
from dicepoker_tui.families.scoresheet.rules.variants.house import register_rules
from dicepoker_tui.families.scoresheet.rules.variants.house_file import parse
from dicepoker_tui.families.scoresheet.solver import get_table
from tests.engine.house import own_registry

__all__ = ["own_registry"]

RESTATED = """\
id = "yahtzee-again"
name = "Yahtzee again"
base = "yahtzee"
boxes = ["ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind",
         "four_of_a_kind", "full_house", "small_straight", "large_straight", "yahtzee", "chance"]
straights = "any"
throws = 3
points = { full_house = 25, small_straight = 30, large_straight = 40, yahtzee = 50 }
upper_bonus = { threshold = 63, points = 35 }
five_of_a_kind = { bonus = 100, joker = "forced" }
"""

SMALL = """\
id = "short-kniffel"
name = "Short Kniffel"
base = "kniffel"
boxes = ["ones", "twos", "threes", "fours", "fives", "sixes", "kniffel"]
throws = 2
upper_bonus = { threshold = 30, points = 25 }
five_of_a_kind = { bonus = 40, joker = "forced" }
"""


@pytest.fixture
def solver_home(tmp_path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("DICEPOKER_HOME", str(tmp_path))
    return tmp_path


@pytest.mark.slow
def test_a_file_restating_yahtzee_has_its_exact_start_value(own_registry, solver_home) -> None:
    variant = register_rules(parse(RESTATED))
    assert variant.id.startswith("yahtzee-again@")
    assert get_table(variant).start == pytest.approx(254.5877287, abs=1e-7)


def test_the_start_value_is_the_mean_of_simulated_optimal_games(own_registry, solver_home) -> None:
    variant = register_rules(parse(SMALL))
    table = get_table(variant)
    games = 10_000
    result = simulate(table, "optimal", games=games, seed=30, record=20, workers=1)
    error = result.scores.std(ddof=1) / math.sqrt(games)
    assert abs(result.scores.mean() - table.start) < 3 * error, (table.start, error)
    for turns, total in zip(result.records, result.scores, strict=False):
        game = replay_record(variant.id, turns)  # the engine agrees, move by move
        assert game.finished and game.state.standings[0].total == total
    assert os.listdir(solver_home / "cache")  # solved once, kept like a built-in's table
