"""The filter row of the history and of both statistics screens is drawn whole after a
pick: each button as wide as its new label (not cut to the width of the first one)."""

from __future__ import annotations

import pytest
from textual.screen import Screen

from dicepoker_tui.families.bidding.views.stats import BiddingStatsScreen
from dicepoker_tui.families.scoresheet.views.stats import StatsScreen
from dicepoker_tui.store import Store
from dicepoker_tui.ui.common.textual_private import screen_lines
from dicepoker_tui.ui.history.history import HistoryScreen

from .history_data import add_games, history_app
from .test_history_bidding import add_bidding


@pytest.fixture
def store():
    with Store.memory() as s:
        yield s


def filter_row(screen: Screen) -> list[str]:
    """The words of the row of filter buttons as drawn."""
    return screen_lines(screen.app)[2].split()


def labels_row(screen: Screen) -> list[str]:
    """The words of the labels the screen means to show."""
    return " ".join(label.plain for label in screen._labels()).split()  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_the_history_filters_show_a_longer_and_a_shorter_variant_whole(
    store, size: tuple[int, int]
) -> None:
    add_games(store, 4, variants=("yatzy", "dice-poker-bank"))
    app = history_app(store)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        for variant in ("dice-poker-bank", "yatzy", None):
            screen.variant = variant
            await pilot.pause()
            assert filter_row(screen) == labels_row(screen), variant
            assert filter_row(screen)[-2:] == ["▾", "o"]


async def test_the_statistics_filters_show_a_longer_variant_whole(store) -> None:
    add_games(store, 4, variants=("yatzy", "dice-poker-bank"), tables=[("Ann",)])
    app = history_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(StatsScreen(store, variant="yatzy", player="Ann"))
        await pilot.pause()
        screen = app.screen
        for variant in ("dice-poker-bank", "yatzy"):
            screen.variant = variant  # type: ignore[attr-defined]
            await pilot.pause()
            assert filter_row(screen) == labels_row(screen), variant


async def test_the_bidding_statistics_filters_show_a_longer_variant_whole(store) -> None:
    add_bidding(store, 1)
    app = history_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(BiddingStatsScreen(store, "perudo", "Ann"))
        await pilot.pause()
        screen = app.screen
        for variant in ("liars-dice", "perudo"):
            screen.variant = variant  # type: ignore[attr-defined]
            await pilot.pause()
            assert filter_row(screen) == labels_row(screen), variant
