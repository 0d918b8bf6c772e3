"""Opening the history: migrations, and files that cannot be read are moved aside."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.store import HistoryUnavailable, Store
from dicepoker_tui.store.schema import APPLICATION_ID, SCHEMA_VERSION, migrate
from tests.store.scripted import finished_game, new_game, play


def _write_v1(path: Path, games: list[Game]) -> None:
    """A schema-version-1 history, written the way version 1 stored finished games."""
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=1) == 1
    for game in games:
        start = game.events[0]
        cur = conn.execute(
            "INSERT INTO games (variant, seed, real_dice, status, started_at, updated_at,"
            " finished_at, event_count) VALUES (?, ?, 0, 'finished', ?, ?, ?, ?)",
            (
                start.variant,
                str(start.seed),
                "2024-05-01T10:00:00.000+00:00",
                "2024-05-01T10:30:00.000+00:00",
                "2024-05-01T10:30:00.000+00:00",
                len(game.events),
            ),
        )
        for s in game.state.standings:
            player = game.state.players[s.player]
            conn.execute(
                "INSERT INTO players VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    cur.lastrowid,
                    s.player,
                    player.name,
                    player.kind,
                    player.level,
                    s.total,
                    s.place,
                    s.settlement,
                ),
            )
        conn.executemany(
            "INSERT INTO events VALUES (?, ?, ?)",
            [(cur.lastrowid, i, e.model_dump_json()) for i, e in enumerate(game.events)],
        )
    conn.close()


@pytest.mark.slow
def test_version_1_is_migrated_and_its_sheets_filled_in(tmp_path: Path) -> None:
    path = tmp_path / "history.db"
    games = [finished_game("yahtzee", seed=s) for s in (1, 2, 3)]
    _write_v1(path, games)
    store, notice = Store.open(path)
    assert notice is None
    assert store.schema_version == SCHEMA_VERSION == 6
    listed = store.finished(sort="score")
    best = sorted((max(s.total for s in g.state.standings) for g in games), reverse=True)
    assert [r.best_total for r in listed] == best
    stats = scoresheet_games(store).stats("Ann", "yahtzee")
    assert stats.games == 3
    for box in ("chance", "sixes"):
        expected = sum(g.state.sheets[0].scores[box] for g in games) / 3
        assert stats.box_average[box] == pytest.approx(expected)
    assert all(p.five_of_a_kind is not None for r in listed for p in r.players)
    ids = sorted(r.id for r in listed)
    assert [scoresheet_games(store).load_events(i) for i in ids] == [list(g.events) for g in games]
    # The migrated store goes on recording.
    game = new_game("yatzy", seed=4)
    game_id = scoresheet_games(store).create(game)
    assert scoresheet_games(store).load_game(game_id).state == game.state
    store.close()
    again, notice = Store.open(path)
    assert notice is None and again.schema_version == SCHEMA_VERSION
    assert len(again.finished()) == 3
    again.close()


def _a_history(path: Path) -> bytes:
    store, _ = Store.open(path)
    for seed in range(4):
        scoresheet_games(store).create(finished_game("dice-poker", seed=seed))
    store.close()  # checkpoints the WAL into the file
    return path.read_bytes()


def _moved(path: Path, tag: str) -> list[Path]:
    return sorted(
        p
        for p in path.parent.iterdir()
        if p.name.startswith(f"{path.name}.{tag}-") and not p.name.endswith(("-wal", "-shm"))
    )


def _fresh(store: Store) -> None:
    assert store.path is not None
    assert store.finished() == [] and store.schema_version == SCHEMA_VERSION
    game = play(new_game("yatzy", seed=1), script=1, steps=5)
    assert (
        scoresheet_games(store).load_game(scoresheet_games(store).create(game)).state == game.state
    )


def test_garbage_file_is_moved_aside_not_deleted(tmp_path: Path) -> None:
    path = tmp_path / "history.db"
    garbage = b"this is not a database at all\n" * 200
    path.write_bytes(garbage)
    wal = path.with_name(path.name + "-wal")
    wal.write_bytes(b"stale log")
    store, notice = Store.open(path)
    (moved,) = _moved(path, "corrupt")
    assert moved.read_bytes() == garbage
    assert moved.with_name(moved.name + "-wal").read_bytes() == b"stale log"
    assert notice is not None and str(moved) in notice and "new history" in notice
    _fresh(store)
    store.close()


@pytest.mark.parametrize("where", ["schema page", "middle"])
def test_damaged_database_is_moved_aside(tmp_path: Path, where: str) -> None:
    path = tmp_path / "history.db"
    original = bytearray(_a_history(path))
    page = 4096
    assert len(original) > 8 * page
    start = 100 if where == "schema page" else (len(original) // page // 2) * page
    damaged = original[:start] + b"\xa5" * (page - 100) + original[start + page - 100 :]
    path.write_bytes(bytes(damaged))
    store, notice = Store.open(path)
    (moved,) = _moved(path, "corrupt")
    assert moved.read_bytes() == bytes(damaged)
    assert notice is not None
    assert "damaged" in notice or "cannot be read" in notice
    if "recovered" in notice:  # the rows that still read were copied into the new history
        kept = {g.id: g for g in store.finished()}
        assert kept and set(kept) <= {1, 2, 3, 4}
        for game_id in kept:
            assert scoresheet_games(store).load_game(game_id).finished
    else:
        _fresh(store)
    store.close()


def test_newer_schema_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "history.db"
    _a_history(path)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.close()
    content = path.read_bytes()
    store, notice = Store.open(path)
    (moved,) = _moved(path, "newer")
    assert moved.read_bytes() == content
    assert notice is not None and "newer version" in notice and str(SCHEMA_VERSION + 5) in notice
    _fresh(store)
    store.close()


def test_a_history_missing_a_table_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "history.db"
    _a_history(path)
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE final_sheets")
    conn.commit()
    conn.close()
    store, notice = Store.open(path)
    assert _moved(path, "unreadable")
    assert notice is not None and "final_sheets" in notice
    _fresh(store)
    store.close()


def test_someone_elses_database_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "history.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.commit()
    conn.close()
    store, notice = Store.open(path)
    assert _moved(path, "foreign")
    assert notice is not None and "not a dicepoker history" in notice
    _fresh(store)
    store.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    conn.close()


def test_no_usable_place_is_an_error_not_a_history_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    target = blocker / "sub" / "history.db"
    with pytest.raises(HistoryUnavailable) as raised:
        Store.open(target)
    assert str(raised.value) == f"the game history {target} cannot be used (Not a directory)"
    assert blocker.read_text() == "x"


@pytest.mark.slow
def test_default_place_is_dicepoker_home(tmp_path: Path) -> None:
    code = (
        "from dicepoker_tui.store import Store, default_db_path;"
        "s, n = Store.open(); print(s.path); print(default_db_path()); print(n)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={"DICEPOKER_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    assert out[0] == out[1] == str(tmp_path / "home" / "history.db")
    assert out[2] == "None"
    assert (tmp_path / "home" / "history.db").exists()


@pytest.mark.slow
def test_store_modules_import_no_textual() -> None:
    code = (
        "import sys, dicepoker_tui.store, dicepoker_tui.families.scoresheet.history.export,"
        " dicepoker_tui.families.scoresheet.history.sheet_formats,"
        " dicepoker_tui.families.scoresheet.history.verify;"
        "print('textual' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "False", out.stderr
