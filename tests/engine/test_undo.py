"""Undo takes a write back completely: its bonuses, bank and turn change with it."""

from __future__ import annotations

from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import replay
from tests.engine.playing import bonuses, fill, real_game, turn, written


def test_undoing_the_write_that_earned_the_upper_bonus_takes_the_bonus_back() -> None:
    game = real_game("yahtzee", players=2)
    for box, roll in [("ones", "11123"), ("twos", "22213"), ("fours", "44412"),
                      ("fives", "55512"), ("sixes", "66612")]:  # fmt: skip
        turn(game, roll, box=box)
        turn(game, "12346", box="chance" if box == "ones" else box)
    game.throw(dice=[3, 3, 3, 1, 2])
    before = game.state
    assert bonuses(game.write("threes")) == {"upper_bonus": 35}
    assert game.current == 1
    assert game.undo() == [ev.WriteUndone(player=0, box="threes")]
    assert game.state == before
    assert game.current == 0 and game.state.sheets[0].bonuses == {}
    assert written(game.write("three_of_a_kind")).points == 12
    assert game.state.sheets[0].bonuses == {}
    assert replay(game.events) == game.state


def test_undoing_a_yahtzee_bonus() -> None:
    game = real_game("yahtzee")
    fill(game, [("yahtzee", "44444")])
    game.throw(dice=[4, 4, 4, 4, 4])
    game.write("fours")
    assert game.state.sheets[0].bonuses == {"yahtzee_bonus": 100}
    game.undo()
    assert game.state.sheets[0].bonuses == {}
    assert "fours" not in game.state.sheets[0].scores


def test_undoing_a_stage_one_write_returns_the_banked_throws() -> None:
    game = real_game("dice-poker-bank")
    game.throw(dice=[1, 1, 1, 2, 3])
    game.write("ones")
    assert game.state.sheets[0].bank == 2
    game.undo()
    assert game.state.sheets[0].bank == 0
    assert game.throws_left() == 2
    game.throw(keep=[0, 1, 2], dice=[1, 1, 1, 1, 3])
    assert written(game.write("ones")).points == 0
    assert game.state.sheets[0].bank == 1


def test_undoing_the_last_write_of_a_round_gives_the_turn_back() -> None:
    game = real_game("yatzy", players=2)
    turn(game, "12345", box="chance")
    events = turn(game, "23456", box="chance")
    assert [e for e in events if isinstance(e, ev.TurnStarted)] == [
        ev.TurnStarted(player=0, round=2)
    ]
    game.undo()
    assert (game.state.turn.player, game.state.turn.round) == (1, 1)
    assert game.state.turn.dice == (2, 3, 4, 5, 6)
    assert game.preview()["large_straight"] == 20


def test_undoing_the_stage_bonus() -> None:
    game = real_game("dice-poker")
    fill(game, [("ones", "11123"), ("twos", "22213"), ("threes", "33312"),
                ("fours", "44412"), ("fives", "55512")])  # fmt: skip
    game.throw(dice=[6, 6, 6, 1, 2])
    assert bonuses(game.write("sixes")) == {"stage_bonus": 50}
    game.undo()
    assert game.state.sheets[0].bonuses == {}
    game.throw(keep=[0, 1, 2], dice=[6, 6, 6, 1, 1])  # still the same turn
    assert bonuses(game.write("sixes")) == {"stage_bonus": 50}
    assert game.state.sheets[0].bonuses == {"stage_bonus": 50}
