"""Bidding games on the history screen: all seven variants to filter by, players, pages,
best first by place, and enter opening the round-by-round review; their statistics."""

from __future__ import annotations

from datetime import timedelta

import pytest
from textual.widgets import DataTable, Static

from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.bidding.views.review import BiddingReviewScreen
from dicepoker_tui.families.bidding.views.stats import BiddingStatsScreen
from dicepoker_tui.family import all_variants
from dicepoker_tui.store import Recorder, Store
from dicepoker_tui.ui.history.choose import ChoiceScreen
from dicepoker_tui.ui.history.history import PAGE_SIZE, HistoryScreen
from tests.store.test_bidding_store import play_out

from .helpers import wait_for
from .history_data import START, add_games, history_app
from .test_history_stats import drawn


@pytest.fixture
def store():
    with Store.memory() as s:
        yield s


def add_bidding(store: Store, count: int, variant: str = "perudo", first: int = 0) -> list[int]:
    """`count` finished games of Ann, Bob and Cy, an hour apart after the scoresheet ones."""
    ids = []
    for n in range(first, first + count):
        game = BiddingGame.new(variant, ["Ann", "Bob", "Cy"], seed=700 + n)
        play_out(game)
        at = START + timedelta(days=30, hours=n)
        ids.append(bidding_games(store).create(game, started_at=at, updated_at=at, finished_at=at))
    return ids


def shown_ids(screen: HistoryScreen) -> list[int]:
    table = screen.query_one("#history-games", DataTable)
    return [int(row.key.value) for row in table.ordered_rows]


async def test_variant_filter_lists_every_variant_and_picks_perudo(store) -> None:
    sheets = add_games(store, 2)
    perudo = add_bidding(store, 3)
    liars = add_bidding(store, 2, "liars-dice", first=3)
    app = history_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        assert shown_ids(screen) == list(reversed(sheets + perudo + liars))
        await pilot.press("v")
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        values = [value for _, value in choice.choices]
        assert values[1:] == [v.id for v in all_variants()] and len(values) == 9  # and "all"
        await pilot.press(*["down"] * values.index("perudo"), "enter")
        assert screen.variant == "perudo"
        assert shown_ids(screen) == list(reversed(perudo))
        row = [str(c) for c in screen.query_one("#history-games", DataTable).get_row_at(0)]
        record = store.game(perudo[-1])
        assert row[2] == "Perudo" and row[4] == record.winners[0]
        ranked = sorted(record.players, key=lambda p: p.place or 0)
        assert row[5] == ", ".join(p.name for p in ranked)


async def test_player_filter_and_best_first_by_place(store) -> None:
    ids = add_bidding(store, 6)
    app = history_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("p")
        choice = app.screen
        labels = [label for label, _ in choice.choices]
        assert sorted(labels[1:]) == ["Ann", "Bob", "Cy"]
        await pilot.press(*["down"] * labels.index("Bob"), "enter")
        assert screen.player == "Bob"
        await pilot.press("o")  # best first: Bob's place, 1 first
        assert screen.sort == "score"
        place = {i: next(p.place for p in store.game(i).players if p.name == "Bob") for i in ids}
        shown = shown_ids(screen)
        assert sorted(shown) == sorted(ids)
        assert [place[i] for i in shown] == sorted(place.values())
        table = screen.query_one("#history-games", DataTable)
        assert str(table.get_row_at(0)[3]) == f"#{place[shown[0]]}"


async def test_pages_of_bidding_games(store) -> None:
    ids = add_bidding(store, PAGE_SIZE + 2)
    app = history_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert shown_ids(screen) == list(reversed(ids))[:PAGE_SIZE]
        await pilot.press("right")
        assert shown_ids(screen) == list(reversed(ids))[PAGE_SIZE:]


@pytest.mark.parametrize("variant", ["perudo", "liars-dice"])
async def test_enter_opens_the_review_of_a_bidding_game(store, variant: str) -> None:
    (game_id,) = add_bidding(store, 1, variant)
    app = history_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        review = app.screen
        assert isinstance(review, BiddingReviewScreen)
        assert list(review.events) == bidding_games(store).load_events(game_id)
        shown = str(review.query_one("#bidding-review", Static).render())
        assert "Round 1 ·" in shown and "Places" in shown
        await pilot.press("escape")
        assert isinstance(app.screen, HistoryScreen)


async def test_review_game_id_opens_a_bidding_game_straight_away(store) -> None:
    add_games(store, 1)
    (game_id,) = add_bidding(store, 1)
    app = history_app(store, game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BiddingReviewScreen)
        await pilot.press("escape")  # leaving the first screen quits
        await pilot.pause()
    assert app.return_code == 0


async def test_stats_of_a_bidding_game_show_its_player_figures(store) -> None:
    game = BiddingGame.new("perudo", ["Ann", "Bob"], seed=9)
    with Recorder(bidding_games(store), game):
        play_out(game)
    app = history_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        stats = app.screen
        assert isinstance(stats, BiddingStatsScreen)
        assert stats.figures is not None and stats.figures.games == 1
        figures = stats.figures
        shown = " ".join(drawn(stats.query_one("#bstats-record")).split())
        assert "Games 1" in shown and f"Wins {figures.wins} of 1" in shown
        assert f"Mean place {figures.mean_place:.2f}" in shown
        assert "Challenges right" in shown and f"Dice lost {figures.dice_lost}" in shown
        assert "Calzas right" in shown and "Bids true when challenged" in shown


async def test_the_variant_picker_of_the_statistics_lists_every_family(store) -> None:
    """Opened from a Perudo game, `v` offers every variant; "ya" finds Yahtzee and
    Yatzy, and picking one shows its statistics on the scoresheet screen, and back."""
    from dicepoker_tui.families.scoresheet.views.stats import StatsScreen

    add_games(store, 2)  # Ann's scoresheet games
    game = BiddingGame.new("perudo", ["Ann", "Bob"], seed=9)
    with Recorder(bidding_games(store), game):
        play_out(game)
    app = history_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        assert isinstance(app.screen, BiddingStatsScreen)
        await pilot.press("v")
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        assert [v for _, v in choice.choices] == [v.id for v in all_variants()]
        await pilot.press("y", "a")
        await pilot.pause()
        options = choice.query_one("OptionList")
        shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert shown and all(label.lower().startswith("ya") for label in shown), shown
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert app.screen.variant in ("yahtzee", "yatzy") and app.screen.player == "Ann"
        await pilot.press("v")
        await pilot.press("p", "e", "r", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingStatsScreen))
        assert app.screen.variant == "perudo"
