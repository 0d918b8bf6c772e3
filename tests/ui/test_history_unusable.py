"""The app with a history it cannot use, or a kept game it cannot play: a lasting notice and
a question before an unsaved game; a resume that says why and leaves the game listed."""

from __future__ import annotations

from pathlib import Path

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.views.table import TableScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.store import Store
from dicepoker_tui.ui.app import LASTING
from dicepoker_tui.ui.common.unsaved import UnsavedGameScreen
from dicepoker_tui.ui.history.games import GamesScreen
from dicepoker_tui.ui.lobby.lobby import LobbyScreen
from tests.store.scripted import new_game, play

from .helpers import make_app, messages, wait_for


async def test_a_history_that_is_a_directory_is_a_lasting_banner_and_a_question(
    dicepoker_home: Path,
) -> None:
    db = dicepoker_home / "history.db"
    db.mkdir(parents=True)
    app = make_app()
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        banner = (
            f"Games are not saved: the game history {db} cannot be used (it is not a regular file)."
        )
        await wait_for(pilot, lambda: banner in messages(app))
        (shown,) = [n for n in app._notifications if str(n.message) == banner]
        assert shown.timeout == LASTING and shown.severity == "error"
        setup = GameSetup(seats=(Player(name="Ann"),), seed=3)
        assert app.start_game(setup) is False
        await wait_for(pilot, lambda: isinstance(app.screen, UnsavedGameScreen))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        app.start_game(setup)
        await wait_for(pilot, lambda: isinstance(app.screen, UnsavedGameScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app._unsaved_problem() is None  # asked once a session
    assert list(db.iterdir()) == []  # nothing written anywhere
    assert sorted(p.name for p in dicepoker_home.iterdir()) == ["history.db"]


async def test_resume_of_a_real_dice_game_with_a_bot_says_why_and_keeps_it(
    dicepoker_home: Path,
) -> None:
    seats = [Player(name="Ann"), Player(name="Bot", kind="bot", level="novice")]
    game = play(new_game("yahtzee", seed=5, real_dice=True, players=seats), 5, steps=6)
    with Store.open(dicepoker_home / "history.db").store as store:
        kept = scoresheet_games(store).create(game)
        events_before = scoresheet_games(store).event_count(kept)
    app = make_app()
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GamesScreen))
        await pilot.press("enter")
        reason = (
            f"Game {kept} cannot be resumed: Bots cannot throw real dice: remove the bot "
            "seats or switch real dice off."
        )
        await wait_for(pilot, lambda: reason in messages(app))
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
    with Store.open(dicepoker_home / "history.db").store as store:
        assert [r.id for r in scoresheet_games(store).unfinished()] == [kept]
        assert scoresheet_games(store).event_count(kept) == events_before
