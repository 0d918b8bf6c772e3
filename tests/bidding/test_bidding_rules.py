"""Rules of Perudo and Liar's Dice through the engine, with fixed cups."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicepoker_tui.engine import errors
from dicepoker_tui.families.bidding.rules.game import BiddingGame, replay
from dicepoker_tui.families.bidding.rules.state import BiddingState


class FixedCups:
    """Dice source that hands out prepared cups round by round (key = round*16 + seat)."""

    def __init__(self, rounds: dict[int, list[tuple[int, ...]]]) -> None:
        self.rounds = rounds

    def roll(self, count: int, key: int) -> tuple[int, ...]:
        cup = self.rounds.get(key // 16, [(2, 3, 4, 5, 6)] * 8)[key % 16]
        return tuple(cup[:count])


def game(variant: str, cups: dict[int, list[tuple[int, ...]]], players: int = 2) -> BiddingGame:
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    return BiddingGame.new(variant, names, seed=1, dice=FixedCups(cups))


def count_hand(cups: list[tuple[int, ...]], face: int, wild: bool) -> int:
    """Independent count: dice showing face, plus ones when they are wild."""
    return sum(1 for cup in cups for d in cup if d == face or (wild and face != 1 and d == 1))


def test_ones_are_wild_in_perudo_and_not_in_liars_dice() -> None:
    cups = {1: [(1, 1, 4, 5, 6), (4, 2, 2, 3, 3)]}
    for variant, wild in (("perudo", True), ("liars-dice", False)):
        g = game(variant, cups)
        g.bid(4, 4)
        g.challenge()
        reveal = g.state.last_reveal
        assert reveal is not None
        assert reveal.actual == count_hand(cups[1], 4, wild)
        # Perudo: 1,1,4 + 4 = 4 fours, bid holds, challenger Bob loses a die.
        loser = 1 if wild else 0
        assert g.state.dice_left[loser] == 4
        assert g.state.dice_left[1 - loser] == 5


def test_bidding_ones_halves_and_leaving_ones_doubles_plus_one() -> None:
    g = game("perudo", {1: [(2, 3, 4, 5, 6), (2, 3, 4, 5, 6)]})
    g.bid(7, 4)
    with pytest.raises(errors.IllegalMove, match="at least 4"):
        g.bid(3, 1)
    g.bid(4, 1)
    with pytest.raises(errors.IllegalMove, match="at least 9"):
        g.bid(8, 6)
    g.bid(9, 2)
    assert g.state.bid is not None and (g.state.bid.quantity, g.state.bid.face) == (9, 2)


def test_opening_on_ones_is_refused_in_perudo_but_allowed_in_liars_dice() -> None:
    cups = {1: [(2, 3, 4, 5, 6), (2, 3, 4, 5, 6)]}
    with pytest.raises(errors.IllegalMove, match="ones"):
        game("perudo", cups).bid(2, 1)
    g = game("liars-dice", cups)
    g.bid(2, 1)
    assert g.state.bid is not None


def test_raise_rules_refuse_lower_bids_and_change_nothing() -> None:
    g = game("liars-dice", {1: [(2, 3, 4, 5, 6), (2, 3, 4, 5, 6)]})
    g.bid(3, 4)
    before = (g.state, tuple(g.events))
    for q, f in ((3, 4), (3, 3), (2, 6), (11, 2), (0, 5), (3, 7)):
        with pytest.raises(errors.IllegalMove):
            g.bid(q, f)
    assert (g.state, tuple(g.events)) == before
    g.bid(3, 5)
    g.bid(4, 2)


def test_calza_exact_wins_a_die_back_capped_at_five() -> None:
    cups = {1: [(1, 3, 3, 5, 6), (3, 2, 2, 4, 4)], 2: [(3, 3, 3, 3), (3, 3, 5, 5, 6)]}
    g = game("perudo", cups)
    g.bid(4, 3)  # threes: 3,3 + wild 1 + 3 = 4 exactly
    g.challenge()  # bid holds: Bob loses a die
    assert g.state.dice_left == [5, 4]
    # Round 2 starts with Bob (the loser). Bob bids, Ann calls calza.
    assert g.current == 1
    g.bid(7, 3)  # Bob's 4 dice are 3,3,3,3; Ann's 3,3,5,5,6 -> 6 threes, not 7
    g.calza()
    assert g.state.dice_left == [4, 4]


def test_calza_exact_restores_a_lost_die() -> None:
    cups = {1: [(2, 2, 2, 2, 2), (3, 3, 4, 4, 5)], 2: [(2, 2, 2, 2), (6, 6, 5, 5, 4)]}
    g = game("perudo", cups)
    g.bid(6, 2)
    g.challenge()  # 5 twos only: Ann (bidder) loses
    assert g.state.dice_left == [4, 5]
    assert g.current == 0
    g.bid(2, 6)
    g.calza()  # Bob claims exactly two 6s: 6,6 -> exact
    assert g.state.dice_left == [4, 5]  # already five: capped
    assert g.state.last_reveal is not None and g.state.last_reveal.actual == 2


def test_liars_dice_has_no_calza() -> None:
    g = game("liars-dice", {1: [(2, 3, 4, 5, 6), (2, 3, 4, 5, 6)]})
    g.bid(2, 2)
    with pytest.raises(errors.IllegalMove, match="no calza"):
        g.calza()


def test_palifico_round_after_first_drop_to_one_die() -> None:
    none_six = [(2, 3, 4, 5, 2)] * 2
    g = game("perudo", {r: none_six for r in range(1, 20)})
    while g.state.dice_left[0] > 1:
        assert g.current == 0
        g.bid(g.state.total_dice, 6)
        g.challenge()
    assert g.state.palifico is True
    assert g.current == 0
    g.bid(1, 1)  # ones may open a palifico round and are not wild
    with pytest.raises(errors.IllegalMove, match="Palifico"):
        g.bid(2, 4)
    g.bid(2, 1)  # Bob
    g.challenge()  # Ann: no ones anywhere, so Bob (the bidder) loses a die
    assert g.state.dice_left == [1, 4]
    assert g.state.last_reveal is not None and g.state.last_reveal.actual == 0


def test_palifico_happens_only_once_per_player() -> None:
    cups = {r: [(2, 3, 4, 5, 2)] * 2 for r in range(1, 30)}
    g = game("perudo", cups)
    while g.state.dice_left[0] > 1:
        g.bid(g.state.total_dice, 6)
        g.challenge()
    assert g.state.palifico and g.current == 0
    g.bid(2, 2)  # Ann (one die: 2)
    g.bid(3, 2)  # Bob
    g.calza()  # Ann: exactly three 2s (her 2 + Bob's two) -> wins a die back
    assert g.state.dice_left[0] == 2
    assert not g.state.palifico
    g.bid(g.state.total_dice, 6)
    g.challenge()  # Ann drops to one die again
    assert g.state.dice_left[0] == 1
    assert not g.state.palifico


def test_wrong_calza_loses_the_last_die_and_ends_the_game() -> None:
    cups = {r: [(2, 3, 4, 5, 2)] * 2 for r in range(1, 30)}
    g = game("perudo", cups)
    while g.state.dice_left[0] > 1:
        g.bid(g.state.total_dice, 6)
        g.challenge()
    g.bid(1, 2)
    g.bid(2, 2)
    g.calza()  # three 2s, not two: Ann loses her last die
    assert g.finished
    assert g.state.standings is not None
    assert [s.place for s in g.state.standings] == [2, 1]


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(
    variant=st.sampled_from(["perudo", "liars-dice"]),
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
    choices=st.randoms(use_true_random=False),
)
def test_random_games_end_with_exactly_one_winner(
    variant: str, players: int, seed: int, choices
) -> None:
    g = BiddingGame.new(variant, [f"P{i}" for i in range(players)], seed=seed)
    for _ in range(5000):
        if g.finished:
            break
        bids = sorted(g.legal_bids())[:4]
        roll = choices.random()
        before: BiddingState = g.state
        if g.state.bid is not None and (roll < 0.35 or not bids):
            g.challenge()
        elif g.state.bid is not None and g.variant.calza and roll < 0.4:
            g.calza()
        else:
            g.bid(*choices.choice(bids))
        assert g.state.total_dice <= before.total_dice + 1
    assert g.finished
    standings = g.state.standings or []
    assert [s.place for s in standings].count(1) == 1
    assert sorted(s.place for s in standings) == list(range(1, players + 1))
    assert sum(1 for n in g.state.dice_left if n > 0) == 1
    assert replay(g.events) == g.state


def test_private_view_hides_other_cups() -> None:
    g = game("perudo", {1: [(1, 2, 3, 4, 5), (6, 6, 6, 6, 6)]})
    view = g.state.view_for(0)
    assert view.cups[0] == (1, 2, 3, 4, 5)
    assert set(view.cups[1]) == {0}
    assert all(set(c) == {0} for c in g.state.view_for(None).cups)
