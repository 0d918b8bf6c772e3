"""Bidding bots play legal games to the end, from their own view only."""

from __future__ import annotations

import pytest

from dicepoker_tui.families.bidding.bots.levels import (
    CallCalza,
    CallChallenge,
    PlaceBid,
    at_least,
    bidding_bot_levels,
    make_bidding_bot,
)
from dicepoker_tui.families.bidding.rules.game import BiddingGame


def play(variant: str, levels: list[str], seed: int) -> BiddingGame:
    names = [f"{lvl}{i}" for i, lvl in enumerate(levels)]
    bots = [make_bidding_bot(lvl, seed + i) for i, lvl in enumerate(levels)]
    game = BiddingGame.new(variant, names, seed=seed)
    while not game.finished:
        seat = game.current
        view = game.state.view_for(seat)
        assert all(set(c) <= {0} for i, c in enumerate(view.cups) if i != seat)
        action = bots[seat].choose(view, game.variant, seat)
        if isinstance(action, PlaceBid):
            game.bid(action.quantity, action.face)
        elif isinstance(action, CallCalza):
            game.calza()
        else:
            assert isinstance(action, CallChallenge)
            game.challenge()
    return game


@pytest.mark.parametrize("variant", ["perudo", "liars-dice"])
def test_bots_of_every_level_finish_games(variant: str) -> None:
    levels = bidding_bot_levels()
    assert len(levels) >= 2
    for seed in range(10):
        game = play(variant, [levels[i % len(levels)] for i in range(4)], seed)
        assert sum(1 for s in game.state.standings or [] if s.place == 1) == 1


def test_binomial_tail_matches_enumeration() -> None:
    from itertools import product

    n, p = 4, 1 / 3
    for k in range(6):
        brute = sum(
            (p ** sum(o)) * ((1 - p) ** (n - sum(o)))
            for o in product((0, 1), repeat=n)
            if sum(o) >= k
        )
        assert at_least(n, p, k) == pytest.approx(brute)
