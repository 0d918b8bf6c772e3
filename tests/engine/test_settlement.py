"""Final standings: shared places for ties, and the zero-sum settlement against the average."""

from __future__ import annotations

import random

import pytest

from dicepoker_tui.engine.players import standings
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game
from tests.engine.playing import NAMES, of, real_game, turn
from tests.reference import BOX_IDS


def places(totals: list[int]) -> list[int]:
    """Standard competition ranking, by sorting: equal totals share the better place."""
    ranked = sorted(totals, reverse=True)
    return [ranked.index(t) + 1 for t in totals]


@pytest.mark.parametrize(
    ("totals", "want_places"),
    [
        ([120], [1]),
        ([100, 100], [1, 1]),
        ([90, 100], [2, 1]),
        ([300, 250, 190], [1, 2, 3]),
        ([250, 300, 250], [2, 1, 2]),
        ([-10, 5, 5, -10], [3, 1, 1, 3]),
        ([7, 7, 7, 7, 7], [1, 1, 1, 1, 1]),
        ([200, 180, 200, 150, 180, 90], [1, 3, 1, 5, 3, 6]),
    ],
)
def test_places_are_shared_by_equal_totals(totals: list[int], want_places: list[int]) -> None:
    result = standings(totals)
    assert [s.place for s in result] == want_places
    assert [s.total for s in result] == totals
    assert [s.player for s in result] == list(range(len(totals)))


@pytest.mark.parametrize(
    "totals",
    [[120], [100, 100], [1, 0], [300, 250, 190], [10, 0, 0], [1, 1, 0, 0, 0, 0],
     [254, 231, 199, 305, 188, 270], [-45, 12, 0, 33, 7]],
)  # fmt: skip
def test_settlement_is_total_minus_average_and_sums_to_zero(totals: list[int]) -> None:
    result = standings(totals)
    mean = sum(totals) / len(totals)
    for s, t in zip(result, totals, strict=True):
        assert abs(s.settlement - (t - mean)) <= 0.005 + 1e-9
        assert s.settlement == round(s.settlement, 2)
    assert abs(sum(s.settlement for s in result)) <= 0.005 * len(totals)


def test_one_player_settles_at_zero() -> None:
    assert standings([87])[0].settlement == 0


def play_out(game: Game, rng: random.Random) -> None:
    while not game.finished:
        game.throw()
        while game.throws_left() and rng.random() < 0.5:
            game.throw(keep=[i for i in range(5) if rng.random() < 0.5][:4])
        game.write(rng.choice(sorted(game.preview())))


@pytest.mark.parametrize("players", range(1, 7))
@pytest.mark.parametrize("variant", ["dice-poker", "dice-poker-bank", "yahtzee"])
def test_a_played_game_ends_with_the_standings_of_its_events(variant: str, players: int) -> None:
    game = Game.new(variant, list(NAMES[:players]), seed=100 + players)
    play_out(game, random.Random(players))
    totals = [0] * players
    for e in game.events:
        if isinstance(e, ev.BoxWritten | ev.BonusAwarded):
            totals[e.player] += e.points
    (finished,) = of(game.events, ev.GameFinished)
    assert game.events[-1] == finished
    assert [s.total for s in finished.standings] == totals
    assert [s.total for s in game.state.standings] == totals
    assert [s.place for s in finished.standings] == places(totals)
    mean = sum(totals) / players
    assert [s.settlement for s in finished.standings] == [round(t - mean, 2) for t in totals]
    assert abs(sum(s.settlement for s in finished.standings)) <= 0.005 * players
    writes = of(game.events, ev.BoxWritten)
    assert len(writes) == players * len(BOX_IDS[variant])


@pytest.mark.parametrize("players", range(2, 7))
def test_players_who_throw_the_same_share_first_place(players: int) -> None:
    game = real_game("dice-poker", players=players)
    rolls = ["11123", "22456", "33312", "44412", "55512", "66666", "66223", "22334", "44456",
             "12345", "23456", "55566", "33331", "11111", "36512"]  # fmt: skip
    for box, roll in zip(BOX_IDS["dice-poker"], rolls, strict=True):
        for _ in range(players):
            turn(game, roll, box=box)
    result = game.state.standings
    assert len({s.total for s in result}) == 1
    assert [s.place for s in result] == [1] * players
    assert [s.settlement for s in result] == [0.0] * players


def test_two_tied_above_a_third() -> None:
    game = real_game("yatzy", players=3)
    for box in BOX_IDS["yatzy"]:
        turn(game, "66666", box=box)
        turn(game, "66666", box=box)
        turn(game, "12346", box=box)
    result = game.state.standings
    assert [s.place for s in result] == [1, 1, 3]
    top, _, low = (s.total for s in result)
    assert result[0].settlement == round(top - (2 * top + low) / 3, 2)
