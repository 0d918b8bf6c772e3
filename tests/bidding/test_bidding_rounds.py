"""The Liar's Dice rounds of two dice against one, solved by CFR: the solver agrees with
the exact linear program where both can run, the stored strategies are near an
equilibrium by an exact best response, and the expert plays them."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.bots.endgame import solve as solve_exactly
from dicepoker_tui.families.bidding.bots.expert import ExpertBot, endgame_value
from dicepoker_tui.families.bidding.bots.moves import CallChallenge, PlaceBid
from dicepoker_tui.families.bidding.bots.round_cfr import gains, game_value, solve
from dicepoker_tui.families.bidding.bots.round_table import (
    ONE_DIE_EACH,
    ROUNDS,
    solved_round,
    tree_of,
)
from dicepoker_tui.families.bidding.bots.round_tree import RoundTree, normalise
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.game import BiddingGame

POINT = 0.02
"""One point of win probability in the game's units (a win +1, a loss −1)."""


def test_the_one_die_value_the_rounds_build_on_is_the_solved_one() -> None:
    assert pytest.approx(endgame_value("liars-dice"), abs=1e-6) == ONE_DIE_EACH


@pytest.mark.slow
def test_cfr_finds_the_value_the_linear_program_proves() -> None:
    """One die against one: the exact sequence-form LP gives −1/9; CFR+ comes within a
    few thousandths, and its strategy is that close to an equilibrium."""
    exact, _plans, _sf = solve_exactly("liars-dice")
    tree = RoundTree((1, 1), (-1.0, 1.0))
    strategy = solve(tree, 300)
    value, as_opener, as_other = gains(tree, strategy)
    assert value == pytest.approx(exact, abs=0.002)
    assert 0 <= as_opener < 0.002 and 0 <= as_other < 0.002


def test_a_predictable_seat_is_exploited() -> None:
    """The best response is a real one: against an opener that always makes the cheapest
    bid, and another seat that always challenges, each wins far more than the value (one
    die each, where it is quick)."""
    tree = RoundTree((1, 1), (-1.0, 1.0))
    plain = []
    for role in (0, 1):
        weights = np.zeros((tree.rows[role], tree.sizes[role]))
        nodes = np.nonzero(tree.actor == role)[0]
        last = tree.row[role][nodes] + tree.actions[nodes] - 1  # the challenge
        weights[tree.row[role][nodes] if role == 0 else last] = 1.0
        plain.append(weights)
    strategy = normalise(tree, plain)
    value, as_opener, as_other = gains(tree, strategy)
    assert as_opener > 0.3 and as_other > 0.3, (value, as_opener, as_other)
    assert value == pytest.approx(game_value(tree, strategy))


@pytest.mark.slow
@pytest.mark.parametrize("key", list(ROUNDS))
def test_the_stored_round_is_within_a_point_of_an_equilibrium(key: str) -> None:
    """An exact best response (every bid history, every hand) gains at most one point of
    win probability from the stored strategy, in either role."""
    value, as_opener, as_other = gains(tree_of(key), solved_round(key).strategy())
    assert -POINT / 10 <= as_opener <= POINT, (key, value, as_opener)
    assert -POINT / 10 <= as_other <= POINT, (key, value, as_other)


def _round(dice: tuple[int, int], cups: list[tuple[int, ...]]) -> BiddingGame:
    players = [Player(name="a", kind="bot"), Player(name="b", kind="bot")]
    events = [
        ev.GameStarted(variant="liars-dice", players=players, seed=1),
        ev.DiceCountChanged(player=0, delta=dice[0] - 5, dice_left=dice[0]),
        ev.DiceCountChanged(player=1, delta=dice[1] - 5, dice_left=dice[1]),
        ev.RoundStarted(round=9, starter=0, palifico=False, cups=cups),
    ]
    return BiddingGame.from_events(events)


@pytest.mark.parametrize("key", list(ROUNDS))
def test_the_expert_plays_the_stored_round(key: str) -> None:
    """Every move the expert makes in such a round is one the stored strategy plays."""
    dice = ROUNDS[key]
    solved = solved_round(key)
    moves = 0
    cups0 = list(itertools.combinations_with_replacement(range(1, 7), dice[0]))
    cups1 = list(itertools.combinations_with_replacement(range(1, 7), dice[1]))
    for i, (c0, c1) in enumerate(itertools.product(cups0[::4], cups1[::2])):
        game = _round(dice, [c0, c1])
        bots = [ExpertBot(i), ExpertBot(i + 100)]
        history: list[tuple[int, int]] = []
        while game.state.last_reveal is None:
            seat = game.current
            view = game.state.view_for(seat)
            stored = solved.moves_at(seat, tuple(view.cups[seat]), history)
            assert stored, (key, seat, view.cups[seat], history)
            action = bots[seat].choose(view, game.variant, seat)
            if isinstance(action, PlaceBid):
                assert stored.get((action.quantity, action.face), 0) > 0
                game.bid(action.quantity, action.face)
                history.append((action.quantity, action.face))
            else:
                assert isinstance(action, CallChallenge)
                assert stored.get("challenge", 0) > 0
                game.challenge()
            moves += 1
    assert moves >= 30
