"""The expert bidding bot: its solved endgame, its beliefs, its moves."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicepoker_tui.families.bidding.bots.beliefs import count_distribution, hands, posteriors
from dicepoker_tui.families.bidding.bots.endgame import (
    RULE_SETS,
    EndgameRules,
    best_response,
    infoset_key,
    solve,
)
from dicepoker_tui.families.bidding.bots.expert import ExpertBot, endgame_table, endgame_value
from dicepoker_tui.families.bidding.bots.levels import (
    CallCalza,
    CallChallenge,
    PlaceBid,
    bidding_bot_levels,
    make_bidding_bot,
)
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.family import family_of
from dicepoker_tui.family.head_to_head import head_to_head


def act(game: BiddingGame, action) -> None:
    if isinstance(action, PlaceBid):
        game.bid(action.quantity, action.face)
    elif isinstance(action, CallCalza):
        game.calza()
    else:
        assert isinstance(action, CallChallenge)
        game.challenge()


@pytest.mark.parametrize("key", list(RULE_SETS))
def test_the_stored_endgame_is_an_equilibrium(key: str) -> None:
    """Neither seat gains by deviating: each seat's best response to the other's stored
    strategy is worth exactly the game value."""
    entry = endgame_table()[key]
    rules = EndgameRules.of(key)
    value = entry["value"]
    against_starter = best_response(rules, entry["strategy"], fixed=0)
    against_other = best_response(rules, entry["strategy"], fixed=1)
    assert against_starter == pytest.approx(value, abs=1e-4)
    assert against_other == pytest.approx(value, abs=1e-4)


def test_a_deviation_from_the_equilibrium_is_punished() -> None:
    """The check above has teeth: a second seat that always calls the opening bid loses
    more than the game value to a starter who knows it."""
    key = "liars-dice"
    strategy = dict(endgame_table()[key]["strategy"])
    for name in list(strategy):
        role, _die, history = name.split("|")
        if role == "1" and history and "," not in history:
            strategy[name] = {"challenge": 1.0}
    rules = EndgameRules.of(key)
    assert best_response(rules, strategy, fixed=1) > endgame_value(key) + 0.01


def test_solving_again_gives_the_stored_value() -> None:
    value, _plans, _sf = solve("perudo-palifico")
    assert value == pytest.approx(endgame_value("perudo-palifico"), abs=1e-6)


def test_the_endgame_values_are_the_ones_in_docs_bots() -> None:
    assert endgame_value("liars-dice") == pytest.approx(-1 / 9, abs=1e-6)
    assert endgame_value("perudo") == pytest.approx(0.007101, abs=1e-6)
    assert endgame_value("perudo-palifico") == pytest.approx(0.156485, abs=1e-6)


def _after_opening(variant: str, quantity: int, face: int) -> tuple[np.ndarray, bool]:
    game = BiddingGame.new(variant, ["a", "b"], seed=3)
    assert game.current == 0
    game.bid(quantity, face)
    wild = game.variant.wild_ones
    return posteriors(game.state.view_for(1), game.variant, 1)[0], wild


@pytest.mark.parametrize("variant", ["perudo", "liars-dice"])
def test_the_posterior_is_a_distribution_that_a_high_bid_shifts_up(variant: str) -> None:
    low, wild = _after_opening(variant, 1, 5)
    high, _ = _after_opening(variant, 4, 5)
    prior = hands(5, wild).prior
    for post in (low, high):
        assert post.shape == prior.shape
        assert (post >= 0).all()
        assert post.sum() == pytest.approx(1.0)

    def mean_fives(p: np.ndarray) -> float:
        return float(count_distribution(p, 5, wild, 5) @ np.arange(6))

    assert mean_fives(high) > mean_fives(prior) + 0.5
    assert mean_fives(high) > mean_fives(low)
    # and the seat's plain 2s look no more likely than before (wild ones aside)
    assert (
        float(count_distribution(high, 5, False, 2) @ np.arange(6))
        <= float(count_distribution(prior, 5, False, 2) @ np.arange(6)) + 0.05
    )


def test_the_posterior_reads_only_the_bids_of_the_round() -> None:
    """Other cups are hidden in the view; a seat that has not bid keeps its prior."""
    game = BiddingGame.new("perudo", ["a", "b", "c"], seed=5)
    game.bid(2, 4)
    view = game.state.view_for(1)
    assert all(d == 0 for d in view.cups[0] + view.cups[2])
    post = posteriors(view, game.variant, 1)
    assert set(post) == {0, 2}
    assert np.allclose(post[2], hands(5, True).prior)
    assert not np.allclose(post[0], hands(5, True).prior)


def test_expert_is_offered_wherever_bidding_bots_are() -> None:
    assert "expert" in bidding_bot_levels()
    assert "expert" in family_of("perudo").bot_levels()
    assert "expert" in family_of("liars-dice").bot_levels()
    assert isinstance(make_bidding_bot("expert", 1), ExpertBot)


def _one_against_one(variant: str, palifico: bool, cups: tuple[int, int]) -> BiddingGame:
    from dicepoker_tui.engine.players import Player

    players = [Player(name="a", kind="bot"), Player(name="b", kind="bot")]
    events = [
        ev.GameStarted(variant=variant, players=players, seed=1),
        ev.DiceCountChanged(player=0, delta=-4, dice_left=1),
        ev.DiceCountChanged(player=1, delta=-4, dice_left=1),
        ev.RoundStarted(round=9, starter=0, palifico=palifico, cups=[(cups[0],), (cups[1],)]),
    ]
    return BiddingGame.from_events(events)


def _move_name(action) -> str:
    if isinstance(action, PlaceBid):
        return f"{action.quantity}x{action.face}"
    return "calza" if isinstance(action, CallCalza) else "challenge"


@pytest.mark.parametrize(
    ("variant", "palifico", "key"),
    [
        ("liars-dice", False, "liars-dice"),
        ("perudo", False, "perudo"),
        ("perudo", True, "perudo-palifico"),
    ],
)
def test_one_die_against_one_plays_from_the_solved_table(
    variant: str, palifico: bool, key: str
) -> None:
    """In a one-against-one round every move of the expert is one the equilibrium plays."""
    strategy = endgame_table()[key]["strategy"]
    moves = 0
    for d0 in range(1, 7):
        for d1 in range(1, 7):
            game = _one_against_one(variant, palifico, (d0, d1))
            bots = [ExpertBot(d0), ExpertBot(d1 + 10)]
            while game.state.last_reveal is None:
                seat = game.current
                view = game.state.view_for(seat)
                history = tuple((b.quantity, b.face) for b in view.round_bids)
                probs = strategy[infoset_key(seat, view.cups[seat][0], history)]
                action = bots[seat].choose(view, game.variant, seat)
                assert probs.get(_move_name(action), 0) > 0
                act(game, action)
                moves += 1
    assert moves >= 72


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(["perudo", "liars-dice"]),
    levels=st.lists(st.sampled_from(["expert", "strong", "novice"]), min_size=2, max_size=5),
    seed=st.integers(0, 2**31),
)
def test_expert_never_makes_an_illegal_move(variant: str, levels: list[str], seed: int) -> None:
    levels = ["expert", *levels]
    game = BiddingGame.new(variant, [f"p{i}" for i in range(len(levels))], seed=seed)
    bots = [make_bidding_bot(lvl, seed + i) for i, lvl in enumerate(levels)]
    moves = 0
    while not game.finished:
        seat = game.current
        act(game, bots[seat].choose(game.state.view_for(seat), game.variant, seat))
        moves += 1
        assert moves < 2000
    assert isinstance(game.events[-1], ev.GameFinished)


@pytest.mark.parametrize("variant", ["perudo", "liars-dice"])
def test_a_seeded_head_to_head_goes_the_experts_way(variant: str) -> None:
    """Seeded, so the same games every run; 60 of them, so that the share says something
    (the expert wins 71 % to 98 % of 200-game runs, docs/bots.md)."""
    result = head_to_head(variant, ["expert", "strong"], 60, 1).summary()
    expert, strong = result["bots"]
    assert expert["wins"] + strong["wins"] == pytest.approx(60)
    assert expert["win_share"] >= 0.55
    assert expert["mean"] < strong["mean"]
