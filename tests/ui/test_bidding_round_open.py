"""A person who opens the next round sees the new round: the seats' panel leaves the
lifted cups, their new cup shows, and the status line tells the new dice total."""

from __future__ import annotations

import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.views.cup import CupDice
from dicepoker_tui.families.bidding.views.result import BiddingResultScreen
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.common.handover import HandoverScreen

from .helpers import wait_for
from .test_bidding_table import bidding_table, setup_for


def status(table) -> str:
    return str(table.query_one("#bid-current").render())


@pytest.mark.parametrize("hot_seat", [False, True])
async def test_the_opener_of_a_round_sees_the_new_round(hot_seat: bool) -> None:
    seats = [Player(name="Ann"), Player(name="Bob")]
    if not hot_seat:
        seats[1] = Player(name="Bot", kind="bot", level="novice")
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.start_game(setup_for("perudo", *seats, seed=3))
        table = bidding_table(app)
        game = table.game
        openings = 0
        for _ in range(600):
            await wait_for(
                pilot,
                lambda: (
                    isinstance(app.screen, BiddingResultScreen | HandoverScreen)
                    or table._my_turn
                    or table._reveal_waits
                ),
            )
            if isinstance(app.screen, BiddingResultScreen):
                break
            if isinstance(app.screen, HandoverScreen) or table._reveal_waits:
                await pilot.press("enter" if isinstance(app.screen, HandoverScreen) else "space")
                continue
            state = game.state
            if state.bid is None and state.last_reveal is not None:  # a person opens
                openings += 1
                seat = table.viewer
                assert seat == state.to_act
                panel = table.query_one("#bid-seats")
                assert panel.border_title != "Lifted cups"
                assert table.query_one(CupDice).dice == tuple(state.cups[seat])
                line = status(table)
                assert line.startswith("No bid yet:")
                assert f"({state.total_dice} dice)" in line or f"({state.total_dice} die)" in line
                assert "counted" not in line
            await pilot.press("c" if state.bid is not None and state.bid.quantity > 1 else "enter")
        assert isinstance(app.screen, BiddingResultScreen)
        assert openings >= 2
