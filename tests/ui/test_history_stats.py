"""The statistics screen: a player's figures in a variant, the totals chart, best games."""

from __future__ import annotations

import statistics

import pytest
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Button, DataTable, Sparkline

from dicepoker_tui.families.scoresheet.views.charts import BoxAverages, TotalsChart
from dicepoker_tui.families.scoresheet.views.review import ReviewScreen
from dicepoker_tui.families.scoresheet.views.stats import StatsScreen
from dicepoker_tui.store import Store
from dicepoker_tui.ui.history.choose import ChoiceScreen
from dicepoker_tui.ui.history.history import HistoryScreen

from .history_data import add_games, history_app


@pytest.fixture
def store():
    with Store.memory() as s:
        yield s


def drawn(widget: Widget) -> str:
    """The text a widget shows on screen, lines joined, runs of spaces made one."""
    size = widget.outer_size
    lines = widget.render_lines(Region(0, 0, size.width, size.height))
    return "\n".join(" ".join(strip.text.split()) for strip in lines)


def totals_of(store: Store, name: str, variant: str) -> list[tuple[int, int, int]]:
    """(total, place, players) of each of `name`'s games, oldest first, from the records."""
    rows = []
    for game in reversed(store.finished(variant=variant)):
        for p in game.players:
            if p.name == name:
                rows.append((p.total, p.place, len(game.players)))
    return rows


async def test_figures_chart_and_best_games_of_the_player(store) -> None:
    tables = [("Ann", "Bob"), ("Ann",), ("Cy", "Ann")]
    add_games(store, 24, variants=("yahtzee", "yatzy"), tables=tables)
    app = history_app(store)
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        newest = store.finished(limit=1)[0]
        await pilot.press("s")  # the highlighted game's variant and first player
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert (screen.variant, screen.player) == (newest.variant, newest.players[0].name)
        assert newest.variant == "yatzy"
        await pilot.press("p")
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        names = [value for _, value in choice.choices]
        played = {p.name for g in store.finished(variant="yatzy") for p in g.players}
        assert sorted(names) == sorted(played)  # who played yatzy
        moves = names.index("Ann") - names.index(screen.player)  # from the current one
        await pilot.press(*["down" if moves > 0 else "up"] * abs(moves), "enter")
        await pilot.pause()
        assert screen.player == "Ann"
        rows = totals_of(store, "Ann", "yatzy")
        totals = [t for t, _, _ in rows]
        contests = [r for r in rows if r[2] > 1]
        wins = sum(1 for r in contests if r[1] == 1)
        record = drawn(screen.query_one("#stats-record"))
        assert f"Games {len(rows)}" in record
        assert f"Wins {wins} of {len(contests)}" in record
        assert f"Mean total {statistics.mean(totals):.1f}" in record
        assert f"Win rate {wins / len(contests):.0%}" in record
        assert f"Best / worst {max(totals)} / {min(totals)}" in record
        assert "Yatzys" in record and "Upper bonus rate" in record
        # The chart counts every game once, in bins covering lowest to highest.
        chart = screen.query_one(TotalsChart)
        bins = chart.bins()
        assert sum(n for _, _, n in bins) == len(totals)
        assert bins[0][0] == min(totals) and bins[-1][0] <= max(totals) <= bins[-1][1]
        bars = drawn(chart)
        assert len(bars.splitlines()) == len(bins) and "█" in bars
        assert screen.query_one(Sparkline).data == [float(t) for t in totals]
        boxes = drawn(screen.query_one(BoxAverages))
        assert "Yatzy" in boxes and "One pair" in boxes
        # Best games, best first; enter reviews one.
        best = screen.query_one("#stats-best", DataTable)
        shown = [int(str(best.get_row_at(r)[2])) for r in range(best.row_count)]
        assert shown == sorted(totals, reverse=True)[: best.row_count]
        best.focus()
        await pilot.press("enter")
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("escape")
        assert app.screen is screen


async def test_choosing_another_player_and_variant(store) -> None:
    # Yahtzee: Ann and Bob; dice poker: Bob alone.
    add_games(store, 12, variants=("yahtzee", "dice-poker"), tables=[("Ann", "Bob"), ("Bob",)])
    app = history_app(store)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.push_screen(StatsScreen(store, variant="yahtzee", player="Ann"))
        await pilot.pause()
        screen = app.screen
        screen.player = "Bob"
        await pilot.pause()
        bob = [t for t, _, _ in totals_of(store, "Bob", "yahtzee")]
        assert screen.figures is not None and list(screen.figures.totals) == bob
        assert "Player: Bob" in str(screen.query_one("#stats-player", Button).label)
        # v: Yahtzee, Yahtzee (free Joker), Yatzy, Dice poker, ...; the player stays.
        await pilot.press("v", "down", "down", "down", "enter")
        assert (screen.variant, screen.player) == ("dice-poker", "Bob")
        bob = [t for t, _, _ in totals_of(store, "Bob", "dice-poker")]
        assert list(screen.figures.totals) == bob
        assert "Pokers" in drawn(screen.query_one("#stats-record"))
        screen.player = "Ann"  # Ann never played dice poker
        await pilot.pause()
        assert screen.has_class("-empty")
        assert "No finished game of Dice poker for Ann" in drawn(screen.query_one("#stats-empty"))


async def test_no_games_at_all(store) -> None:
    app = history_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        assert isinstance(app.screen, StatsScreen)
        assert app.screen.has_class("-empty")
        await pilot.press("escape")
        assert isinstance(app.screen, HistoryScreen)
