"""The `winner` bot's early turns with a risk attitude, and head to heads on common dice."""

from __future__ import annotations

import numpy as np
import pytest

from dicepoker_tui.families.scoresheet.bots import winner_bot
from dicepoker_tui.families.scoresheet.bots.risk_turn import risk_wanted
from dicepoker_tui.families.scoresheet.bots.table_sim import play_tables
from dicepoker_tui.families.scoresheet.bots.win_policy import risk_pick
from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.solver.risk import THETAS, RiskTables, solve_risk
from dicepoker_tui.families.scoresheet.solver.spread import solve_spread

pytestmark = pytest.mark.slow

_risk: dict[str, RiskTables] = {}


@pytest.fixture
def dice_poker(solved):
    """The dice-poker table, spread and risk tables (solved once)."""
    table = solved("dice-poker")
    if "dice-poker" not in _risk:
        _risk["dice-poker"] = solve_risk(table.model, workers=1)
    return table, solve_spread(table, workers=1), _risk["dice-poker"]


def test_behind_seeks_risk_ahead_avoids_it_and_level_plays_for_points():
    own_var, rival_var = np.array([900.0, 900, 900]), np.full((1, 3), 900.0)
    rival = np.full((1, 3), 200.0)
    theta = risk_wanted(np.array([170.0, 230, 200]), own_var, rival, rival_var)
    assert theta[0] > 0 > theta[1] and theta[2] == 0
    assert theta[0] == pytest.approx(30 / 1800)
    tables = RiskTables(THETAS, [np.zeros(1)] * len(THETAS))
    picked = tables.bucket(np.array([0.017, -0.017, 0.0, 0.0001]))
    assert [THETAS[i] for i in picked[:2]] == [0.02, -0.02]  # the nearest table
    assert picked[2:].tolist() == [-1, -1]  # too small a risk: the expected-score table


def test_risk_tables_are_certainty_equivalents_around_the_mean(dice_poker):
    table, spread, risk = dice_poker
    start = table.model.index(table.model.encode(Sheet()))[0]
    mean, var = float(spread.mean[start]), float(spread.var[start])
    ces = {theta: float(v[start]) for theta, v in zip(risk.thetas, risk.values, strict=True)}
    assert sorted(ces.values()) == [ces[t] for t in sorted(ces)]  # more risk, higher CE
    for theta in (-0.0025, 0.0025):  # small θ: mean + θ·variance/2
        assert ces[theta] == pytest.approx(mean + theta * var / 2, abs=0.05 * abs(theta) * var)


def test_behind_a_risk_table_decides_and_level_the_expected_score_play(dice_poker):
    table, spread, risk = dice_poker
    boxes = table.variant.box_ids
    mine = Sheet(scores={b: 0 for b in boxes[:4]})
    theirs = Sheet(scores={b: 30 for b in boxes[:4]})  # 120 ahead of mine
    dice = (6, 6, 5, 2, 1)
    chasing = risk_pick(spread, risk, [mine, theirs], 0, dice, 1)
    assert chasing is not None and np.isfinite(chasing.value)
    assert risk_pick(spread, risk, [mine, mine], 0, dice, 1) is None


def test_common_dice_a_seat_plays_the_same_game_whoever_sits_beside_it(dice_poker, monkeypatch):
    table, spread, risk = dice_poker
    monkeypatch.delitem(winner_bot.RISK_UNTIL, "dice-poker")  # every turn to win
    one = play_tables(table, ["optimal", "winner"], 600, seed=4, spread=spread)
    two = play_tables(table, ["optimal", "optimal"], 600, seed=4)
    assert (one.scores[:, 0] == two.scores[:, 0]).all()  # the same dice, the same play
    assert (one.scores[:, 1] != two.scores[:, 1]).any()  # where the winner chose otherwise
    monkeypatch.setitem(winner_bot.RISK_UNTIL, "dice-poker", 4)  # (as it does from 3)
    risky = play_tables(table, ["optimal", "winner"], 600, seed=4, spread=spread, risk=risk)
    assert (risky.scores[:, 0] == one.scores[:, 0]).all()
    assert (risky.scores[:, 1] != one.scores[:, 1]).any()  # its early turns differ
    again = play_tables(table, ["optimal", "winner"], 600, seed=4, spread=spread, risk=risk,
                        workers=1)  # fmt: skip
    assert (again.scores == risky.scores).all()
    assert risky.wins.sum() == pytest.approx(600)


def test_the_bot_takes_risks_only_early_and_only_where_measured_better():
    assert winner_bot.takes_risks("yatzy", 15) and winner_bot.takes_risks("yatzy", 3)
    assert not winner_bot.takes_risks("yatzy", 2)  # the last turns: for the chance to win
    assert not winner_bot.takes_risks("yahtzee", 13)
    assert winner_bot.needs_risk_tables("yatzy") and not winner_bot.needs_risk_tables("yahtzee")


def test_a_risk_taking_winner_plays_whole_games_through_the_engine(solved):
    solved("dice-poker")
    from dicepoker_tui.family.head_to_head import head_to_head

    assert winner_bot.takes_risks("dice-poker", 15)
    result = head_to_head("dice-poker", ["winner", "optimal"], 2, seed=3, keep=True)
    assert [g.finished for g in result.played] == [True, True]
    assert sum(b.wins for b in result.bots) == pytest.approx(2)
