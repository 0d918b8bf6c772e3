"""The rounds of two dice against one, solved by CFR at Liar's Dice and Perudo: the
solver agrees with the exact linear program where both can run (every rule set), the
stored strategies are near an equilibrium by an exact best response, their payoffs are
the solved values of the games they lead to, and the expert plays them."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.bots.endgame import CALZA_WIN
from dicepoker_tui.families.bidding.bots.endgame import solve as solve_exactly
from dicepoker_tui.families.bidding.bots.expert import ExpertBot, endgame_table, endgame_value
from dicepoker_tui.families.bidding.bots.moves import CallCalza, CallChallenge, PlaceBid
from dicepoker_tui.families.bidding.bots.round_cfr import gains, game_value, solve
from dicepoker_tui.families.bidding.bots.round_table import (
    ROUNDS,
    one_die_values,
    round_key,
    solved_round,
    tree_of,
)
from dicepoker_tui.families.bidding.bots.round_tree import (
    RoundTree,
    bid_order,
    legal_raises,
    normalise,
)
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.game import BiddingGame

POINT = 0.02
"""One point of win probability in the game's units (a win +1, a loss −1)."""


def test_the_one_die_values_the_rounds_build_on_are_the_solved_ones() -> None:
    for key in ("liars-dice", "perudo", "perudo-palifico"):
        assert one_die_values()[key] == pytest.approx(endgame_value(key), abs=1e-9)
    assert one_die_values()["liars-dice"] == pytest.approx(-1 / 9, abs=1e-6)


def test_a_right_calza_at_one_die_each_is_worth_the_solved_round_it_leads_to() -> None:
    """A right calza at one die against one leaves the caller opening two dice against
    one, both palificos had: the value the one-die tables were solved with is that
    round's solved value (the two were solved in turn until they agreed)."""
    value = game_value(tree_of("perudo-2v1-done"), solved_round("perudo-2v1-done").strategy())
    assert pytest.approx(value, abs=0.01) == CALZA_WIN
    for key in ("perudo", "perudo-palifico"):
        assert endgame_table()[key]["calza_win"] == CALZA_WIN


def test_each_round_is_built_on_the_values_of_what_follows() -> None:
    """Who loses a die, or wins one back, leads to the game the rules say: the end, the
    one-die round (a palifico one when the seat drops to one die the first time), or the
    bigger games of a right calza."""
    v = one_die_values()
    fresh, done = tree_of("perudo-2v1"), tree_of("perudo-2v1-done")
    assert fresh.lose == (v["perudo-palifico"], 1.0)
    assert done.lose == (v["perudo"], 1.0)
    assert fresh.gain[0] > 0.5 and fresh.gain == done.gain
    other = tree_of("perudo-1v2-palifico")
    assert other.rules == "palifico" and other.lose == (-1.0, -v["perudo-palifico"])
    assert tree_of("perudo-1v2-done").lose == (-1.0, -v["perudo"])
    assert tree_of("liars-dice-2v1").calls == ("challenge",)


def test_perudo_bids_rank_as_the_rules_raise_them() -> None:
    """Every raise the engine allows is a bid of higher rank (the tree relies on it), and
    the ranks put m ones just above 2m of another face."""
    order = bid_order("perudo", 3)
    assert len(order) == 18 and order.index((1, 1)) == order.index((2, 6)) + 1
    legal = legal_raises("perudo", (2, 1))
    assert not legal[0, order.index((1, 1))]  # no opening on ones
    assert legal[order.index((3, 5)) + 1, order.index((2, 1))]  # after three 5s: two 1s
    assert not legal[order.index((3, 5)) + 1, order.index((1, 1))]
    palifico = legal_raises("palifico", (1, 2))
    palifico_order = bid_order("palifico", 3)
    after = palifico_order.index((1, 4)) + 1
    assert [palifico_order[r] for r in np.nonzero(palifico[after])[0]] == [(2, 4), (3, 4)]


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["liars-dice", "perudo", "perudo-palifico"])
def test_cfr_finds_the_value_the_linear_program_proves(rules: str) -> None:
    """One die against one: CFR+ on the round tree comes within a few thousandths of the
    exact sequence-form LP, with the same payoffs (a calza too), and its strategy is that
    close to an equilibrium."""
    exact, _plans, _sf = solve_exactly(rules)
    tree_rules = {"perudo-palifico": "palifico"}.get(rules, rules)
    tree = RoundTree((1, 1), (-1.0, 1.0), tree_rules, (CALZA_WIN, -CALZA_WIN))
    strategy = solve(tree, 300)
    value, as_opener, as_other = gains(tree, strategy)
    bound = 0.002 if rules == "liars-dice" else 0.005
    assert value == pytest.approx(exact, abs=bound)
    assert 0 <= as_opener < bound and 0 <= as_other < bound


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


def _round(key: str, cups: list[tuple[int, ...]]) -> BiddingGame:
    """A game at the start of the round `key`, seat 0 opening it."""
    rules, dice = ROUNDS[key]
    players = [Player(name="a", kind="bot"), Player(name="b", kind="bot")]
    variant = "liars-dice" if rules == "liars-dice" else "perudo"
    two = 0 if dice[0] == 2 else 1
    events: list[ev.Event] = [ev.GameStarted(variant=variant, players=players, seed=1)]
    for seat in (0, 1):
        had_one = dice[seat] == 1 or (seat == two and key.endswith("-done"))
        if had_one and variant == "perudo":
            events.append(ev.DiceCountChanged(player=seat, delta=-4, dice_left=1))
        left = 1 if had_one and variant == "perudo" else 5
        if dice[seat] != left:
            events.append(
                ev.DiceCountChanged(player=seat, delta=dice[seat] - left, dice_left=dice[seat])
            )
    palifico = rules == "palifico"
    events.append(ev.RoundStarted(round=9, starter=0, palifico=palifico, cups=cups))
    return BiddingGame.from_events(events)


@pytest.mark.parametrize("key", list(ROUNDS))
def test_the_expert_plays_the_stored_round(key: str) -> None:
    """Every move the expert makes in such a round is one the stored strategy plays."""
    dice = ROUNDS[key][1]
    solved = solved_round(key)
    moves = 0
    cups0 = list(itertools.combinations_with_replacement(range(1, 7), dice[0]))
    cups1 = list(itertools.combinations_with_replacement(range(1, 7), dice[1]))
    for i, (c0, c1) in enumerate(itertools.product(cups0[::4], cups1[::2])):
        game = _round(key, [c0, c1])
        state = game.state
        seen = round_key(state.variant, dice, state.palifico, state.palifico_done[dice.index(2)])
        assert seen == key
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
            elif isinstance(action, CallCalza):
                assert stored.get("calza", 0) > 0
                game.calza()
            else:
                assert isinstance(action, CallChallenge)
                assert stored.get("challenge", 0) > 0
                game.challenge()
            moves += 1
    assert moves >= 30
