"""Illegal commands raise the right typed error, say why, and change nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from dicepoker_tui.engine import errors
from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.rules import commands as cmd
from dicepoker_tui.families.scoresheet.rules.game import Game
from tests.engine.playing import fill, real_game, written

ZERO_STAGE_ONE = [
    ("ones", "11123"),
    ("twos", "22213"),
    ("threes", "33312"),
    ("fours", "44412"),
    ("fives", "55512"),
    ("sixes", "66612"),
]


def refused(
    game: Game, action: Callable[[], object], error: type[errors.IllegalMove], *words: str
) -> errors.IllegalMove:
    """Run `action`, expecting `error`; check the message and that nothing changed."""
    state, events = game.state.model_copy(deep=True), list(game.events)
    told: list[object] = []
    game.subscribe(lambda event, after: told.append(event))
    with pytest.raises(error) as caught:
        action()
    message = caught.value.message
    assert message and message == str(caught.value)
    assert "\n" not in message and message == message.strip() and message.endswith("."), message
    assert "Traceback" not in message and "object at 0x" not in message
    for word in words:
        assert word.lower() in message.lower(), (word, message)
    assert game.state == state
    assert list(game.events) == events
    assert told == []
    return caught.value


def finished_game() -> Game:
    game = Game.new("yatzy", ["Ann"], seed=5)
    while not game.finished:
        game.throw()
        game.write(next(iter(game.preview())))
    return game


# -- boxes ------------------------------------------------------------------------------------


def test_a_filled_box() -> None:
    game = real_game("yahtzee")
    fill(game, [("chance", "12345")])
    game.throw(dice=[6, 6, 6, 2, 2])
    refused(game, lambda: game.write("chance"), errors.BoxNotAllowed, "Chance", "filled")


def test_a_box_of_a_stage_not_open() -> None:
    game = real_game("dice-poker")
    game.throw(dice=[6, 6, 6, 2, 2])
    refused(game, lambda: game.write("full"), errors.BoxNotAllowed, "Full", "stage 2", "stage 1")


def test_a_stage_one_box_once_stage_two_is_open() -> None:
    game = real_game("dice-poker")
    fill(game, ZERO_STAGE_ONE)
    game.throw(dice=[1, 1, 1, 2, 2])
    refused(game, lambda: game.write("ones"), errors.BoxNotAllowed, "filled")


def test_an_unknown_box() -> None:
    game = real_game("yatzy")
    game.throw(dice=[1, 1, 1, 2, 2])
    refused(game, lambda: game.write("yahtzee"), errors.BoxNotAllowed, "no box")


def test_write_before_throw() -> None:
    game = real_game("yatzy")
    refused(game, lambda: game.write("chance"), errors.BoxNotAllowed, "throw")


@pytest.mark.parametrize("variant", ["yahtzee", "yatzy", "dice-poker"])
def test_a_fourth_throw(variant: str) -> None:
    game = Game.new(variant, ["Ann"], seed=2)
    for _ in range(3):
        game.throw(keep=[] if game.state.turn.dice else None)
    refused(game, lambda: game.throw(keep=[0]), errors.NoThrowsLeft, "no throws left")


def test_a_fourth_throw_in_stage_one_of_the_bank_variant_even_with_a_bank() -> None:
    game = real_game("dice-poker-bank")
    fill(game, ZERO_STAGE_ONE[:2])
    assert game.state.sheets[0].bank == 4
    for _ in range(3):
        game.throw(keep=[], dice=[3, 3, 3, 1, 2])
    refused(game, lambda: game.throw(keep=[], dice=[3, 3, 3, 3, 3]), errors.NoThrowsLeft)


# -- dice -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("keep", "words"),
    [
        ([5], ["positions 1-5"]),
        ([-1], ["positions 1-5"]),
        ([0, 0], ["at most once"]),
        ([1, 2, 1], ["at most once"]),
        ([0, 1, 2, 3, 4], ["release"]),
    ],
    ids=["past-the-table", "negative", "duplicate", "duplicate-of-three", "all-five"],
)
def test_keeping_dice_not_on_the_table(keep: list[int], words: list[str]) -> None:
    game = Game.new("yahtzee", ["Ann"], seed=3)
    game.throw()
    refused(game, lambda: game.throw(keep=keep), errors.BadDice, *words)


def test_keeping_on_the_first_throw() -> None:
    game = Game.new("yahtzee", ["Ann"], seed=3)
    refused(game, lambda: game.throw(keep=[0]), errors.BadDice, "first throw")


def test_hold_before_throw() -> None:
    game = Game.new("yahtzee", ["Ann"], seed=3)
    refused(game, lambda: game.hold(0), errors.BadDice, "throw first")


@pytest.mark.parametrize("index", [5, -1, 17])
def test_hold_out_of_range(index: int) -> None:
    game = Game.new("yahtzee", ["Ann"], seed=3)
    game.throw()
    refused(game, lambda: game.hold(index), errors.BadDice, "five dice")


@pytest.mark.parametrize(
    ("values", "words"),
    [([1, 2, 3, 4, 7], ["7", "1-6"]), ([0, 2, 3, 4, 5], ["0"]), ([1, 2, 3, 4], ["five", "4"]),
     ([1, 2, 3, 4, 5, 6], ["five", "6"])],
    ids=["seven", "zero", "four-dice", "six-dice"],
)  # fmt: skip
def test_real_dice_with_wrong_values(values: list[int], words: list[str]) -> None:
    game = real_game("yahtzee")
    refused(game, lambda: game.throw(dice=values), errors.BadDice, *words)


def test_real_dice_without_values() -> None:
    game = real_game("yahtzee")
    refused(game, lambda: game.throw(), errors.BadDice, "real dice")


def test_real_dice_with_a_held_die_changed() -> None:
    game = real_game("yahtzee")
    game.throw(dice=[1, 2, 3, 4, 5])
    refused(game, lambda: game.throw(keep=[0, 4], dice=[1, 6, 6, 6, 6]), errors.BadDice, "die 5")


def test_real_dice_with_a_die_held_by_hold_changed() -> None:
    game = real_game("yahtzee")
    game.throw(dice=[1, 2, 3, 4, 5])
    game.hold(1)
    refused(game, lambda: game.throw(dice=[6, 6, 6, 6, 6]), errors.BadDice, "die 2", "held")


def test_dice_values_in_a_game_where_the_table_throws() -> None:
    game = Game.new("yahtzee", ["Ann"], seed=3)
    refused(game, lambda: game.throw(dice=[6, 6, 6, 6, 6]), errors.BadDice, "real-dice")


# -- turns, undo and the end ------------------------------------------------------------------


def test_acting_out_of_turn() -> None:
    game = Game.new("yahtzee", ["Ann", "Bob"], seed=3)
    refused(game, lambda: game.execute(cmd.Throw(player=1)), errors.OutOfTurn, "Ann")
    game.throw()
    refused(game, lambda: game.execute(cmd.Hold(player=1, index=0)), errors.OutOfTurn, "Ann")
    refused(game, lambda: game.execute(cmd.Write(player=1, box="chance")), errors.OutOfTurn)
    game.write("chance")
    refused(game, lambda: game.execute(cmd.Throw(player=0)), errors.OutOfTurn, "Bob")


def test_undo_when_nothing_was_written() -> None:
    game = Game.new("yahtzee", ["Ann", "Bob"], seed=3)
    refused(game, game.undo, errors.NothingToUndo, "nothing to undo")
    game.throw()
    refused(game, game.undo, errors.NothingToUndo)


def test_undo_after_the_next_throw() -> None:
    game = Game.new("yahtzee", ["Ann", "Bob"], seed=3)
    game.throw()
    game.write("chance")
    game.throw()
    refused(game, game.undo, errors.NothingToUndo, "until the next throw")


def test_undo_by_the_wrong_player() -> None:
    game = Game.new("yahtzee", ["Ann", "Bob"], seed=3)
    game.throw()
    game.write("chance")
    error = refused(game, lambda: game.execute(cmd.Undo(player=1)), errors.IllegalMove, "Ann")
    assert type(error) is not errors.IllegalMove  # a typed subclass


@pytest.mark.parametrize(
    "action",
    [
        lambda g: g.throw(),
        lambda g: g.hold(0),
        lambda g: g.write("chance"),
        lambda g: g.undo(),
        lambda g: g.execute(cmd.Throw(player=0)),
        lambda g: g.execute(cmd.Write(player=0, box="chance")),
        lambda g: g.execute(cmd.Undo(player=0)),
    ],
    ids=["throw", "hold", "write", "undo", "throw-command", "write-command", "undo-command"],
)
def test_anything_after_the_game_ended(action: Callable[[Game], object]) -> None:
    game = finished_game()
    refused(game, lambda: action(game), errors.GameOver, "over")


def test_a_second_start() -> None:
    game = Game.new("yahtzee", ["Ann"], seed=3)
    start = cmd.Start(variant="yahtzee", players=[Player(name="Bob")], seed=1)
    refused(game, lambda: game.execute(start), errors.BadSetup, "already")


@pytest.mark.parametrize(
    ("variant", "players", "words"),
    [
        ("pirate-poker", ["Ann"], ["pirate-poker"]),
        ("yahtzee", [], ["1 to"]),
        ("yahtzee", [f"P{i}" for i in range(9)], ["1 to"]),
        ("yahtzee", ["Ann", "Ann"], ["different name"]),
    ],
    ids=["unknown-variant", "no-players", "nine-players", "same-names"],
)
def test_a_bad_setup(variant: str, players: list[str], words: list[str]) -> None:
    with pytest.raises(errors.BadSetup) as caught:
        Game.new(variant, players, seed=1)
    for word in words:
        assert word in caught.value.message


# -- the Joker --------------------------------------------------------------------------------


def test_a_joker_away_from_its_open_face_box() -> None:
    game = real_game("yahtzee")
    fill(game, [("yahtzee", "22222")])
    game.throw(dice=[4, 4, 4, 4, 4])
    refused(game, lambda: game.write("chance"), errors.BoxNotAllowed, "Joker", "Fours")
    refused(game, lambda: game.write("twos"), errors.BoxNotAllowed, "Joker", "Fours")


def test_a_joker_upstairs_while_a_lower_box_is_open() -> None:
    game = real_game("yahtzee")
    fill(game, [("yahtzee", "12346"), ("fours", "44123")])
    game.throw(dice=[4, 4, 4, 4, 4])
    refused(game, lambda: game.write("ones"), errors.BoxNotAllowed, "Joker", "lower")


def test_illegal_write_then_a_legal_one_still_works() -> None:
    game = real_game("yahtzee")
    game.throw(dice=[2, 2, 3, 3, 3])
    refused(game, lambda: game.write("nope"), errors.BoxNotAllowed)
    assert written(game.write("full_house")).points == 25
