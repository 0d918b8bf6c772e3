"""The fast simulation: legal games, the engine's totals, and the exact mean."""

from __future__ import annotations

import math

import pytest

from dicepoker_tui.families.scoresheet.bots.simulate import replay_record, simulate

VARIANTS = ("yahtzee", "yahtzee-free-joker", "yatzy", "dice-poker", "dice-poker-bank")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", ["optimal", "novice"])
def test_simulated_games_replay_through_the_engine_to_the_same_totals(
    solved, variant: str, level: str
) -> None:
    result = simulate(solved(variant), level, games=40, seed=7, record=6)
    assert len(result.records) == 6
    for turns, total in zip(result.records, result.scores[:6], strict=True):
        game = replay_record(variant, turns, level=level)  # raises on any illegal move
        assert game.finished
        assert game.state.sheets[0].total == total


@pytest.mark.slow
def test_the_same_seed_gives_the_same_games_whatever_the_threads(solved) -> None:
    table = solved("yatzy")
    one = simulate(table, "casual", games=1500, seed=3, workers=1)
    two = simulate(table, "casual", games=1500, seed=3, workers=2)
    other = simulate(table, "casual", games=1500, seed=4, workers=2)
    assert (one.scores == two.scores).all()
    assert (one.scores != other.scores).any()


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["yahtzee", "dice-poker"])
def test_optimal_mean_is_the_exact_value_within_sampling_error(solved, variant: str) -> None:
    table = solved(variant)
    result = simulate(table, "optimal", games=6000, seed=11)
    s = result.summary()
    error = s["stdev"] / math.sqrt(s["games"])
    # four standard errors: fails by chance about once in 16,000 runs
    assert abs(s["mean"] - table.start) < 4 * error


@pytest.mark.slow
def test_weaker_levels_score_less(solved) -> None:
    table = solved("yahtzee")
    means = [
        simulate(table, lv, games=2000, seed=5).scores.mean()
        for lv in ("optimal", "strong", "casual", "novice")
    ]
    assert means == sorted(means, reverse=True)


def test_summary_keys_and_order_statistics(solved) -> None:
    s = simulate(solved("dice-poker"), "strong", games=501, seed=1).summary()
    assert list(s) == [
        "variant",
        "bot",
        "games",
        "mean",
        "stdev",
        "min",
        "median",
        "max",
        "seconds",
    ]
    assert s["min"] <= s["median"] <= s["max"] and s["games"] == 501
