"""Two-stage dice poker through the engine: stage order and the first-throw double."""

from __future__ import annotations

import pytest

from dicepoker_tui.engine import errors
from dicepoker_tui.families.scoresheet.rules import events as ev
from tests.engine.playing import fill, of, real_game, turn, written

STAGE_ONE = ("ones", "twos", "threes", "fours", "fives", "sixes")
STAGE_TWO = ("pair", "two_pairs", "three", "small_straight", "large_straight", "full", "four",
             "poker", "chance")  # fmt: skip
ZERO_STAGE_ONE = [(box, f"{face}{face}{face}" + ("12" if face > 2 else "56"))
                  for face, box in enumerate(STAGE_ONE, start=1)]  # fmt: skip

# box, roll that makes it, points after a later throw, after the first throw (plain variant)
HANDS = [
    ("pair", "55123", 10, 20),
    ("two_pairs", "55331", 16, 32),
    ("three", "44412", 12, 24),
    ("small_straight", "12345", 15, 30),
    ("large_straight", "23456", 20, 40),
    ("full", "22333", 13, 26),
    ("four", "66661", 24, 48),
    ("poker", "22222", 60, 70),
    ("chance", "66543", 24, 24),
]


def in_stage_two(variant: str = "dice-poker"):
    game = real_game(variant)
    fill(game, ZERO_STAGE_ONE)
    return game


@pytest.mark.parametrize("variant", ["dice-poker", "dice-poker-bank"])
def test_stage_one_offers_only_stage_one_boxes(variant: str) -> None:
    game = real_game(variant)
    game.throw(dice=[6, 6, 6, 6, 6])
    assert set(game.preview()) == set(STAGE_ONE)
    for box in STAGE_TWO:
        with pytest.raises(errors.BoxNotAllowed, match="stage 2") as caught:
            game.write(box)
        assert "finish stage 1 first" in caught.value.message


@pytest.mark.parametrize("variant", ["dice-poker", "dice-poker-bank"])
def test_stage_two_opens_when_stage_one_is_full(variant: str) -> None:
    game = real_game(variant)
    fill(game, ZERO_STAGE_ONE[:5])
    game.throw(dice=[6, 6, 6, 6, 6])
    assert set(game.preview()) == {"sixes"}  # the last stage-1 box, nothing of stage 2
    events = game.write("sixes")
    (finished,) = of(events, ev.StageFinished)
    assert (finished.stage, finished.subtotal) == (1, 0 if variant == "dice-poker-bank" else 12)
    game.throw(dice=[6, 6, 6, 6, 6])
    assert set(game.preview()) == set(STAGE_TWO)


def test_a_whole_game_is_15_rounds_and_ends_both_stages() -> None:
    game = in_stage_two()
    for box in STAGE_TWO:
        turn(game, "12346", box=box)
    assert game.finished
    rounds = [e.round for e in of(game.events, ev.TurnStarted)]
    assert rounds == list(range(1, 16))
    assert [(e.stage, e.subtotal) for e in of(game.events, ev.StageFinished)] == [(1, 0), (2, 16)]


@pytest.mark.parametrize(("box", "roll", "later", "first"), HANDS, ids=[h[0] for h in HANDS])
def test_first_throw_doubles_every_hand_but_chance(
    box: str, roll: str, later: int, first: int
) -> None:
    game = in_stage_two()
    assert written(turn(game, roll, box=box)).points == first
    game = in_stage_two()
    assert written(turn(game, "12346", roll, box=box)).points == later
    game = in_stage_two()
    assert written(turn(game, "12346", "12346", roll, box=box)).points == later


NEAR_MISSES = [
    ("pair", "12346"),
    ("two_pairs", "55123"),
    ("three", "55221"),
    ("small_straight", "23455"),
    ("large_straight", "13456"),
    ("full", "55512"),
    ("four", "55512"),
    ("poker", "55551"),
]


@pytest.mark.parametrize(("box", "roll"), NEAR_MISSES, ids=[m[0] for m in NEAR_MISSES])
def test_a_missing_hand_is_a_dash_even_on_the_first_throw(box: str, roll: str) -> None:
    game = in_stage_two()
    assert written(turn(game, roll, box=box)).points == 0


def test_stage_one_is_never_doubled() -> None:
    game = real_game("dice-poker")
    assert written(turn(game, "44444", box="fours")).points == 8
    assert written(turn(game, "11234", box="ones")).points == -1


@pytest.mark.parametrize(("box", "roll", "later", "first"), HANDS, ids=[h[0] for h in HANDS])
def test_bank_variant_adds_the_four_premium_after_doubling(
    box: str, roll: str, later: int, first: int
) -> None:
    premium = 30 if box == "four" else 0
    game = in_stage_two("dice-poker-bank")
    assert written(turn(game, roll, box=box)).points == first + premium
    game = in_stage_two("dice-poker-bank")
    assert written(turn(game, "12346", roll, box=box)).points == later + premium


def test_five_of_a_kind_makes_every_smaller_group() -> None:
    game = in_stage_two("dice-poker-bank")
    game.throw(dice=[1, 2, 3, 4, 6])
    game.throw(keep=[], dice=[5, 5, 5, 5, 5])
    offered = game.preview()
    assert offered["pair"] == 10
    assert offered["three"] == 15
    assert offered["four"] == 20 + 30
    assert offered["poker"] == 25 + 50
    assert offered["two_pairs"] == 0
    assert offered["full"] == 0


def test_dice_are_scored_whatever_their_order_on_the_table() -> None:
    game = in_stage_two()
    assert written(turn(game, "36163", box="two_pairs")).points == 36
