"""How fast the history lists and opens games when it holds many of them.

    .venv/bin/python bench/history_bench.py [--games 10000] [--db PATH]

Plays a pool of real seeded games (every variant, a few names), stores them again and
again with different dates until the history holds `--games` finished games, then times
opening the database, listing, filtering, statistics and opening single games.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.variants import all_variants
from dicepoker_tui.store import Store

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def play_pool(size: int) -> list[Game]:
    """`size` seeded games, played by a simple greedy script."""
    variants = [v.id for v in all_variants()]
    pool = []
    for n in range(size):
        rng = random.Random(n)
        names = rng.sample(NAMES, rng.choice([1, 2, 2, 3]))
        game = Game.new(variants[n % len(variants)], [Player(name=x) for x in names], seed=n)
        while not game.finished:
            game.throw()
            while game.throws_left() and rng.random() < 0.6:
                game.throw(keep=[i for i in range(5) if rng.random() < 0.5][:4])
            options = game.preview()
            game.write(max(sorted(options), key=options.__getitem__))
        pool.append(game)
    return pool


def fill(store: Store, pool: list[Game], count: int) -> None:
    start = datetime(2020, 1, 1, tzinfo=UTC)
    for n in range(count):
        at = start + timedelta(minutes=37 * n)
        store.create_game(pool[n % len(pool)], started_at=at, updated_at=at + timedelta(minutes=20))


def timed(label: str, action: Callable[[], object], repeat: int = 7) -> float:
    """Median wall-clock and CPU time of `action`, printed; the wall time in ms."""
    wall, cpu = [], []
    result: object = None
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        result = action()
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    ms = statistics.median(wall) * 1000
    size = f"  ({len(result)} rows)" if isinstance(result, list) else ""
    print(f"  {label:<44} {ms:8.1f} ms {statistics.median(cpu) * 1000:8.1f} ms{size}")
    return ms


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--pool", type=int, default=150, help="distinct games played")
    parser.add_argument("--db", type=Path, help="keep the database here (default: temporary)")
    args = parser.parse_args(argv)
    folder = tempfile.TemporaryDirectory()
    db = args.db or Path(folder.name) / "history.db"
    db.parent.mkdir(parents=True, exist_ok=True)

    store, _ = Store.open(db)
    missing = args.games - store.count_finished()
    if missing > 0:
        t = time.perf_counter()
        pool = play_pool(args.pool)
        played = time.perf_counter() - t
        t = time.perf_counter()
        fill(store, pool, missing)
        print(
            f"played {len(pool)} games in {played:.1f} s, stored {missing} in "
            f"{time.perf_counter() - t:.1f} s"
        )
    store.close()
    size = sum(p.stat().st_size for p in db.parent.glob(db.name + "*")) / 2**20
    print(f"{args.games} finished games, {size:.0f} MiB on disk ({db})")

    print(f"timings (median of 7)  {'':<31} {'wall':>11} {'cpu':>11}")
    opened: list[Store] = []

    def open_store() -> None:
        store, notice = Store.open(db)
        assert notice is None, notice
        opened.append(store)

    timed("Store.open (integrity check, migrations)", open_store)
    store = opened[-1]
    ids = [r.id for r in store.finished(limit=2000)]
    rng = random.Random(1)
    timed("finished() — every game, newest first", store.finished)
    timed("finished(limit=50) — first page", lambda: store.finished(limit=50))
    timed("finished(limit=50, offset=5000)", lambda: store.finished(limit=50, offset=5000))
    timed(
        "finished(variant, player, sort=score, 50)",
        lambda: store.finished(variant="yatzy", player="ann", sort="score", limit=50),
    )
    timed("count_finished(player='Bob')", lambda: store.count_finished(player="Bob"))
    timed("unfinished()", store.unfinished)
    timed("stats('Ann', 'yahtzee')", lambda: store.stats("Ann", "yahtzee"))
    timed("load_game(random id) — open a game", lambda: store.load_game(rng.choice(ids)))
    timed("game(random id) — one record", lambda: store.game(rng.choice(ids)))
    for s in opened:
        s.close()
    folder.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
