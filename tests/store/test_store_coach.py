"""The coach of each seat is kept with the game; games stored before it are uncoached."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.store import Store
from dicepoker_tui.store.schema import migrate
from tests.store.scripted import new_game


def _write_v3(path: Path) -> int:
    """A schema-version-3 history (no coach column) holding one unfinished two-seat game."""
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=3) == 3
    game = new_game("yatzy", seed=5)
    start = game.events[0]
    cur = conn.execute(
        "INSERT INTO games (variant, seed, real_dice, status, started_at, updated_at,"
        " event_count) VALUES (?, ?, 0, 'playing', ?, ?, ?)",
        (
            start.variant,
            str(start.seed),
            "2025-05-01T10:00:00.000+00:00",
            "2025-05-01T10:05:00.000+00:00",
            len(game.events),
        ),
    )
    conn.executemany(
        "INSERT INTO players (game_id, seat, name, kind, level) VALUES (?, ?, ?, ?, ?)",
        [(cur.lastrowid, i, p.name, p.kind, p.level) for i, p in enumerate(start.players)],
    )
    conn.executemany(
        "INSERT INTO events VALUES (?, ?, ?)",
        [(cur.lastrowid, i, e.model_dump_json()) for i, e in enumerate(game.events)],
    )
    conn.close()
    return int(cur.lastrowid or 0)


def test_an_old_game_loads_uncoached_and_can_then_keep_a_coach(tmp_path: Path) -> None:
    path = tmp_path / "history.db"
    game_id = _write_v3(path)
    store, notice = Store.open(path)
    assert notice is None
    (kept,) = scoresheet_games(store).unfinished()
    assert kept.id == game_id
    assert len(kept.players) == 2
    assert [p.coach for p in kept.players] == [None, None]
    assert scoresheet_games(store).load_game(game_id).state.players[0].name == kept.players[0].name
    scoresheet_games(store).set_coach(game_id, {1: 2.0})
    store.close()
    again, _ = Store.open(path)
    assert [p.coach for p in again.game(game_id).players] == [None, 2.0]
    again.close()
