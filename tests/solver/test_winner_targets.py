"""Target tables (the best chance of scoring at least r more) and the `winner` bot's
last turns played with them, on the small dice-poker sheet."""

from __future__ import annotations

import numpy as np
import pytest

from dicepoker_tui.families.scoresheet.bots import target_turn
from dicepoker_tui.families.scoresheet.bots.table_sim import play_tables
from dicepoker_tui.families.scoresheet.solver import targets as targets_mod
from dicepoker_tui.families.scoresheet.solver.cache import table_key
from dicepoker_tui.families.scoresheet.solver.spread import solve_spread

pytestmark = pytest.mark.slow


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


def outcome_moments(tg) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each state's outcome CDF, its probabilities and its mean."""
    below = tg.below.astype(np.float64) / targets_mod.QUANTUM
    pmf = np.diff(np.concatenate([np.zeros((len(below), 1)), below], axis=1), axis=1)
    return below, pmf, (pmf * np.arange(targets_mod.WIDTH)).sum(axis=1)


def test_outcomes_are_how_the_expected_score_player_ends(dice_poker_targets):
    """Each covered state's distribution of the points still to come: a distribution,
    and one whose mean is the expected-score table's value (so it follows that play)."""
    table, tg = dice_poker_targets
    below, pmf, mean = outcome_moments(tg)
    assert (np.diff(below, axis=1) >= 0).all()
    assert below[:, -1].min() > 1 - 1e-4  # dice poker's last three boxes fit the width
    assert np.abs(mean - table.values[tg.first :]).max() < 0.01
    # more than one outcome somewhere: not a single sure total
    assert (pmf.max(axis=1) < 0.9).any()


def test_a_rivals_final_total_is_its_points_plus_its_outcome(dice_poker_targets):
    _table, tg = dice_poker_targets
    state = np.array([tg.first + 7])
    rows = tg.final_below(state, np.array([40.0]), 40 + targets_mod.WIDTH + 5)
    own = tg.below[7].astype(np.float64) / targets_mod.QUANTUM
    assert (rows[0, :40] == 0).all()  # a total below the points already scored: never
    assert np.allclose(rows[0, 40 : 40 + targets_mod.WIDTH], own)
    assert (rows[0, 40 + targets_mod.WIDTH :] == 1).all()


def test_exact_rivals_change_the_last_turns_and_not_the_rivals_games(
    dice_poker_targets, monkeypatch
):
    table, tg = dice_poker_targets
    spread = solve_spread(table, workers=1)
    exact = play_tables(table, ["winner", "optimal"], 400, seed=9, spread=spread, targets=tg)
    monkeypatch.setattr(target_turn, "EXACT_RIVALS", False)
    normal = play_tables(table, ["winner", "optimal"], 400, seed=9, spread=spread, targets=tg)
    assert (exact.scores[:, 1] == normal.scores[:, 1]).all()
    assert (exact.scores[:, 0] != normal.scores[:, 0]).any()


@pytest.fixture
def empty_cache(solved, monkeypatch, tmp_path):
    """(dice-poker table, where its target tables of two open boxes go): an empty cache
    of its own and nothing in memory."""
    table = solved("dice-poker")
    monkeypatch.setenv("DICEPOKER_HOME", str(tmp_path))
    monkeypatch.setitem(targets_mod.TARGET_OPEN, "dice-poker", 2)
    targets_mod.forget()
    path = targets_mod.targets_path(table.model)
    path.parent.mkdir(parents=True, exist_ok=True)
    return table, path


def test_a_damaged_target_file_is_solved_again(empty_cache, monkeypatch):
    table, path = empty_cache
    path.write_bytes(b"\x00garbage, not an npz")
    tg = targets_mod.get_targets(table.variant)
    assert tg.open_max == 2 and (tg.chance[:, 0] == 1).all()
    assert path.read_bytes()[:2] == b"PK"  # written again, whole
    targets_mod.forget()
    again = targets_mod.get_targets(table.variant)
    assert np.array_equal(again.chance, tg.chance) and np.array_equal(again.below, tg.below)


def test_outcomes_follow_one_option_where_two_tie_exactly(solved, monkeypatch):
    """With only three of a kind open, keeping 1 1 and keeping 6 from 1 1 2 3 6 have the
    same expected score: the outcome of each state is still one player's, its mean the
    expected-score table's (a mix of both would put more than all the chance on it)."""
    table = solved("yahtzee")
    monkeypatch.setitem(targets_mod.TARGET_OPEN, "yahtzee", 1)
    tg = targets_mod.solve_targets(table, workers=1)
    _below, _pmf, mean = outcome_moments(tg)
    assert np.abs(mean - table.values[tg.first :]).max() < 0.005


def test_saving_targets_removes_the_tables_earlier_versions(empty_cache):
    table, path = empty_cache
    stale = path.parent / f"{table_key(table.model)}-targets1-5-192.npz"
    stale.write_bytes(b"an earlier version")
    other = path.parent / "yatzy-v1-0000-targets1-5-192.npz"  # another variant's: kept
    other.write_bytes(b"another table")
    targets_mod.get_targets(table.variant)
    assert path.exists() and not stale.exists() and other.exists()
