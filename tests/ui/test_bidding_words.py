"""Each bidding game speaks its own words, in every language, at 80×24: the dice each seat
holds, Liar's Dice's "Liar!" (no dudo, no calza), and a face key that keeps the quantity."""

from __future__ import annotations

import pytest

from dicepoker_tui import i18n
from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.views.help import BiddingHelpScreen
from dicepoker_tui.families.bidding.views.text import dice_count
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp

from .helpers import wait_for
from .test_bidding_table import BOTS, bidding_table, seats_shown

HUMAN = Player(name="Olena")


@pytest.fixture
def language(request):
    yield i18n.set_language(request.param)
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "uk", "ru", "hr", "de"], indirect=True)
@pytest.mark.parametrize("variant", ["perudo", "liars-dice"])
async def test_every_language_shows_the_dice_each_seat_holds(language: str, variant: str) -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.start_game(GameSetup(variant, (HUMAN, *BOTS), seed=7))
        table = bidding_table(app)
        await wait_for(pilot, lambda: table._my_turn)
        lines = seats_shown(app).splitlines()
        assert len(lines) == 3
        for seat, line in enumerate(lines):
            held = table.state.dice_left[seat]
            assert dice_count(held) in line, (language, line)


async def until_a_bid_stands(pilot, table) -> None:
    """Play the smallest bids until it is the person's turn with a bid to challenge."""
    for _ in range(20):
        await wait_for(pilot, lambda: table._my_turn)
        if table.state.bid is not None:
            return
        await pilot.press("enter")
        await wait_for(pilot, lambda: not table._my_turn or table.state.bid is not None)
    raise AssertionError("no bid stood at the person's turn")


def footer_words(app: DicePokerApp) -> set[str]:
    return {
        binding.description
        for _node, binding, enabled, _tip in app.screen.active_bindings.values()
        if binding.show and enabled
    }


async def test_liars_dice_says_liar_and_offers_no_calza() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(GameSetup("liars-dice", (HUMAN, *BOTS), seed=5))
        table = bidding_table(app)
        await until_a_bid_stands(pilot, table)
        words = footer_words(app)
        assert "Liar!" in words and "Dudo" not in words and "Calza" not in words
        entry = str(table.query_one("#bid-entry").render())
        assert "c liar" in entry and "dudo" not in entry and "calza" not in entry
        rounds = table.state.round
        await pilot.press("c")  # the challenge, under Liar's Dice's own word
        await wait_for(pilot, lambda: table.state.round > rounds or table.state.finished)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingHelpScreen))
        keys = app.screen.query_one("#help-keys").content.plain
        assert "liar" in keys and "calza" not in keys.lower() and "dudo" not in keys


async def test_perudo_keeps_dudo_and_calza() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(GameSetup("perudo", (HUMAN, *BOTS), seed=5))
        table = bidding_table(app)
        await until_a_bid_stands(pilot, table)
        words = footer_words(app)
        assert {"Dudo", "Calza"} <= words and "Liar!" not in words


async def test_a_face_key_keeps_the_quantity_while_it_is_a_legal_raise() -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(GameSetup("liars-dice", (HUMAN, *BOTS), seed=5))
        table = bidding_table(app)
        await wait_for(pilot, lambda: table._my_turn)
        legal = set(table.game.legal_bids())
        quantity = max(q for q, f in legal if f == 6 and (q, 5) in legal and (q, 4) in legal)
        table.draft.quantity, table.draft.face = quantity, 4
        await pilot.press("5")
        assert (table.draft.quantity, table.draft.face) == (quantity, 5)  # still legal: kept
        low = min(q for q, f in legal if f == 2)
        table.draft.quantity = low - 1 if low > 1 else low
        await pilot.press("2")
        assert (table.draft.quantity, 2) in legal  # not legal any more: the smallest raise
