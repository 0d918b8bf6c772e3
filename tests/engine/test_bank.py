"""Roll-bank accounting of `dice-poker-bank`, followed through the events."""

from __future__ import annotations

import pytest

from dicepoker_tui.engine import errors
from dicepoker_tui.families.scoresheet.rules import events as ev
from tests.engine.playing import bonuses, fill, of, real_game, turn, written

STAGE_ONE = ("ones", "twos", "threes", "fours", "fives", "sixes")
STAGE_TWO = ("pair", "two_pairs", "three", "small_straight", "large_straight", "full", "four",
             "poker", "chance")  # fmt: skip
THREE_EACH = [f"{f}{f}{f}" + ("12" if f > 2 else "56") for f in range(1, 7)]


def stage_one_with_throws(game, throws: list[int]) -> None:
    """Stage 1, turn i taking throws[i] throws (0 in every box)."""
    for box, roll, n in zip(STAGE_ONE, THREE_EACH, throws, strict=True):
        turn(game, *[roll] * n, box=box)


@pytest.mark.parametrize(("throws", "banked"), [(1, 2), (2, 1), (3, 0)])
def test_a_stage_one_turn_banks_its_unused_throws(throws: int, banked: int) -> None:
    game = real_game("dice-poker-bank")
    events = turn(game, *["11123"] * throws, box="ones")
    assert [e.count for e in of(events, ev.ThrowsBanked)] == ([banked] if banked else [])
    assert game.state.sheets[0].bank == banked


def test_the_plain_variant_has_no_bank() -> None:
    game = real_game("dice-poker")
    events = turn(game, "11123", box="ones")
    assert of(events, ev.ThrowsBanked) == []
    assert game.state.sheets[0].bank == 0


def test_no_spending_in_stage_one() -> None:
    game = real_game("dice-poker-bank")
    fill(game, [("ones", "11123"), ("twos", "22213")])
    assert game.state.sheets[0].bank == 4
    game.throw(dice=[3, 3, 3, 1, 2])
    assert game.throws_left() == 2
    game.throw(keep=[0, 1, 2], dice=[3, 3, 3, 4, 5])
    game.throw(keep=[0, 1, 2], dice=[3, 3, 3, 4, 6])
    assert game.throws_left() == 0
    with pytest.raises(errors.NoThrowsLeft):
        game.throw(keep=[0, 1, 2], dice=[3, 3, 3, 3, 6])


def test_spending_the_bank_as_fourth_and_fifth_throws() -> None:
    game = real_game("dice-poker-bank")
    stage_one_with_throws(game, [1, 2, 3, 3, 3, 3])  # banks 2 + 1
    assert game.state.sheets[0].bank == 3
    game.throw(dice=[1, 2, 3, 4, 6])
    assert game.throws_left() == 2 + 3
    game.throw(keep=[], dice=[1, 2, 3, 4, 6])
    game.throw(keep=[], dice=[1, 2, 3, 4, 6])
    assert game.throws_left() == 3
    assert game.state.sheets[0].bank == 3  # nothing spent by the regular three
    fourth = game.throw(keep=[0], dice=[1, 1, 1, 1, 6])
    fifth = game.throw(keep=[0, 1, 2, 3], dice=[1, 1, 1, 1, 1])
    assert [(e.throw, e.from_bank) for e in of(fourth + fifth, ev.DiceThrown)] == [
        (4, True),
        (5, True),
    ]
    assert game.state.sheets[0].bank == 1
    assert game.throws_left() == 1
    events = game.write("poker")
    assert written(events).throws == 5
    assert written(events).points == 5 + 50  # not the first throw: not doubled
    assert of(events, ev.ThrowsBanked) == []  # stage-2 turns feed nothing
    assert game.state.sheets[0].bank == 1


def test_the_bank_runs_dry() -> None:
    game = real_game("dice-poker-bank")
    stage_one_with_throws(game, [1, 3, 3, 3, 3, 3])  # banks 2
    for _ in range(5):
        game.throw(keep=[] if game.state.turn.dice else None, dice=[1, 2, 3, 4, 6])
    assert game.throws_left() == 0
    with pytest.raises(errors.NoThrowsLeft):
        game.throw(keep=[], dice=[1, 2, 3, 4, 6])
    game.write("chance")
    assert game.state.sheets[0].bank == 0
    game.throw(dice=[1, 2, 3, 4, 6])
    assert game.throws_left() == 2


def test_a_stage_two_write_after_the_first_throw_doubles_and_banks_nothing() -> None:
    game = real_game("dice-poker-bank")
    stage_one_with_throws(game, [1] * 6)
    events = turn(game, "55552", box="four")
    assert written(events).points == 2 * 20 + 30
    assert of(events, ev.ThrowsBanked) == []
    assert game.state.sheets[0].bank == 12


@pytest.mark.parametrize("spent", [0, 1, 5, 12])
def test_every_unused_throw_is_worth_3_at_the_end(spent: int) -> None:
    game = real_game("dice-poker-bank")
    stage_one_with_throws(game, [1] * 6)  # banks 12
    for i, box in enumerate(STAGE_TWO):
        extra = min(max(spent - 3 * i, 0), 3)  # spend up to three per turn
        turn(game, *["12346"] * (3 + extra), box=box)
    assert game.finished
    final = [e for e in of(game.events, ev.BonusAwarded) if e.bonus == "bank"]
    left = 12 - spent
    assert [e.points for e in final] == ([3 * left] if left else [])
    banked = sum(e.count for e in of(game.events, ev.ThrowsBanked))
    paid = sum(1 for e in of(game.events, ev.DiceThrown) if e.from_bank)
    assert (banked, paid) == (12, spent)
    (finished,) = of(game.events, ev.GameFinished)
    assert sum(game.state.sheets[0].scores.values()) == 16  # Chance 1+2+3+4+6
    assert finished.standings[0].total == 16 + 50 + 3 * left
    assert bonuses(game.events) == {"stage_bonus": 50, **({"bank": 3 * left} if left else {})}


def test_each_player_has_their_own_bank() -> None:
    game = real_game("dice-poker-bank", players=2)
    for box, roll in zip(STAGE_ONE, THREE_EACH, strict=True):
        turn(game, roll, box=box)  # Ann banks 2 a turn
        turn(game, roll, roll, roll, box=box)  # Bob banks nothing
    assert [s.bank for s in game.state.sheets] == [12, 0]
    turn(game, *["12346"] * 15, box="pair")  # Ann: 3 + all 12 banked
    assert game.state.sheets[0].bank == 0
    for _ in range(3):
        game.throw(keep=[] if game.state.turn.dice else None, dice=[1, 2, 3, 4, 6])
    assert game.throws_left() == 0
    with pytest.raises(errors.NoThrowsLeft):
        game.throw(keep=[], dice=[1, 2, 3, 4, 6])
