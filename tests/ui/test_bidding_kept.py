"""Perudo and Liar's Dice are kept like every game: escape asks before the table is left,
ctrl+q keeps the game unfinished, the resume list offers it with the scoresheet games,
and it resumes at the same round, cups, bid, dice counts and player to act, its bots
playing on. Dropping it from the list is a choice of its own (x)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.game import replay
from dicepoker_tui.families.bidding.views.table import BiddingTableScreen
from dicepoker_tui.family import GameSetup, KeptGame
from dicepoker_tui.store import Store
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.common.handover import HandoverScreen
from dicepoker_tui.ui.common.leave import LeaveScreen
from dicepoker_tui.ui.history.games import GamesScreen
from dicepoker_tui.ui.lobby.lobby import LobbyScreen

from .helpers import make_app, messages, wait_for

ANN = Player(name="Ann")
BOTS = (
    Player(name="Bot 1", kind="bot", level="strong"),
    Player(name="Bot 2", kind="bot", level="novice"),
)


def bidding_table(app: DicePokerApp) -> BiddingTableScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, BiddingTableScreen):
            return screen
    raise AssertionError(f"no bidding table on the stack: {app.screen_stack}")


def kept_games(status: str | None = "playing") -> list:
    store, _ = Store.open()
    with store:
        return bidding_games(store).games(status=status)


async def ann_to_act(pilot: Pilot, table: BiddingTableScreen) -> None:
    """Let the bots play (and a reveal be read) until Ann may bid."""
    for _ in range(50):
        await wait_for(pilot, lambda: table._my_turn or table._reveal_waits)
        if table._my_turn:
            return
        await pilot.press("space")  # the lifted cups are read
    raise AssertionError("Ann never came to bid")


async def play_a_while(pilot: Pilot, app: DicePokerApp, bids: int) -> None:
    """Ann bids the smallest raise `bids` times (the bots answer between)."""
    table = bidding_table(app)
    for _ in range(bids):
        await ann_to_act(pilot, table)
        await pilot.press("enter")
    await ann_to_act(pilot, table)


def snapshot(app: DicePokerApp) -> dict:
    """What a player sees of the game: round, cups, bid, dice counts, who acts."""
    state = bidding_table(app).game.state
    return {
        "events": len(bidding_table(app).game.events),
        "round": state.round,
        "cups": [list(c) for c in state.cups],
        "bid": None if state.bid is None else (state.bid.quantity, state.bid.face),
        "dice_left": list(state.dice_left),
        "to_act": state.to_act,
        "state": state,
    }


async def test_escape_asks_and_staying_goes_on_at_the_table() -> None:
    app = make_app(GameSetup("perudo", (ANN, *BOTS), seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
        table = bidding_table(app)
        await ann_to_act(pilot, table)
        await pilot.press("escape")
        assert isinstance(app.screen, LeaveScreen)
        shown = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "Leave the table?" in shown
        assert "The game is kept and can be resumed." in shown
        await pilot.press("escape")  # escape stays
        assert app.screen is table and table._my_turn
        await pilot.press("escape", "enter")  # the first choice stays too
        assert app.screen is table
        before = len(table.game.events)
        await pilot.press("enter")  # and the game goes on: Ann bids, the bots answer
        await wait_for(pilot, lambda: len(table.game.events) > before + 1)


async def test_leaving_keeps_the_game_and_resume_picks_it_up() -> None:
    app = make_app(GameSetup("liars-dice", (ANN, *BOTS), seed=8))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
        await play_a_while(pilot, app, bids=3)
        before = snapshot(app)
        await pilot.press("escape", "down", "enter")  # Leave to the lobby
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        (kept,) = kept_games()
        assert kept.event_count == before["events"]
        app.open_resume()
        await wait_for(pilot, lambda: isinstance(app.screen, GamesScreen))
        assert [(g.record.variant, g.record.id) for g in app.screen.games] == [
            ("liars-dice", kept.id)
        ]
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
        assert snapshot(app) == before
    assert kept_games(status=None)[0].status == "playing"


@pytest.mark.parametrize(("variant", "seed"), [("perudo", 5), ("liars-dice", 6)])
async def test_ctrl_q_keeps_it_and_the_next_start_resumes_it_with_its_bots(
    variant: str, seed: int
) -> None:
    app = make_app(GameSetup(variant, (ANN, *BOTS), seed=seed))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
        await play_a_while(pilot, app, bids=4)
        before = snapshot(app)
        await pilot.press("ctrl+q")
    (kept,) = kept_games()
    assert kept.event_count == before["events"]

    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        # The start screen offers it with the round it is in.
        await wait_for(pilot, lambda: isinstance(again.screen, GamesScreen))
        (listed,) = again.screen.games
        assert isinstance(listed, KeptGame) and listed.record.id == kept.id
        assert listed.round == before["round"]
        rows = again.screen.query_one("DataTable")
        await wait_for(pilot, lambda: rows.row_count == 1)
        row = rows.get_row_at(0)
        assert str(before["round"]) == str(row[-1]) and "Bot 1*" in str(row[3])
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(again.screen, BiddingTableScreen))
        table = bidding_table(again)
        assert snapshot(again) == before
        # Ann bids; the bots resume too and answer (a bid or a challenge), into the same
        # record.
        await ann_to_act(pilot, table)
        await pilot.press("enter")
        ann_bid = table.game.events[before["events"]]
        assert isinstance(ann_bid, ev.BidMade) and ann_bid.player == 0
        await wait_for(pilot, lambda: len(table.game.events) > before["events"] + 1)
        assert table.game.events[before["events"] + 1].type in ("bid_made", "cups_revealed")
        grown = len(table.game.events)
    store, _ = Store.open()
    with store:
        stored = bidding_games(store).load_events(kept.id)
    assert len(stored) >= grown - 1 and replay(stored).round >= before["round"]
    assert [g.id for g in kept_games(status=None)] == [kept.id]  # no new game was made


async def test_hot_seat_resumes_with_a_hand_over_to_the_player_to_act() -> None:
    bob = Player(name="Bob")
    app = make_app(GameSetup("perudo", (ANN, bob), seed=12))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter", "enter")  # Ann takes the table and opens
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        before = snapshot(app)
        await pilot.press("ctrl+q")
    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, GamesScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(again.screen, HandoverScreen))
        assert snapshot(again) == before and before["to_act"] == 1
        await pilot.press("enter")
        assert bidding_table(again).viewer == 1


async def test_dropping_it_from_the_resume_list_is_a_choice_of_its_own() -> None:
    app = make_app(GameSetup("perudo", (ANN, *BOTS), seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
        await ann_to_act(pilot, bidding_table(app))
        await pilot.press("escape", "down", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert len(kept_games()) == 1
        app.open_resume()
        await wait_for(pilot, lambda: isinstance(app.screen, GamesScreen))
        await pilot.press("x")
        assert app.screen.games == []
    assert [g.status for g in kept_games(status=None)] == ["abandoned"]
    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, LobbyScreen)  # nothing is offered at start


async def test_the_resume_list_holds_both_families_and_each_resumes_at_its_table(
    dicepoker_home: Path,
) -> None:
    app = make_app(GameSetup("yahtzee", (ANN, Player(name="Cy", kind="bot")), seed=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.press("ctrl+q")
    app = make_app(GameSetup("perudo", (ANN, *BOTS), seed=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
        await ann_to_act(pilot, bidding_table(app))
        await pilot.press("ctrl+q")
    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, GamesScreen))
        assert {g.record.variant for g in again.screen.games} == {"yahtzee", "perudo"}
        assert len({g.key for g in again.screen.games}) == 2
        index = [g.record.variant for g in again.screen.games].index("perudo")
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(again.screen, BiddingTableScreen))
        assert bidding_table(again).game.state.variant == "perudo"


async def test_a_damaged_log_is_listed_says_why_it_cannot_be_resumed_and_can_be_dropped() -> None:
    app = make_app(GameSetup("perudo", (ANN, *BOTS), seed=9))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
        await ann_to_act(pilot, bidding_table(app))
        await pilot.press("ctrl+q")
    store, _ = Store.open()
    with store:
        (kept,) = bidding_games(store).games(status="playing")
        with store.db.write() as conn:  # a log that lost its events
            conn.execute("UPDATE event_logs SET data = '[]' WHERE game_id = ?", (kept.id,))
    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, GamesScreen))
        (listed,) = again.screen.games
        assert listed.record.id == kept.id and listed.record.damaged
        await pilot.press("enter")
        await wait_for(pilot, lambda: any("cannot be loaded" in m for m in messages(again)))
        assert isinstance(again.screen, LobbyScreen)
        again.open_resume()
        await wait_for(pilot, lambda: isinstance(again.screen, GamesScreen))
        await pilot.press("x")
        assert again.screen.games == []
    assert [g.status for g in kept_games(status=None)] == ["abandoned"]


async def test_without_a_history_the_question_says_the_game_is_not_saved() -> None:
    app = DicePokerApp(GameSetup("perudo", (ANN, *BOTS), seed=3), bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
        await ann_to_act(pilot, bidding_table(app))
        await pilot.press("escape")
        assert isinstance(app.screen, LeaveScreen)
        shown = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "This game is not saved." in shown
        await pilot.press("down", "down", "enter")  # Quit the app
        await wait_for(pilot, lambda: not app.is_running)
