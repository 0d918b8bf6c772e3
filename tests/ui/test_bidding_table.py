"""Perudo and Liar's Dice at the table: whole games against bots through the keys, the
hand-over hiding cups between human players, and the notice for an illegal bid."""

from __future__ import annotations

import random

import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.game import replay
from dicepoker_tui.families.bidding.views.cup import CupDice
from dicepoker_tui.families.bidding.views.result import BiddingResultScreen
from dicepoker_tui.families.bidding.views.review import BiddingReviewScreen
from dicepoker_tui.families.bidding.views.table import BiddingTableScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.common.handover import HandoverScreen

from .helpers import messages, wait_for


def bidding_table(app: DicePokerApp) -> BiddingTableScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, BiddingTableScreen):
            return screen
    raise AssertionError(f"no bidding table on the stack: {app.screen_stack}")


def seats_shown(app: DicePokerApp) -> str:
    return str(bidding_table(app).query_one("#bid-seats").render())


def setup_for(variant: str, *seats: Player, seed: int = 11) -> GameSetup:
    return GameSetup(variant=variant, seats=seats, seed=seed)


HUMAN = Player(name="Ann")
BOTS = (
    Player(name="Bot 1", kind="bot", level="strong"),
    Player(name="Bot 2", kind="bot", level="novice"),
)


@pytest.mark.parametrize("variant", ["perudo", "liars-dice"])
async def test_game_against_bots_through_the_keys(variant: str) -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    rng = random.Random(variant)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.start_game(setup_for(variant, HUMAN, *BOTS))
        table = bidding_table(app)
        game = table.game
        for _ in range(400):
            await wait_for(
                pilot,
                lambda: (
                    isinstance(app.screen, BiddingResultScreen)
                    or table._my_turn
                    or table._reveal_waits
                ),
            )
            if isinstance(app.screen, BiddingResultScreen):
                break
            if table._reveal_waits:  # the lifted cups stay until a key
                await pilot.press("space")
                continue
            state = game.state
            # Ann sees her own cup drawn, and only her own cup among the seats.
            assert app.screen.query_one(CupDice).dice == state.cups[0]
            for seat in (1, 2):
                assert state.view_for(0).cups[seat] == tuple(0 for _ in state.cups[seat])
            before = len(game.events)
            if state.bid is not None and rng.random() < 0.4:
                await pilot.press("c")
                assert isinstance(game.events[before], ev.CupsRevealed)
            else:
                if rng.random() < 0.5:
                    await pilot.press("up")
                await pilot.press("enter")
                made = game.events[before]
                assert isinstance(made, ev.BidMade) and made.player == 0
        assert isinstance(app.screen, BiddingResultScreen)
        final = replay(game.events)
        assert final.finished and final == game.state
        assert sum(1 for s in final.standings if s.place == 1) == 1
        assert sum(1 for n in final.dice_left if n > 0) == 1
        await pilot.press("l")
        assert not any(isinstance(s, BiddingTableScreen) for s in app.screen_stack)


async def test_kept_in_the_history_and_rematch_starts_a_fresh_table() -> None:
    app = DicePokerApp(bot_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(setup_for("perudo", *BOTS))  # bots only: plays itself
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingResultScreen))
        first = bidding_table(app).game
        (kept,) = bidding_games(app.keeper.store).games()
        assert bidding_games(app.keeper.store).load_events(kept.id) == list(first.events)
        await pilot.press("v")  # review, then back to the result
        assert isinstance(app.screen, BiddingReviewScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, BiddingResultScreen)
        await pilot.press("m")
        await wait_for(pilot, lambda: bidding_table(app).game is not first)
        again = bidding_table(app).game
        assert [p.name for p in again.state.players] == ["Bot 1", "Bot 2"]


async def test_hand_over_hides_the_cups_between_humans() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    ann, bob = Player(name="Ann"), Player(name="Bob")
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(setup_for("perudo", ann, bob, seed=5))
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        table = bidding_table(app)
        cups = table.game.state.cups
        assert table.query_one(CupDice).dice is None
        assert "?" in seats_shown(app) and " ".join(map(str, cups[0])) not in seats_shown(app)
        await pilot.press("enter")
        assert app.screen is table and table.query_one(CupDice).dice == cups[0]
        assert " ".join(map(str, cups[1])) not in seats_shown(app).splitlines()[1]
        await pilot.press("enter")  # Ann opens
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert table.query_one(CupDice).dice is None
        assert " ".join(map(str, cups[0])) not in seats_shown(app)
        await pilot.press("enter")
        assert table.viewer == 1 and table.query_one(CupDice).dice == cups[1]
        assert " ".join(map(str, cups[0])) not in seats_shown(app).splitlines()[0]


async def test_illegal_bid_gives_the_engines_reason() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(setup_for("perudo", HUMAN, *BOTS))
        table = bidding_table(app)
        await wait_for(pilot, lambda: table._my_turn)
        before = len(table.game.events)
        await pilot.press("1", "enter")  # the opening bid cannot be on ones
        assert len(table.game.events) == before
        assert any("cannot be on ones" in m for m in messages(app))
        await pilot.press("3", "up", "up", "enter")
        assert len(table.game.events) > before


async def test_calza_is_not_offered_in_liars_dice() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(setup_for("liars-dice", HUMAN, *BOTS))
        table = bidding_table(app)
        await wait_for(pilot, lambda: table._my_turn)
        assert table.check_action("calza", ()) is False
        assert table.check_action("bid", ()) is True


def bots_play_until(game, stop) -> None:
    from dicepoker_tui.families.bidding.bots.levels import (
        CallCalza,
        CallChallenge,
        make_bidding_bot,
    )

    bots = [make_bidding_bot("strong", seed=s) for s in range(len(game.state.players))]
    while not game.finished and not stop(game):
        seat = game.current
        action = bots[seat].choose(game.state.view_for(seat), game.variant, seat)
        if isinstance(action, CallChallenge):
            game.challenge()
        elif isinstance(action, CallCalza):
            game.calza()
        else:
            game.bid(action.quantity, action.face)


async def test_the_reveal_shows_every_cup_and_who_lost() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(setup_for("perudo", HUMAN, *BOTS, seed=3))
        table = bidding_table(app)
        await wait_for(pilot, lambda: table._my_turn)
        await pilot.press("up", "enter")
        await wait_for(pilot, lambda: table._my_turn)
        cups = table.game.state.cups
        await pilot.press("c")
        reveal = table.game.state.last_reveal
        assert reveal is not None and reveal.cups == cups
        shown = seats_shown(app).splitlines()
        for seat, cup in enumerate(cups):
            assert " ".join(map(str, cup)) in shown[seat]
        summary = str(table.query_one("#bid-current").render())
        assert f"{reveal.actual} counted" in summary and "loses a die" in summary


async def test_palifico_is_shown() -> None:
    from dicepoker_tui.families.bidding.rules.game import BiddingGame

    game = BiddingGame.new("perudo", [HUMAN, *BOTS], seed=1)
    bots_play_until(game, lambda g: g.state.palifico and g.current == 0)
    assert game.state.palifico and game.current == 0  # seed 1 gets there
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(game)
        await wait_for(pilot, lambda: bidding_table(app)._my_turn)
        assert "PALIFICO" in str(bidding_table(app).query_one("#bid-title").render())
