"""How fast the history screens answer with a big history: key press to settled screen.

    .venv/bin/python bench/history_ui_bench.py [--db PATH] [--games 10000]

Uses the history at `--db` (e.g. one kept by `bench/history_bench.py --db PATH`), or
fills a temporary one with `--games` games the same way. Runs the `dicepoker review`
app headless at 80×24 and times, from the key press until the screen has settled
(every message handled, the frame drawn): opening the history, paging, sorting,
filtering, opening a review, stepping through it, opening the statistics.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import textual._wait

from dicepoker_tui.families.scoresheet.views.review import ReviewScreen
from dicepoker_tui.families.scoresheet.views.stats import StatsScreen
from dicepoker_tui.store import Store
from dicepoker_tui.ui.history.app import HistoryApp
from dicepoker_tui.ui.history.history import HistoryScreen

sys.path.insert(0, str(Path(__file__).resolve().parent))
from history_bench import fill, play_pool

REPEAT = 7


async def timed(label: str, action: Callable[[], Awaitable[object]], repeat: int = REPEAT):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        await action()
        times.append((time.perf_counter() - t) * 1000)
    print(f"  {label:<46} {statistics.median(times):7.1f} ms  (max {max(times):.1f})")


async def run(store: Store) -> None:
    app = HistoryApp(store, saved_theme=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        print(f"{history.total:,} finished games; 80×24 terminal; median of {REPEAT}")

        async def reopen() -> None:
            app.pop_screen() if len(app.screen_stack) > 1 else None
            app.push_screen(HistoryScreen(store))
            await pilot.pause()

        await timed("open the history (first page of 50)", reopen)
        history = app.screen

        async def press(*keys: str) -> Callable[[], Awaitable[None]]:
            async def go() -> None:
                await pilot.press(*keys)

            return go

        await timed("next page (→)", await press("right"))
        await timed("sort: best first / newest first (o)", await press("o"))

        async def filter_variant() -> None:  # the next variant in the list
            await pilot.press("v", "down", "enter")

        await timed("filter by variant (v, ↓, ⏎)", filter_variant)
        await pilot.press("v", "home", "enter")  # all variants again

        async def choose_player() -> None:  # every name of 10,000 games listed, one picked
            await pilot.press("p", "B", "o", "b", "enter")

        await timed("filter by player (p, type Bob, ⏎)", choose_player)

        async def open_review() -> None:
            await pilot.press("enter")
            assert isinstance(app.screen, ReviewScreen)
            await pilot.press("escape")

        await timed("open a review (⏎) and close it", open_review)
        await pilot.press("enter")
        await timed("review: next turn (→)", await press("right"))
        await timed("review: first / last (home, end)", await press("home", "end"))
        await pilot.press("escape")

        async def open_stats() -> None:
            await pilot.press("s")
            assert isinstance(app.screen, StatsScreen)
            await pilot.press("escape")

        await timed("open the statistics (s) and close them", open_stats)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="an existing history (default: a new one)")
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args(argv)
    # Pilot waits for the app to be idle in slices; thin slices keep that wait out of the figures.
    textual._wait.SLEEP_GRANULARITY = 0.001
    textual._wait.SLEEP_IDLE = 0.0002
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or Path(tmp) / "history.db"
        store, _ = Store.open(db)
        with store:
            if args.db is None:
                fill(store, play_pool(150), args.games)
            asyncio.run(run(store))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
