"""The bidding table in a terminal too small for it says what size it needs (and takes no
bids blind), and in a big one draws the dice large beside a wider panel."""

from __future__ import annotations

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.views.cup import CupDice
from dicepoker_tui.families.bidding.views.table import BiddingTableScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.common.size_notice import SizeNotice

from .helpers import make_app, wait_for
from .test_i18n_history import screen_text

SEATS = (Player(name="Ann"), Player(name="Bot 1", kind="bot", level="strong"))


def bids(screen: BiddingTableScreen) -> int:
    return sum(isinstance(e, ev.BidMade) for e in screen.game.events)


async def test_a_small_terminal_gets_the_size_notice_and_no_blind_bids() -> None:
    app = make_app(GameSetup("perudo", SEATS, seed=5))
    async with app.run_test(size=(60, 18)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
        screen = app.screen
        assert isinstance(screen, BiddingTableScreen)
        await wait_for(pilot, lambda: screen.query_one(SizeNotice).display)
        text = screen_text(app)
        assert "at least 80×24" in text and "This one is 60×18" in text, text
        assert "Log" not in text  # the log is not drawn clipped to a sliver
        await pilot.press("up", "enter")
        await pilot.pause()
        assert bids(screen) == 0
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: not screen.query_one(SizeNotice).display)
        await pilot.pause()
        assert "Log" in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: bids(screen) >= 1)


async def test_a_big_terminal_gets_large_dice_and_half_the_width() -> None:
    app = make_app(GameSetup("perudo", SEATS, seed=5))
    async with app.run_test(size=(200, 60)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.query_one(CupDice).big)
        await pilot.pause()
        assert screen.query_one("#bid-left").size.width == 100
        lines = screen_text(app).splitlines()
        assert sum(line.count("┌─────────┐") == 5 for line in lines) == 1  # five large dice
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: not screen.query_one(CupDice).big)
        await pilot.pause()
        assert screen.query_one("#bid-left").size.width == 46
