"""The history screen: newest first, filters, order, pages, and opening a review."""

from __future__ import annotations

import pytest
from textual.widgets import Button, DataTable

from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.views.review import ReviewScreen
from dicepoker_tui.store import Store, StoreError
from dicepoker_tui.ui.history.choose import ChoiceScreen
from dicepoker_tui.ui.history.history import PAGE_SIZE, HistoryScreen

from .history_data import add_games, history_app


@pytest.fixture
def store():
    with Store.memory() as s:
        yield s


def shown_ids(screen: HistoryScreen) -> list[int]:
    table = screen.query_one("#history-games", DataTable)
    return [int(row.key.value) for row in table.ordered_rows]


def title(screen: HistoryScreen) -> str:
    return str(screen.query_one("#history-title").render())


async def test_newest_first_with_date_variant_players_and_winner(store) -> None:
    ids = add_games(store, 5, variants=("yahtzee", "yatzy"), tables=[("Ann", "Bob"), ("Cy",)])
    app = history_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        assert shown_ids(screen) == list(reversed(ids))
        table = screen.query_one("#history-games", DataTable)
        record = store.game(ids[-1])  # game 4: yahtzee, Ann and Bob, 2025-01-01 16:00 UTC
        cells = [str(c) for c in table.get_row_at(0)]
        assert cells[0] == str(record.id)
        assert cells[1].startswith("2025-01-01")
        assert cells[2] == "Yahtzee"
        totals = {p.name: p.total for p in record.players}
        best = max(totals.values())
        winner = " & ".join(n for n, t in totals.items() if t == best)
        assert cells[3] == str(best)
        assert cells[4] == f"{winner} {best}"
        assert cells[5] == f"Ann {totals['Ann']}, Bob {totals['Bob']}"
        assert "5 games" in title(screen)


async def test_filter_by_variant_and_player_with_the_keys(store) -> None:
    tables = [("Ann",), ("Bob", "Cy")]
    add_games(store, 12, variants=("yahtzee", "yatzy", "dice-poker"), tables=tables)
    app = history_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        # v lists: All variants, Yahtzee, Yahtzee (free Joker), Yatzy, ...
        await pilot.press("v")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("down", "down", "down", "enter")
        assert app.screen is screen and screen.variant == "yatzy"
        yatzy = [g.id for g in store.finished(variant="yatzy")]
        assert shown_ids(screen) == yatzy and len(yatzy) == 4
        assert all(store.game(i).variant == "yatzy" for i in shown_ids(screen))
        assert "Variant: Yatzy" in str(screen.query_one("#history-variant", Button).label)
        # p lists the players seen in that variant.
        await pilot.press("p")
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        labels = [label for label, _ in choice.choices]
        assert labels[0] == "All players" and sorted(labels[1:]) == ["Ann", "Bob", "Cy"]
        await pilot.press(*["down"] * labels.index("Cy"), "enter")
        assert screen.player == "Cy"
        expected = [
            g.id
            for g in store.finished()
            if g.variant == "yatzy" and "Cy" in [p.name for p in g.players]
        ]
        assert shown_ids(screen) == expected and expected
        await pilot.press("p", "escape")  # a choice left unmade changes nothing
        assert app.screen is screen and screen.player == "Cy"
        await pilot.press("v", "up", "up", "up", "enter")  # from Yatzy up to All variants
        assert screen.variant is None
        assert shown_ids(screen) == [
            g.id for g in store.finished() if "Cy" in [p.name for p in g.players]
        ]


async def test_a_long_list_of_players_narrows_as_one_types(store) -> None:
    names = [f"{n} Smith" for n in ("Al", "Bea", "Cal", "Dot", "Ed", "Flo", "Gus", "Hal")]
    names.append("Zed")
    add_games(store, len(names), tables=[(n,) for n in names])
    app = history_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("p", "z", "e")
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        assert choice.query_one("#choice-list").option_count == 1
        await pilot.press("enter")
        assert screen.player == "Zed"
        assert [store.game(i).players[0].name for i in shown_ids(screen)] == ["Zed"]


async def test_sort_by_score_then_back_by_date(store) -> None:
    ids = add_games(store, 8)
    app = history_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("o")
        best = {i: max(p.total for p in store.game(i).players) for i in ids}
        shown = shown_ids(screen)
        assert [best[i] for i in shown] == sorted(best.values(), reverse=True)
        assert "best first" in title(screen)
        await pilot.press("o")
        assert shown_ids(screen) == list(reversed(ids))


async def test_sort_by_a_players_score(store) -> None:
    ids = add_games(store, 8, tables=[("Ann", "Bob")])
    app = history_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.player = "Bob"
        await pilot.press("o")
        bob = {i: next(p.total for p in store.game(i).players if p.name == "Bob") for i in ids}
        assert [bob[i] for i in shown_ids(screen)] == sorted(bob.values(), reverse=True)
        table = screen.query_one("#history-games", DataTable)
        assert [int(str(row[3])) for row in (table.get_row_at(r) for r in range(8))] == sorted(
            bob.values(), reverse=True
        )


async def test_pages_of_a_long_history(store) -> None:
    ids = add_games(store, PAGE_SIZE * 2 + 7)
    newest = list(reversed(ids))
    app = history_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert shown_ids(screen) == newest[:PAGE_SIZE]
        assert "page 1 of 3" in title(screen)
        await pilot.press("right")
        assert shown_ids(screen) == newest[PAGE_SIZE : 2 * PAGE_SIZE]
        await pilot.press("right", "right")  # the last page, and no further
        assert shown_ids(screen) == newest[2 * PAGE_SIZE :]
        assert "page 3 of 3" in title(screen)
        await pilot.press("left")
        assert "page 2 of 3" in title(screen)
        await pilot.press("o")  # a new order starts again on page 1
        assert "page 1 of 3" in title(screen)


async def test_enter_opens_the_review_of_the_highlighted_game(store) -> None:
    ids = add_games(store, 3)
    app = history_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert review.record is not None and review.record.id == ids[1]
        assert review.final.sheets == scoresheet_games(store).load_game(ids[1]).state.sheets
        await pilot.press("escape")
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("escape")  # leaving the first screen of `dicepoker review` quits
    assert app.return_code == 0


async def test_a_game_that_cannot_be_read_is_named_and_the_list_stays(store, monkeypatch) -> None:
    ids = add_games(store, 2)

    def damaged(game_id: int):
        raise StoreError(f"game {game_id}: events damaged")

    monkeypatch.setattr(scoresheet_games(store), "load_events", damaged)
    app = history_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        shown = [str(n.message) for n in app._notifications]
        assert any(f"Game {ids[-1]} cannot be opened" in m and "damaged" in m for m in shown)


async def test_an_empty_history_says_so(store) -> None:
    app = history_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "No finished games yet" in str(app.screen.query_one("#history-empty").render())
        await pilot.press("enter", "right", "o")  # nothing to open or page; no error
        assert isinstance(app.screen, HistoryScreen)
