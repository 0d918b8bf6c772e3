"""The lobby offers Perudo and Liar's Dice: their rules one key away, bidding bot levels,
and a start that opens the bidding table."""

from __future__ import annotations

from dicepoker_tui.families.bidding.views.help import BiddingHelpScreen
from dicepoker_tui.families.bidding.views.table import BiddingTableScreen
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.lobby.lobby import LobbyScreen

from .helpers import messages, wait_for


async def highlight(pilot, lobby: LobbyScreen, variant: str) -> None:
    for _ in range(len(lobby.variants)):
        if lobby.variant_id == variant:
            return
        await pilot.press("down")
    assert lobby.variant_id == variant


async def test_perudo_from_the_lobby() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        assert {"perudo", "liars-dice"} <= {v.id for v in lobby.variants}
        await pilot.press("b")  # a scoresheet bot first
        await highlight(pilot, lobby, "perudo")
        assert "Perudo" in str(lobby.query_one("#variant-about").render())
        assert [p.level for p in lobby.seats if p.kind == "bot"] == ["strong"]
        await pilot.press("question_mark")
        assert isinstance(app.screen, BiddingHelpScreen)
        assert "Calza" in app.screen.query_one("#help-rules").content.plain
        await pilot.press("escape")
        await pilot.press("l")  # the next bidding level
        assert [p.level for p in lobby.seats if p.kind == "bot"] == ["novice"]
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
        game = app.screen.game
        assert game.state.variant == "perudo" and len(game.state.players) == 2


async def test_a_lone_seat_is_refused_with_a_reason() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = app.screen
        await highlight(pilot, lobby, "liars-dice")
        await pilot.press("s")
        assert isinstance(app.screen, LobbyScreen)
        assert any("needs 2 to 8 seats" in m for m in messages(app))


async def test_real_dice_and_the_coach_are_off_for_bidding_games_with_the_reason() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await pilot.press("d")  # real dice on, and a coach for the lone human seat
        lobby.query_one("#seats").focus()
        await pilot.press("o")
        assert lobby.real_dice and lobby.coach[0] is not None
        lobby.query_one("#variants").focus()
        await highlight(pilot, lobby, "perudo")
        assert str(lobby.query_one("#real-dice").label).startswith("[-]")
        assert "coach" not in str(lobby.query_one("#seats").render())
        await pilot.press("d")
        assert "hidden dice: real dice do not apply" in messages(app)[-1]
        assert lobby.real_dice  # kept for when a scoresheet game is picked again
        lobby.query_one("#seats").focus()
        await pilot.press("o")
        assert "no coach" in messages(app)[-1]
        await pilot.press("b")
        setup = lobby.current_setup()
        assert not isinstance(setup, str)
        assert setup.real_dice is False and setup.coach == ()
        await pilot.press("s")  # starts: nothing left that a bidding game would refuse
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))


async def test_the_seats_survive_a_game() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await highlight(pilot, lobby, "liars-dice")
        await pilot.press("b", "b", "l")  # two bots, the second one a level up
        seats = [(p.name, p.kind, p.level) for p in lobby.seats]
        assert len(seats) == 3 and seats[1][2] != seats[2][2]
        for leave in ("escape", "lobby", "new"):
            await pilot.press("s")
            await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
            table = app.screen
            if leave == "escape":  # leave the table to the lobby
                await pilot.press("escape", "down", "enter")
            else:  # the result screen's choices
                app.after_game(table.game, leave)
            await wait_for(pilot, lambda: app.screen is lobby)
            assert lobby.variant_id == "liars-dice", leave
            assert [(p.name, p.kind, p.level) for p in lobby.seats] == seats, leave
