"""Target tables (the best chance of scoring at least r more) and the `winner` bot's
last turns played with them, on the small dice-poker sheet."""

from __future__ import annotations

import numpy as np
import pytest

from dicepoker_tui.ai.solver import targets as targets_mod
from dicepoker_tui.ai.solver.spread import solve_spread
from dicepoker_tui.ai.table_sim import play_tables


@pytest.fixture
def dice_poker_targets(solved, monkeypatch):
    table = solved("dice-poker")
    monkeypatch.setitem(targets_mod.TARGET_OPEN, "dice-poker", 3)
    return table, targets_mod.solve_targets(table, workers=1)


def test_target_chances_are_chances_that_fall_with_the_target(dice_poker_targets):
    table, tg = dice_poker_targets
    assert tg.open_max == 3 and tg.chance.shape[1] == targets_mod.WIDTH
    assert (tg.chance[:, 0] == 1.0).all()  # nothing more to score: reached
    assert ((tg.chance >= 0) & (tg.chance <= 1 + 1e-6)).all()
    assert (np.diff(tg.chance, axis=1) <= 1e-6).all()
    # Aiming at each target beats the expected-score play at reaching it, so the sum of
    # the chances (r ≥ 1) is at least the expected points still to come.
    values = table.values[tg.first :]
    assert (tg.chance[:, 1:].sum(axis=1) >= values - 1e-3).all()
    # and somewhere it is strictly better: a player aiming at a total plays otherwise
    assert (tg.chance[:, 1:].sum(axis=1) > values + 0.5).any()


def test_full_sheets_have_reached_exactly_their_end_bonus(dice_poker_targets):
    table, tg = dice_poker_targets
    model = table.model
    a, b = model.level_bounds[-1]
    extra = np.rint(model.terminal_values(model.fields(a, b))).astype(int)
    rows = tg.chance[a - tg.first : b - tg.first]
    for row, e in zip(rows, extra, strict=True):
        assert row[: e + 1].min() == 1.0 and row[e + 1 :].max(initial=0.0) == 0.0


def test_the_last_turns_with_targets_change_games_and_repeat(dice_poker_targets):
    table, tg = dice_poker_targets
    spread = solve_spread(table, workers=1)
    plain = play_tables(table, ["winner", "optimal"], 400, seed=5, spread=spread)
    aimed = play_tables(table, ["winner", "optimal"], 400, seed=5, spread=spread, targets=tg)
    again = play_tables(table, ["winner", "optimal"], 400, seed=5, spread=spread, targets=tg)
    assert (plain.scores[:, 1] == aimed.scores[:, 1]).all()  # common dice: same rival games
    assert (plain.scores[:, 0] != aimed.scores[:, 0]).any()  # the targets chose otherwise
    assert (aimed.scores == again.scores).all()
    assert aimed.wins.sum() == pytest.approx(400)
