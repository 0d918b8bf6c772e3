"""The Joker rules, one case at a time: forced (`yahtzee`) and free (`yahtzee-free-joker`)."""

from __future__ import annotations

import pytest

from dicepoker_tui.engine import errors
from tests.engine.playing import bonuses, fill, real_game, turn, written
from tests.reference import UPPER, legal_writes

LOWER = (
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "chance",
)
ALL_LOWER_BUT_YAHTZEE = [
    ("three_of_a_kind", "44412"),
    ("four_of_a_kind", "22223"),
    ("full_house", "33322"),
    ("small_straight", "12346"),
    ("large_straight", "23456"),
    ("chance", "66543"),
]


def five(face: int) -> list[int]:
    return [face] * 5


# -- forced Joker -----------------------------------------------------------------------------


def test_no_joker_while_the_yahtzee_box_is_open() -> None:
    game = real_game("yahtzee")
    fill(game, [("twos", "22134")])
    game.throw(dice=five(6))
    offered = game.preview()
    assert "chance" in offered and "sixes" in offered and "ones" in offered
    assert offered["full_house"] == 0
    assert offered["large_straight"] == 0
    events = game.write("chance")
    assert not written(events).joker
    assert bonuses(events) == {}


@pytest.mark.parametrize("held", [50, 0], ids=["box-holds-50", "box-holds-0"])
@pytest.mark.parametrize("face", range(1, 7))
def test_face_box_first_when_open(face: int, held: int) -> None:
    game = real_game("yahtzee")
    other = 1 if face != 1 else 2
    fill(game, [("yahtzee", "".join(str(other) * 5) if held else "12346")])
    game.throw(dice=five(face))
    face_box = UPPER[face - 1]
    assert game.preview() == {face_box: 5 * face}
    for box in ("chance", "full_house", UPPER[other - 1]):
        with pytest.raises(errors.BoxNotAllowed, match="Joker"):
            game.write(box)
    events = game.write(face_box)
    assert written(events).points == 5 * face
    assert written(events).joker
    assert bonuses(events) == ({"yahtzee_bonus": 100} if held else {})


@pytest.mark.parametrize("held", [50, 0], ids=["box-holds-50", "box-holds-0"])
@pytest.mark.parametrize("face", range(1, 7))
def test_face_box_filled_any_open_lower_box_with_full_points(face: int, held: int) -> None:
    game = real_game("yahtzee")
    face_box = UPPER[face - 1]
    other = 1 if face != 1 else 2
    filler = "".join(str(other) * 5) if held else "12346"
    fill(game, [("yahtzee", filler), (face_box, f"{face}{other}{other}{other}{other}")])
    game.throw(dice=five(face))
    offered = game.preview()
    assert set(offered) == set(LOWER)
    assert offered == legal_writes("yahtzee", (face,) * 5, game.state.sheets[0].scores, 1)
    assert offered["full_house"] == 25
    assert offered["small_straight"] == 30
    assert offered["large_straight"] == 40
    assert offered["three_of_a_kind"] == offered["four_of_a_kind"] == offered["chance"] == 5 * face
    with pytest.raises(errors.BoxNotAllowed, match="lower"):
        game.write(UPPER[other - 1])
    events = game.write("small_straight")
    assert written(events).points == 30
    assert bonuses(events) == ({"yahtzee_bonus": 100} if held else {})


@pytest.mark.parametrize("held", [50, 0], ids=["box-holds-50", "box-holds-0"])
def test_nothing_open_below_means_a_zero_in_any_open_upper_box(held: int) -> None:
    game = real_game("yahtzee")
    fill(game, [("yahtzee", "11111" if held else "12346"), ("fives", "55123")])
    fill(game, ALL_LOWER_BUT_YAHTZEE)
    game.throw(dice=five(5))
    assert game.preview() == {"ones": 0, "twos": 0, "threes": 0, "fours": 0, "sixes": 0}
    events = game.write("sixes")
    assert written(events).points == 0
    assert written(events).joker
    assert bonuses(events) == ({"yahtzee_bonus": 100} if held else {})


def test_every_further_yahtzee_with_50_in_the_box_earns_100() -> None:
    game = real_game("yahtzee")
    fill(game, [("yahtzee", "33333"), ("threes", "33333"), ("chance", "33333")])
    assert game.state.sheets[0].bonuses == {"yahtzee_bonus": 200}
    assert game.state.sheets[0].scores == {"yahtzee": 50, "threes": 15, "chance": 15}


def test_a_first_yahtzee_scratched_elsewhere_leaves_the_yahtzee_box_open() -> None:
    game = real_game("yahtzee")
    fill(game, [("chance", "44444")])
    game.throw(dice=five(4))
    offered = game.preview()
    assert offered["yahtzee"] == 50
    assert "fives" in offered  # no Joker: the Yahtzee box is still open
    assert bonuses(game.write("yahtzee")) == {}


def test_a_yahtzee_scratched_by_a_non_yahtzee_roll_gives_no_bonus_later() -> None:
    game = real_game("yahtzee")
    fill(game, [("yahtzee", "12345")])
    assert game.state.sheets[0].scores["yahtzee"] == 0
    events = turn(game, "66666", box="sixes")
    assert bonuses(events) == {}


# -- free Joker ----------------------------------------------------------------------------


def test_free_joker_no_joker_while_the_yahtzee_box_is_open() -> None:
    game = real_game("yahtzee-free-joker")
    game.throw(dice=five(3))
    offered = game.preview()
    assert offered["full_house"] == 0
    assert offered["small_straight"] == 0
    assert offered["yahtzee"] == 50


@pytest.mark.parametrize("face", range(1, 7))
def test_free_joker_after_a_zero_goes_into_any_open_box(face: int) -> None:
    game = real_game("yahtzee-free-joker")
    fill(game, [("yahtzee", "12346")])
    game.throw(dice=five(face))
    offered = game.preview()
    assert set(offered) == set(UPPER) | set(LOWER)
    for box in UPPER:
        assert offered[box] == (5 * face if box == UPPER[face - 1] else 0)
    assert offered["full_house"] == 25
    assert offered["small_straight"] == 30
    assert offered["large_straight"] == 40
    assert offered["three_of_a_kind"] == offered["four_of_a_kind"] == offered["chance"] == 5 * face
    other_upper = UPPER[face % 6]
    events = game.write(other_upper)
    assert written(events).points == 0
    assert written(events).joker
    assert bonuses(events) == {}


def test_free_joker_is_not_forced_into_its_face_box() -> None:
    game = real_game("yahtzee-free-joker")
    fill(game, [("yahtzee", "12346")])
    events = turn(game, "66666", box="full_house")
    assert written(events).points == 25


def test_free_joker_with_50_in_the_box_is_no_joker_but_earns_100() -> None:
    game = real_game("yahtzee-free-joker")
    fill(game, [("yahtzee", "66666"), ("sixes", "61234")])
    game.throw(dice=five(6))
    offered = game.preview()
    assert set(offered) == set(UPPER[:5]) | set(LOWER)  # may go anywhere, scored normally
    assert offered["full_house"] == 0
    assert offered["large_straight"] == 0
    assert offered["three_of_a_kind"] == 30
    events = game.write("ones")
    assert written(events).points == 0
    assert not written(events).joker
    assert bonuses(events) == {"yahtzee_bonus": 100}
