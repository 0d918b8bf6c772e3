"""A full disk, made for real (a small tmpfs filled to ENOSPC), under every command that
writes: one line, status 1, saying what was kept and what was not; nothing half-written."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
from pathlib import Path

import pytest

from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.store import Store
from tests.full_disk import FILLER, fill, free_up, history_in_use, small_disk
from tests.store.scripted import finished_game
from tests.store.test_cli_history import dicepoker
from tests.store.test_import_strict import MAKERS

pytestmark = pytest.mark.slow

FULL = "the game history could not be used: database or disk is full"


def _one_line(done: subprocess.CompletedProcess, status: int) -> str:
    assert done.returncode == status, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    return line


def _statuses(db: Path) -> list[str]:
    """The status of every game row, whatever its family."""
    conn = sqlite3.connect(db)
    try:
        return [row[0] for row in conn.execute("SELECT status FROM games ORDER BY id")]
    finally:
        conn.close()


def _finished(home: Path) -> list[dict]:
    done = dicepoker(home, "history", "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("family", sorted(MAKERS))
def test_an_import_onto_a_full_disk_says_so_and_adds_nothing(tmp_path: Path, family: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(MAKERS[family]()), encoding="utf-8")
    with small_disk(tmp_path / "disk") as disk:
        home = disk / "home"
        db = home / "history.db"
        with Store.open(db).store as store:
            kept = scoresheet_games(store).create(finished_game("yatzy", seed=2))
        with history_in_use(db):
            fill(disk)
            line = _one_line(dicepoker(home, "import", str(path)), 1)
            assert line == f"dicepoker import: {path}: not imported into {db}: {FULL}"
            free_up(disk)
            assert [g["id"] for g in _finished(home)] == [kept]
            again = dicepoker(home, "import", str(path))  # nothing of it was half kept
            assert again.returncode == 0, again.stderr
        assert len(_finished(home)) == 2


@pytest.mark.parametrize(
    ("variant", "bots"), [("perudo", ["novice", "strong"]), ("dice-poker", ["novice"])]
)
def test_simulate_save_on_a_filling_disk_says_how_many_games_were_stored(
    tmp_path: Path, variant: str, bots: list[str]
) -> None:
    with small_disk(tmp_path / "disk") as disk:
        home = disk / "home"
        db = home / "history.db"
        args = ["simulate", "--variant", variant, *(f"--bot={b}" for b in bots), "--save"]
        ready = dicepoker(home, *args, "--games", "1")  # the history, and the solved table
        assert ready.returncode == 0, ready.stderr
        with history_in_use(db):
            fill(disk, leave=256 << 10)
            done = dicepoker(home, *args, "--games", "40", "--seed", "100")
            line = _one_line(done, 1)
            found = re.fullmatch(
                rf"dicepoker simulate: (\d+) of 40 games stored in {re.escape(str(db))}, "
                rf"the others were not: {FULL}",
                line,
            )
            assert found, line
            stored = int(found[1])
            assert 0 < stored < 40, line
            free_up(disk)
            listed = _finished(home)
            statuses = _statuses(db)
        assert len(listed) == 1 + stored  # exactly the games it said, none half kept
        assert statuses == ["finished"] * (1 + stored)
        if len(bots) == 1:  # solitaire games are stored as played: seeds 100, 101, ...
            assert sorted(g["seed"] for g in listed) == [0, *range(100, 100 + stored)]


def test_export_onto_a_full_disk_leaves_no_file_and_keeps_the_old_one(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with Store.open(home / "history.db").store as store:
        game_id = scoresheet_games(store).create(finished_game("yahtzee", seed=4))
    whole = dicepoker(home, "export", str(game_id)).stdout
    with small_disk(tmp_path / "disk", size="1m") as disk:
        old = disk / "old.json"
        old.write_text("the export of last week\n", encoding="utf-8")
        fill(disk)
        for target in (disk / "new.json", old):
            line = _one_line(dicepoker(home, "export", str(game_id), "-o", str(target)), 1)
            assert line == f"dicepoker export: cannot write {target}: No space left on device"
        assert sorted(p.name for p in disk.iterdir()) == [FILLER, "old.json"]  # no 0-byte file
        assert old.read_text(encoding="utf-8") == "the export of last week\n"
        free_up(disk)
        done = dicepoker(home, "export", str(game_id), "-o", str(old))
        assert done.returncode == 0, done.stderr
        assert old.read_text(encoding="utf-8") == whole
        assert sorted(p.name for p in disk.iterdir()) == ["old.json"]
