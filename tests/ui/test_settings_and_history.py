"""Remembered theme, and games kept in the history: resume and look back."""

from __future__ import annotations

import json

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.views.review import ReviewScreen
from dicepoker_tui.families.scoresheet.views.scoresheet import ScoresheetScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.common.settings import load_settings, settings_path
from dicepoker_tui.ui.history.games import GamesScreen
from dicepoker_tui.ui.history.history import HistoryScreen

from .helpers import make_app, table, wait_for


async def test_the_theme_is_remembered() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        app.theme = "nord"
        await pilot.pause()
    assert json.loads(settings_path().read_text())["theme"] == "nord"
    again = make_app()
    async with again.run_test() as pilot:
        await pilot.pause()
        assert again.theme == "nord"


def test_a_broken_settings_file_gives_the_defaults(dicepoker_home) -> None:
    dicepoker_home.mkdir(parents=True)
    settings_path().write_text("{not json")
    assert load_settings().theme is None
    settings_path().write_text('{"bot_pace": -3}')
    assert load_settings().bot_pace == 0.5


async def test_an_unfinished_game_is_resumed_where_it_stopped() -> None:
    setup = GameSetup(variant="dice-poker-bank", seats=(Player(name="Ann"),), seed=8)
    app = make_app(setup)
    async with app.run_test() as pilot:
        await pilot.press("r", "enter", "r", "2", "r", "enter", "r")
        game = table(app).game
        events, state = list(game.events), game.state
    app = make_app()
    async with app.run_test() as pilot:
        # The next start offers the unfinished game straight away.
        await wait_for(pilot, lambda: isinstance(app.screen, GamesScreen))
        assert [r.event_count for r in app.screen.records] == [len(events)]
        await pilot.press("enter")
        resumed = table(app).game
        assert list(resumed.events) == events
        assert resumed.state == state
        await pilot.press("r")  # the dice go on exactly as they would have
        assert resumed.state.turn.throws == 2


async def test_a_finished_game_shows_in_the_history() -> None:
    app = make_app(GameSetup(variant="yahtzee", seats=(Player(name="Ann"),), seed=3))
    async with app.run_test() as pilot:
        for _ in range(13):
            await pilot.press("r", "enter")
        total = table(app).game.state.sheets[0].total
        await wait_for(pilot, lambda: isinstance(app.screen, ScoresheetScreen))
        await pilot.press("l")  # back to the lobby
        await pilot.press("c")
        assert isinstance(app.screen, GamesScreen) and app.screen.records == []
        await pilot.press("escape", "h")
        assert isinstance(app.screen, HistoryScreen)
        assert [r.players[0].total for r in app.screen.games] == [total]
        await pilot.press("enter")
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.state.sheets[0].total == total
