"""Default seat names are kept language-neutral (`Player 1`, `Bot 1`) and read in the
player's language everywhere: the table of either family, the history list, a review, the
statistics and the exports meant for people."""

from __future__ import annotations

from datetime import timedelta

import pytest

from dicepoker_tui import i18n
from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.bidding.views.review import BiddingReviewScreen
from dicepoker_tui.families.scoresheet.history.export import export_game
from dicepoker_tui.families.scoresheet.history.sheet_formats import to_txt
from dicepoker_tui.families.scoresheet.views.review import ReviewScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.store import Store
from dicepoker_tui.ui.common.i18n_bindings import translate_classes
from dicepoker_tui.ui.history.history import HistoryScreen
from dicepoker_tui.ui.views import stats_screen
from tests.store.test_bidding_store import play_out

from .helpers import make_app, wait_for
from .history_data import START, add_games, history_app
from .test_i18n_history import screen_text

NAMES = {
    "uk": ("Гравець 1", "Бот 1"),
    "ru": ("Игрок 1", "Бот 1"),
    "hr": ("Igrač 1", "Bot 1"),
}
SEATS = (Player(name="Player 1"), Player(name="Bot 1", kind="bot", level="heuristic"))


@pytest.fixture
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")
    translate_classes()


def add_perudo(store: Store) -> int:
    game = BiddingGame.new("perudo", list(SEATS), seed=71)
    play_out(game)
    at = START + timedelta(days=30)
    return bidding_games(store).create(game, started_at=at, updated_at=at, finished_at=at)


@pytest.mark.parametrize("language", ["uk", "ru", "hr"], indirect=True)
@pytest.mark.parametrize("variant", ["yatzy", "perudo"])
async def test_the_table_names_default_seats_in_the_language(language, variant) -> None:
    person, bot = NAMES[language]
    app = make_app(GameSetup(variant, SEATS, seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: person in screen_text(app) or bot in screen_text(app))
        text = screen_text(app)
        assert "Player 1" not in text, text
        if language != "hr":  # the Croatian for a bot is "Bot"
            assert "Bot 1" not in text, text


@pytest.mark.parametrize("language", ["uk", "ru", "hr"], indirect=True)
async def test_history_review_and_statistics_name_default_seats_in_the_language(
    language,
) -> None:
    person, bot = NAMES[language]
    with Store.memory() as store:
        (sheet_id,) = add_games(store, 1, ("yatzy",), (("Player 1", "Bot 1"),))
        add_perudo(store)
        app = history_app(store)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
            await pilot.pause()
            text = screen_text(app)
            assert text.count(person) >= 2 and text.count(bot) >= 2, text
            assert "Player 1" not in text, text

            await pilot.press("enter")  # the newest: the Perudo game
            await wait_for(pilot, lambda: isinstance(app.screen, BiddingReviewScreen))
            await pilot.pause()
            text = screen_text(app)
            assert person in text and "Player 1" not in text, text
            await pilot.press("escape", "down", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
            await pilot.pause()
            text = screen_text(app)
            assert person in text and "Player 1" not in text, text

            app.push_screen(stats_screen(store, "yatzy", "Player 1"))
            await pilot.pause()
            await pilot.pause()
            text = screen_text(app)
            assert person in text and "Player 1" not in text, text

        doc = export_game(store, sheet_id)
        printed = to_txt(doc)
        assert person in printed and "Player 1" not in printed, printed


@pytest.mark.parametrize("language", ["uk", "ru"], indirect=True)
def test_the_servers_lobby_names_a_bot_seat_in_the_language(language) -> None:
    from dicepoker_tui.net import protocol as p
    from dicepoker_tui.ui.net.lobby import seats_text

    table = p.TableInfo(
        id="1",
        name="alice",
        variant="yatzy",
        status="playing",
        seats=[
            p.SeatInfo(name="alice", present=True),
            p.SeatInfo(name="Bot 1", kind="bot", level="heuristic"),
        ],
    )
    shown = seats_text(table)
    assert NAMES[language][1] in shown and "Bot 1" not in shown
    assert "alice" in shown  # a person's own name stays as it is
