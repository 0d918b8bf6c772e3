"""Upgrading old history files (crafted from the DDL of their versions, `old_histories`)
carries every game that reads: a damaged record is listed as `damaged (why)` and the file
stays where it is; both early layouts of schema version 2 upgrade, and stay upgraded."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.store import Store
from dicepoker_tui.store.schema import MIGRATIONS, SCHEMA_VERSION
from tests.store.old_histories import OldHistory
from tests.store.scripted import finished_game
from tests.store.test_bidding_history import _bidding_game
from tests.store.test_cli_history import dicepoker

pytestmark = pytest.mark.slow

NOT_JSON = '[{"type": "game_started", oops'
WHY = "its log is not JSON: Expecting property name enclosed in double quotes"


def _files(home: Path) -> list[str]:
    """The history files in `home`, without its WAL files: one unless one was moved aside."""
    found = (p.name for p in home.iterdir() if p.name.startswith("history.db"))
    return sorted(n for n in found if n not in ("history.db-wal", "history.db-shm"))


def _listed(home: Path) -> list[dict]:
    done = dicepoker(home, "history", "--json")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return json.loads(done.stdout)


def _schema4_with_one_damaged_bidding_record(home: Path) -> list:
    """12 scoresheet games, then 4 bidding games of which the second's log is no JSON."""
    home.mkdir()
    old = OldHistory(home / "history.db", 4)
    sheets = [finished_game("yahtzee", seed=s) for s in range(12)]
    for game in sheets:
        old.add_scoresheet(game)
    bids = [_bidding_game(v, s) for v, s in (("perudo", 31), ("liars-dice", 32))]
    bids += [_bidding_game(v, s) for v, s in (("perudo", 33), ("liars-dice", 34))]
    for n, game in enumerate(bids):
        old.add_bidding(game, "finished", NOT_JSON if n == 1 else None)
    old.close()
    return sheets + bids


def test_one_damaged_record_of_a_schema_4_history_loses_no_other_game(tmp_path: Path) -> None:
    home = tmp_path / "home"
    games = _schema4_with_one_damaged_bidding_record(home)
    # reading: upgraded in memory, every game listed, the damaged one with why
    listed = _listed(home)
    assert sorted(g["id"] for g in listed) == list(range(1, 17))
    damaged = [g for g in listed if g["damaged"]]
    assert [g["id"] for g in damaged] == [14]
    assert damaged[0]["damaged"].startswith(f"damaged ({WHY}")
    assert damaged[0]["started_at"] is None and damaged[0]["seed"] is None
    assert [p["name"] for p in damaged[0]["players"]] == ["Ann", "Bob", "Cy"]
    text = dicepoker(home, "history")
    assert text.returncode == 0 and f"    14  damaged ({WHY}" in text.stdout
    assert len(text.stdout.splitlines()) == 16
    assert _files(home) == ["history.db"]  # a reading command changed nothing
    # writing: the file is upgraded in place, nothing is moved aside
    saved = dicepoker(home, "simulate", "--variant", "yatzy", "--games", "1", "--save")
    assert saved.returncode == 0, saved.stderr
    assert saved.stderr == ""
    assert _files(home) == ["history.db"]
    again = _listed(home)
    assert sorted(g["id"] for g in again) == list(range(1, 18))
    assert [g["id"] for g in again if g["damaged"]] == [14]
    with Store.open(home / "history.db", read_only=True).store as store:
        assert store.schema_version == SCHEMA_VERSION
        for game_id, game in enumerate(games, start=1):
            if game_id != 14:
                repo = bidding_games(store) if game_id > 12 else scoresheet_games(store)
                assert repo.load_events(game_id) == list(game.events)
    for command, status in (("export", 1), ("review", 2)):
        done = dicepoker(home, command, "14")
        assert done.returncode == status and done.stdout == ""
        assert done.stderr.startswith(f"dicepoker {command}: game 14 is damaged ({WHY}")
        assert len(done.stderr.splitlines()) == 1
    exported = dicepoker(home, "export", "15")
    assert exported.returncode == 0 and json.loads(exported.stdout)["family"] == "bidding"


@pytest.mark.parametrize("layout", ["lines", "lines-packed", "sheets"])
def test_every_layout_of_schema_2_upgrades_and_stays_upgraded(tmp_path: Path, layout: str) -> None:
    path = tmp_path / "history.db"
    games = [finished_game(v, seed=s) for v, s in (("yahtzee", 1), ("yatzy", 2), ("yahtzee", 3))]
    old = OldHistory(path, 2, layout)
    for game in games:
        old.add_scoresheet(game)
    old.close()
    for start in ("first", "second"):
        store, notice = Store.open(path)
        with store:
            assert notice is None, f"{start} start: {notice}"
            assert store.schema_version == SCHEMA_VERSION
            tables = {r[0] for r in store.db.fetch_all("SELECT name FROM sqlite_master")}
            assert "sheet_lines" not in tables and "final_sheets" in tables
            assert [r.id for r in store.finished(sort="date", descending=False)] == [1, 2, 3]
            for game_id, game in enumerate(games, start=1):
                assert scoresheet_games(store).load_events(game_id) == list(game.events)
                record = store.game(game_id)
                assert record.damaged is None
                totals = {s.player: s.total for s in game.state.standings}
                assert {p.seat: p.total for p in record.players} == totals
            unpacked = store.db.fetch_all("SELECT COUNT(*) FROM events")[0][0]
            assert unpacked == 0  # finished games are kept packed, as new ones are
            stats = scoresheet_games(store).stats("Ann", "yahtzee")
            assert stats.games == 2
            for box in ("chance", "sixes"):
                expected = sum(g.state.sheets[0].scores[box] for g in games[::2]) / 2
                assert stats.box_average[box] == pytest.approx(expected)
        kept = [
            p.name for p in tmp_path.iterdir() if p.name not in ("history.db-wal", "history.db-shm")
        ]
        assert kept == ["history.db"]  # nothing moved aside


def test_an_early_layout_already_taken_to_version_5_is_repaired(tmp_path: Path) -> None:
    """A file an earlier program took to version 5 without its final sheets: its next
    start used to move it aside."""
    path = tmp_path / "history.db"
    games = [finished_game("yahtzee", seed=s) for s in (4, 5)]
    old = OldHistory(path, 2, "lines")
    for game in games:
        old.add_scoresheet(game)
    for version in range(2, 5):
        MIGRATIONS[version](old.conn)
    old.conn.execute("PRAGMA user_version = 5")
    old.close()
    for read_only in (True, False):
        store, notice = Store.open(path, read_only=read_only)
        with store:
            assert notice is None
            assert [r.best_total for r in store.finished(sort="date", descending=False)] == [
                max(s.total for s in g.state.standings) for g in games
            ]
            assert scoresheet_games(store).stats("Ann", "yahtzee").games == 2
    conn = sqlite3.connect(path)
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    conn.close()
    assert "sheet_lines" not in names and {"final_sheets", "packed_logs"} <= names


def test_a_version_1_game_whose_log_does_not_read_keeps_the_others(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    games = [finished_game("yahtzee", seed=s) for s in (6, 7, 8)]
    old = OldHistory(home / "history.db", 1)
    for game in games:
        old.add_scoresheet(game)
    old.conn.execute("UPDATE events SET data = 'not json' WHERE game_id = 2 AND seq = 3")
    old.close()
    saved = dicepoker(home, "simulate", "--variant", "yatzy", "--games", "1", "--save")
    assert saved.returncode == 0 and saved.stderr == ""
    assert _files(home) == ["history.db"]
    assert sorted(g["id"] for g in _listed(home)) == [1, 2, 3, 4]
    with Store.open(home / "history.db", read_only=True).store as store:
        assert scoresheet_games(store).load_events(1) == list(games[0].events)
        assert scoresheet_games(store).load_events(3) == list(games[2].events)
    done = dicepoker(home, "export", "2")
    assert done.returncode == 1 and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("dicepoker export: ")


def test_a_reading_command_leaves_a_history_it_cannot_upgrade_where_it_is(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    old = OldHistory(home / "history.db", 4)
    old.add_scoresheet(finished_game("yahtzee", seed=9))
    old.add_bidding(_bidding_game("perudo", 35), "finished")
    old.conn.execute(  # the upgrade's insert of the bidding game's seats fails
        "CREATE TRIGGER no_seats BEFORE INSERT ON players BEGIN SELECT RAISE(ABORT, 'no'); END"
    )
    old.close()
    before = (home / "history.db").read_bytes()
    done = dicepoker(home, "history")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        f"dicepoker history: the game history {home / 'history.db'} cannot be used "
        f"(could not be upgraded to schema version {SCHEMA_VERSION} (no))\n"
    )
    assert _files(home) == ["history.db"]
    assert (home / "history.db").read_bytes() == before
