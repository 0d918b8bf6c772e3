"""The reveal is read, not flashed: after a challenge the lifted cups stay until a key,
bots included; a hand-over says what happened; the result shows the last lifted cups."""

from __future__ import annotations

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.views.result import BiddingResultScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.common.handover import HandoverScreen

from .helpers import wait_for
from .test_bidding_table import BOTS, bidding_table

ANN, BOB = Player(name="Ann"), Player(name="Bob")


async def challenge_when_a_bid_stands(pilot, table) -> None:
    for _ in range(30):
        await wait_for(pilot, lambda: table._my_turn)
        await pilot.press("c" if table.state.bid is not None else "enter")
        if table._reveal_waits:
            return
    raise AssertionError("no challenge was made")


async def test_the_lifted_cups_stay_until_a_key_and_bots_wait() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(GameSetup("perudo", (ANN, *BOTS), seed=3))
        table = bidding_table(app)
        await challenge_when_a_bid_stands(pilot, table)
        events = len(table.game.events)
        for _ in range(5):  # bots at pace 0 would have opened the next round by now
            await pilot.pause()
        assert len(table.game.events) == events
        assert table.query_one("#bid-seats").border_title == "Lifted cups"
        assert "press a key" in str(table.query_one("#bid-entry").render())
        assert "Bid" not in {
            b.description for _n, b, on, _t in app.screen.active_bindings.values() if on and b.show
        }
        await pilot.press("space")  # only goes on: no bid is made with it
        await wait_for(
            pilot, lambda: table._my_turn or len(table.game.events) > events or table.state.finished
        )
        assert not table._reveal_waits
        assert not any(
            isinstance(e, ev.BidMade) and e.player == 0 for e in table.game.events[events:]
        )


async def test_a_hand_over_after_a_reveal_says_what_happened() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(GameSetup("perudo", (ANN, BOB), seed=4))
        table = bidding_table(app)
        for _ in range(40):
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) or table._my_turn)
            if isinstance(app.screen, HandoverScreen):
                await pilot.press("enter")
                continue
            await pilot.press("c" if table.state.bid is not None else "enter")
            if table._reveal_waits:
                break
        assert table._reveal_waits
        await pilot.press("space")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        shown = str(app.screen.query_one("#handover-text").render())
        assert "called dudo on" in shown and "counted" in shown


async def test_the_result_shows_the_last_lifted_cups() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(GameSetup("liars-dice", BOTS, seed=2))  # bots only: no waits
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, BiddingResultScreen)
                and bool(app.screen.query("#bidding-last-cups"))
            ),  # pushed, then composed
            rounds=5000,
        )
        last = str(app.screen.query_one("#bidding-last-cups").render())
        reveal = bidding_table(app).state.last_reveal
        assert reveal is not None and "“liar!”" in last
        for cup in reveal.cups:
            if cup:
                assert " ".join(str(d) for d in cup) in last


async def test_once_every_person_is_out_the_bots_play_on_without_a_key() -> None:
    """The reveal that takes a person's last die waits for their key; the bots' reveals
    after it do not (they wait their pace)."""
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(GameSetup("perudo", (ANN, *BOTS), seed=5))
        table = bidding_table(app)
        for _ in range(60):  # Ann bids every die on the table until she is out
            await wait_for(pilot, lambda: table._my_turn or table._reveal_waits)
            if table._reveal_waits:
                await pilot.press("space")
                if not table.state.in_game(0):
                    break
                continue
            for _step in range(table.state.total_dice):
                await pilot.press("up")
            await pilot.press("enter")
            if table._my_turn:  # the bid could not be raised that far: call instead
                await pilot.press("c")
        assert not table.state.in_game(0), "Ann never lost her last die"
        await wait_for(pilot, lambda: table.state.finished, rounds=3000)
        assert isinstance(app.screen, BiddingResultScreen)
