"""A damaged record in the app's history: listed with its id and why (never a made-up
date or score), and ⏎ on it says why in one line instead of a review."""

from __future__ import annotations

from textual.widgets import DataTable

from dicepoker_tui.store import Store
from dicepoker_tui.ui.history.history import HistoryScreen

from .helpers import messages
from .history_data import add_games, history_app


async def test_a_damaged_record_is_listed_as_damaged_and_not_reviewed() -> None:
    with Store.memory() as store:
        good, bad = add_games(store, 2)
        store.db.conn.execute("UPDATE games SET started_at = 'garbage' WHERE id = ?", (bad,))
        app = history_app(store)
        async with app.run_test(size=(200, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, HistoryScreen)
            table = screen.query_one("#history-games", DataTable)
            rows = {
                int(r.key.value): [str(c) for c in table.get_row(r.key)] for r in table.ordered_rows
            }
            assert rows[bad] == [
                str(bad), "—", "Yahtzee", "", "",
                "damaged (Invalid isoformat string: 'garbage')",
            ]  # fmt: skip
            assert rows[good][1].startswith("2025-")
            table.move_cursor(row=list(rows).index(bad))
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is screen
            assert messages(app)[-1] == (
                f"Game {bad} cannot be opened: damaged (Invalid isoformat string: 'garbage')"
            )
            table.move_cursor(row=list(rows).index(good))
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is not screen  # the good one opens
