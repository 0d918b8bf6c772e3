"""The result screens: the rematch key is one no game presses (m, not the throw key r),
and keys typed before a result shows (as the last write lands, during a bot's last turn)
never act on it."""

from __future__ import annotations

from textual import events

from dicepoker_tui.families.bidding.views.result import BiddingResultScreen
from dicepoker_tui.families.scoresheet.views.scoresheet import ScoresheetScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp

from .helpers import make_app, table, wait_for
from .test_bidding_table import BOTS, bidding_table, setup_for


def typed(*keys: str) -> list[events.Key]:
    """Keys read from the terminal now (Textual stamps each with the time it is read)."""
    return [events.Key(key, key if len(key) == 1 else None) for key in keys]


async def test_keys_typed_as_the_last_write_lands_leave_the_final_sheet_up() -> None:
    app = make_app(GameSetup(variant="yahtzee", seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = table(app).game
        for _ in range(12):
            await pilot.press("r", "r", "r", "enter")
        await pilot.press("r")
        early = typed("m", "n", "l", "escape", "s")  # typed while the last write is made
        await pilot.press("enter", "r")  # r pressed again as the write lands
        await wait_for(pilot, lambda: isinstance(app.screen, ScoresheetScreen))
        assert game.finished
        sheet = app.screen
        for key in early:  # they reach the app only now, after the result is up
            app.post_message(key)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is sheet and table(app).game is game
        await pilot.press("r")  # the throw key is no rematch
        assert app.screen is sheet and table(app).game is game
        await pilot.press("m")
        await wait_for(pilot, lambda: table(app).game is not game)
        assert not table(app).game.finished


async def test_keys_typed_during_the_bots_last_turn_leave_the_result_up() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        early = typed("m", "n", "l", "escape", "enter")
        assert app.start_game(setup_for("perudo", *BOTS))  # bots only: plays itself
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingResultScreen))
        result = app.screen
        first = bidding_table(app).game
        for key in early:
            app.post_message(key)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is result
        await pilot.press("r")
        assert app.screen is result
        footer = " ".join(str(b.render()) for b in result.query("Button"))
        assert "Rematch m" in footer
        await pilot.press("m")
        await wait_for(pilot, lambda: bidding_table(app).game is not first)
        assert [p.name for p in bidding_table(app).game.state.players] == ["Bot 1", "Bot 2"]


def test_no_key_of_a_game_is_a_result_key() -> None:
    """Keys pressed all game long (throw, hold, write, hint, sheet) choose nothing after it."""
    from dicepoker_tui.families.bidding.views.table import BiddingTableScreen
    from dicepoker_tui.families.scoresheet.views.table import TableScreen

    played = {b.key for screen in (TableScreen, BiddingTableScreen) for b in screen.BINDINGS}
    for result in (ScoresheetScreen, BiddingResultScreen):
        choices = {b.key for b in result.BINDINGS if b.action.startswith("choose")}
        assert "m" in choices and not choices & (played - {"escape"})
