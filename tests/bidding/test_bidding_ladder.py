"""The bidding levels form a ladder, `strong` beats the binomial honest bidder, and
`expert` mixes its bids and values the game, not the dice."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dicepoker_tui.families.bidding.bots.expert import ExpertBot, win_chance
from dicepoker_tui.families.bidding.bots.levels import bidding_bot_levels, make_bidding_bot
from dicepoker_tui.families.bidding.rules.game import BiddingGame

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from bidding_strength import play, share, tells
from honest_bidder import BidReader, HonestBidder


def test_casual_sits_between_novice_and_strong() -> None:
    levels = bidding_bot_levels()
    assert {"novice", "casual", "strong", "expert"} <= set(levels)
    assert levels[0] == "strong"  # a new bot seat still takes `strong`
    assert make_bidding_bot("casual", 1).level == "casual"


@pytest.mark.parametrize("variant", ["perudo", "liars-dice"])
def test_the_reference_opponents_play_legal_games_to_the_end(variant: str) -> None:
    for seed in range(4):
        winner = play(variant, ["honest", "reader", "strong"], seed)
        assert winner in (0, 1, 2)
    assert HonestBidder(1).level == "honest"
    assert BidReader(1).level == "reader"


@pytest.mark.parametrize("variant", ["perudo", "liars-dice"])
def test_strong_beats_the_honest_bidder(variant: str) -> None:
    """Seeded: the full measure (400 games and more) is `bench/bidding_strength.py`."""
    p, _se = share(variant, "strong", "honest", 2, 40, 5)
    assert p >= 0.6


@pytest.mark.parametrize("variant", ["perudo", "liars-dice"])
def test_casual_beats_novice(variant: str) -> None:
    p, _se = share(variant, "casual", "novice", 2, 40, 5)
    assert p > 0.5


def test_expert_does_not_always_bid_the_face_it_holds_most() -> None:
    """The old expert bid its most-held face 96 % of the time, and opened on it 97 %."""
    bids, openings = tells("liars-dice", "expert", "strong", 12, 3)
    assert bids < 0.9
    assert openings < 0.9


def test_losing_the_last_die_weighs_most() -> None:
    """At two seats a die is worth the change in the chance to win the game."""
    at = win_chance((1, 1), 0)
    assert at == pytest.approx(0.5)
    last = at - win_chance((0, 1), 0)
    one_of_five = win_chance((5, 5), 0) - win_chance((4, 5), 0)
    assert last > 2 * one_of_five
    assert win_chance((2, 1), 0) - at < last  # a right calza gains less than a wrong one costs


def test_the_expert_learns_who_bluffs_from_the_reveals() -> None:
    """A seat whose revealed cup did not back its bid is taken to bluff more often."""
    game = BiddingGame.new("liars-dice", ["a", "b"], seed=11)
    expert = ExpertBot(1)
    cups = game.state.cups
    face = next(f for f in range(1, 7) if f not in cups[0])
    game.bid(cups[1].count(face) + 1, face)  # seat 0 bids a face it does not hold: false
    expert.choose(game.state.view_for(1), game.variant, 1)
    game.challenge()  # seat 1 calls it; the cups are lifted and seat 0 loses a die
    assert expert.bluff_rates() == {}
    assert game.current == 0
    game.bid(1, 2)
    expert.choose(game.state.view_for(1), game.variant, 1)
    assert expert.bluff_rates()[0] > 0.2


def test_the_endgame_benchmark_finds_what_a_best_response_wins() -> None:
    """The expert plays the equilibrium (nothing to gain); `novice` can be farmed."""
    from bidding_endgame_exploit import exploitability

    assert max(abs(x) for x in exploitability("expert", "liars-dice")) < 1e-4
    assert min(exploitability("novice", "liars-dice", samples=2)) > 0.05
