"""The `winner` bot: the long shot in an endgame, `optimal` when alone, sane head to heads."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.bots.levels import make_bot
from dicepoker_tui.families.scoresheet.bots.policy import Policy
from dicepoker_tui.families.scoresheet.bots.table_sim import play_tables, win_shares
from dicepoker_tui.families.scoresheet.bots.win_policy import win_options
from dicepoker_tui.families.scoresheet.bots.winning import chance_to_win
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.solver.spread import Spread, solve_spread
from dicepoker_tui.family import bot_driver, family_of

pytestmark = pytest.mark.slow


def endgame_spread(table) -> Spread:
    """With every sheet one write from full, no variance is ever read: a zero spread
    makes the endgame exact without solving the spread."""
    return Spread(table, np.zeros(table.states, dtype=np.float32), 0.0)


def test_one_box_left_29_behind_winner_goes_for_five_sixes_and_optimal_does_not(solved):
    table = solved("yahtzee")
    boxes = table.variant.box_ids
    mine = Sheet(scores={b: 0 for b in boxes if b != "chance"})  # only chance open: 0 so far
    theirs = Sheet(scores={**{b: 0 for b in boxes}, "chance": 29})  # finished with 29
    dice = (6, 6, 5, 5, 4)
    # for points: keep 6 6 5 5 and throw the 4; only 6 6 6 6 6 (30) beats 29
    assert Policy(table).best(mine, dice, 1).keep == (5, 5, 6, 6)
    options = win_options(endgame_spread(table), [mine, theirs], 0, dice, 1)
    best = options[0]
    assert best.action == "keep" and best.keep == (6, 6)
    # three dice each a 6 within two throws, or a tie at 29 for half
    assert (11 / 36) ** 3 < best.chance < 0.1
    written = next(o for o in options if o.action == "write")
    assert written.chance == 0.0


def test_chance_to_win_shares_ties_and_follows_the_normal():
    exact = chance_to_win(
        np.array([10.0, 11, 9]), np.zeros(3), np.array([[10.0]]), np.zeros((1, 1))
    )
    assert exact.tolist() == [0.5, 1.0, 0.0]
    even = chance_to_win(np.array([250.0]), np.array([900.0]), np.full((2, 1), 250.0),
                         np.full((2, 1), 900.0))  # fmt: skip
    assert even[0] == pytest.approx(1 / 3, abs=2e-3)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_winner_alone_plays_exactly_like_optimal(solved, seed):
    solved("dice-poker")
    games = []
    for level in ("winner", "optimal"):
        game = Game.new("dice-poker", [Player(name="Bot", kind="bot", level=level)], seed=seed)
        bot = make_bot(level, seed=1)
        while game.state.current is not None:
            bot_driver.play(game, bot_driver.choose(game, game.state.current, bot))
        games.append([e.model_dump(exclude={"player"}) for e in game.events[1:]])
    assert games[0] == games[1]


def test_spread_gives_the_variance_of_optimal_play(solved):
    table = solved("dice-poker")
    spread = solve_spread(table, workers=1)
    mean, var = spread.sheet_moments(Sheet())
    assert mean == pytest.approx(table.start, abs=1e-3)
    result = play_tables(table, ["optimal", "optimal"], 4000, seed=2)
    assert np.sqrt(var) == pytest.approx(result.scores.std(), rel=0.05)


def test_a_small_seeded_head_to_head_is_sane_and_repeatable(solved):
    table = solved("dice-poker")
    spread = solve_spread(table, workers=1)
    levels = ["winner", "optimal", "novice"]
    one = play_tables(table, levels, 900, seed=5, spread=spread)
    two = play_tables(table, levels, 900, seed=5, spread=spread, workers=1)
    assert (one.scores == two.scores).all()
    assert one.wins.sum() == pytest.approx(900)
    share = one.wins.mean(axis=0)
    assert share[2] < 0.2 < share[0] and share[1] > 0.2  # novice rarely wins
    assert one.scores[:, 1].mean() == pytest.approx(table.start, abs=6)
    assert win_shares(np.array([[3, 3, 1]])).tolist() == [[0.5, 0.5, 0.0]]


def test_winner_plays_whole_games_at_a_table_through_the_engine(solved):
    solved("dice-poker")
    from dicepoker_tui.family.head_to_head import head_to_head

    result = head_to_head("dice-poker", ["winner", "optimal"], 2, seed=3, keep=True)
    assert [g.finished for g in result.played] == [True, True]
    spec = family_of("dice-poker")
    assert sum(b.wins for b in result.bots) == pytest.approx(2)
    assert all(spec.final_measure(g, 0) > 0 for g in result.played)
