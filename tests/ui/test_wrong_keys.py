"""Keys pressed at the wrong moment give a short notice and change nothing."""

from __future__ import annotations

import pytest

from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.views.real_dice import RealDiceScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp

from .helpers import make_app, messages, table, wait_for


def engine_message(command) -> str:
    """What the engine itself says about an illegal command."""
    with pytest.raises(IllegalMove) as info:
        command()
    return info.value.message


SOLO = GameSetup(variant="yahtzee", seats=(Player(name="Ann"),), seed=2)


async def test_enter_before_the_first_throw() -> None:
    expected = engine_message(lambda: Game.new("yahtzee", ["Ann"], seed=2).write("ones"))
    app = make_app(SOLO)
    async with app.run_test() as pilot:
        game = table(app).game
        before = list(game.events)
        await pilot.press("enter")
        assert list(game.events) == before
        assert expected in messages(app)


async def test_hold_before_the_first_throw() -> None:
    expected = engine_message(lambda: Game.new("yahtzee", ["Ann"], seed=2).hold(0))
    app = make_app(SOLO)
    async with app.run_test() as pilot:
        game = table(app).game
        await pilot.pause()
        await pilot.press("3")
        await wait_for(pilot, lambda: expected in messages(app))  # the notice, once drawn
        assert game.state.turn.dice is None


async def test_throw_with_no_throws_left() -> None:
    ref = Game.new("yahtzee", ["Ann"], seed=2)
    for _ in range(3):
        ref.throw()
    expected = engine_message(ref.throw)
    app = make_app(SOLO)
    async with app.run_test() as pilot:
        game = table(app).game
        await pilot.press("r", "r", "r")
        dice = game.state.turn.dice
        await pilot.press("space")
        assert game.state.turn.dice == dice
        assert game.state.turn.throws == 3
        assert expected in messages(app)


async def test_throw_with_every_die_held() -> None:
    ref = Game.new("yahtzee", ["Ann"], seed=2)
    ref.throw()
    for i in range(5):
        ref.hold(i)
    expected = engine_message(ref.throw)
    app = make_app(SOLO)
    async with app.run_test() as pilot:
        game = table(app).game
        await pilot.press("r", "1", "2", "3", "4", "5", "r")
        assert game.state.turn.throws == 1
        assert expected in messages(app)


async def test_undo_with_nothing_to_undo_and_after_the_next_throw() -> None:
    ref = Game.new("yahtzee", ["Ann"], seed=2)
    expected = engine_message(ref.undo)
    app = make_app(SOLO)
    async with app.run_test() as pilot:
        game = table(app).game
        await pilot.press("u")
        assert expected in messages(app)
        await pilot.press("r", "enter", "r")  # the next throw closes the undo window
        written = dict(game.state.sheets[0].scores)
        app.clear_notifications()  # (the first may have timed out on a busy machine)
        await pilot.press("u")
        assert game.state.sheets[0].scores == written
        assert messages(app).count(expected) == 1


async def test_undo_restores_the_sheet_and_the_cursor() -> None:
    app = make_app(SOLO)
    async with app.run_test() as pilot:
        game = table(app).game
        await pilot.press("r", "j", "j")
        before = game.state
        await pilot.press("enter")
        assert game.state.sheets[0].filled("threes")
        await pilot.press("u")
        assert game.state == before
        assert table(app).query_one("BoxList").cursor_box == "threes"


async def test_keys_during_a_bots_turn_are_refused() -> None:
    seats = (Player(name="Bot 1", kind="bot", level="heuristic"), Player(name="Ann"))
    app = DicePokerApp(GameSetup(variant="yatzy", seats=seats, seed=4), bot_pace=30)
    async with app.run_test() as pilot:
        game = table(app).game
        before = list(game.events)
        await pilot.press("r", "1", "enter", "u")
        assert list(game.events) == before
        assert any("Bot 1 (bot) is playing" in m for m in messages(app))


async def test_a_bots_write_cannot_be_undone() -> None:
    seats = (Player(name="Bot 1", kind="bot", level="heuristic"), Player(name="Ann"))
    app = make_app(GameSetup(variant="yatzy", seats=seats, seed=4))
    async with app.run_test() as pilot:
        game = table(app).game
        await wait_for(pilot, lambda: game.current == 1)
        scores = dict(game.state.sheets[0].scores)
        await pilot.press("u")
        assert game.state.sheets[0].scores == scores
        assert "A bot's write cannot be taken back." in messages(app)


async def test_keys_after_the_game_are_refused() -> None:
    app = make_app(SOLO)
    async with app.run_test() as pilot:
        game = table(app).game
        for _ in range(13):
            await pilot.press("r", "enter")
        assert game.finished
        await pilot.press("escape")  # leave the result screen, back to the finished table
        events = len(game.events)
        await pilot.press("r", "enter", "1", "u")
        assert len(game.events) == events
        assert any("The game is over" in m for m in messages(app))


async def test_real_dice_bad_entries() -> None:
    setup = GameSetup(variant="yahtzee", seats=(Player(name="Ann"),), seed=1, real_dice=True)
    app = make_app(setup)
    async with app.run_test() as pilot:
        game = table(app).game
        await pilot.press("r", "1", "2", "enter")
        assert isinstance(app.screen, RealDiceScreen)
        assert game.state.turn.dice is None
        assert any("Type 5 digits" in m for m in messages(app))
        await pilot.press("backspace", "backspace", *"12345", "enter")
        assert game.state.turn.dice == (1, 2, 3, 4, 5)
        await pilot.press("2", "r")  # hold die 2 (a 2), then claim it shows a 6
        ref = Game.new("yahtzee", ["Ann"], seed=1, real_dice=True)
        ref.throw(dice=[1, 2, 3, 4, 5])
        ref.hold(1)
        expected = engine_message(lambda: ref.throw(dice=[6, 6, 6, 6, 6]))
        await pilot.press(*"66666", "enter")
        assert expected in messages(app)
        assert game.state.turn.throws == 1
        await pilot.press("escape")
        assert not isinstance(app.screen, RealDiceScreen)
