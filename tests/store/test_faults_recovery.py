"""More bad files made for real: an empty main file whose WAL lacks the pages an earlier
checkpoint wrote, and numbers in other scripts or out of range on the command lines
of `advise`, `serve` and `web`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from tests.store.test_cli_history import ROOT, dicepoker

_CHECKPOINT_THEN_DIE = """
import os, sys
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.store import Store
from tests.store.scripted import finished_game
with Store.open(sys.argv[1]).store as store:  # closed: checkpointed into the main file
    for seed in range(2):
        scoresheet_games(store).create(finished_game("yahtzee", seed=seed))
store, _ = Store.open(sys.argv[1])
for seed in range(2, 4):
    scoresheet_games(store).create(finished_game("yatzy", seed=seed))
os._exit(0)  # these two only in the WAL, which lacks the pages checkpointed before
"""


@pytest.mark.slow
def test_an_empty_main_file_whose_wal_lacks_pages_is_recovered_row_by_row(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    db = home / "history.db"
    subprocess.run([sys.executable, "-c", _CHECKPOINT_THEN_DIE, str(db)], cwd=ROOT, check=True)
    log = db.with_name("history.db-wal").read_bytes()
    db.write_bytes(b"")
    done = dicepoker(home, "history", "--json")
    assert done.returncode == 0, done.stderr
    assert "what it held was recovered into a new history" in done.stderr
    assert len(done.stderr.splitlines()) == 1
    games = json.loads(done.stdout)
    assert sorted(g["variant"] for g in games) == ["yahtzee", "yahtzee", "yatzy", "yatzy"]
    assert all(g["damaged"] is None for g in games)
    (moved_wal,) = home.glob("history.db.empty-*-wal")
    assert moved_wal.read_bytes() == log
    for game in games:
        assert dicepoker(home, "export", str(game["id"])).returncode == 0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ("advise", "--variant", "yahtzee", "--dice", "13456", "--throws-left", "٢"),
            "dicepoker advise: --throws-left takes a whole number, not '٢'",
        ),
        (
            ("advise", "--variant", "yahtzee", "--dice", "13456", "--throws-left", "2",
             "--filled", "threes=٣"),
            "dicepoker advise: threes: points must be a whole number, not '٣'",
        ),
        (
            ("serve", "--max-tables", "١٠"),
            "dicepoker serve: error: argument --max-tables: invalid int value: '١٠'",
        ),
        (
            ("serve", "--max-tables-per-name", str(2**63)),
            "dicepoker serve: error: argument --max-tables-per-name: must be between 1 and "
            f"100000, not {2**63}",
        ),
        (
            ("serve", "--login-grace", "nan"),
            "dicepoker serve: error: argument --login-grace: invalid float value: 'nan'",
        ),
        (
            ("web", "--idle-timeout", "1e400"),
            "dicepoker web: error: argument --idle-timeout: invalid float value: '1e400'",
        ),
    ],
)  # fmt: skip
def test_numbers_in_other_scripts_or_out_of_range_are_refused(
    tmp_path: Path, args: tuple[str, ...], expected: str
) -> None:
    done = dicepoker(tmp_path, *args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == expected + "\n"
    assert not (tmp_path / "history.db").exists()


@pytest.mark.parametrize("version", [5, 6])
def test_a_damaged_file_of_this_or_the_last_version_gives_up_its_games_not_its_leases(
    tmp_path: Path, version: int
) -> None:
    import sqlite3

    from dicepoker_tui.store import Store
    from dicepoker_tui.store.wal_recovery import recover
    from tests.store.scripted import finished_game

    moved = tmp_path / "history.db.corrupt"
    with Store.open(moved).store as store:
        ids = [
            scoresheet_games(store).create(finished_game("yahtzee", seed=seed)) for seed in range(3)
        ]
    with sqlite3.connect(moved) as db:
        db.execute(
            "INSERT INTO leases VALUES (?, 'host:1:1', '2026-01-01T00:00', '2099-01-01T00:00')",
            (ids[0],),
        )
        if version == 5:  # as the version before leases wrote it
            db.execute("DROP TABLE leases")
        db.execute(f"PRAGMA user_version = {version}")
    target = tmp_path / "history.db"
    assert recover(moved, target)
    with sqlite3.connect(target) as db:
        assert sorted(r[0] for r in db.execute("SELECT id FROM games")) == sorted(ids)
        assert db.execute("SELECT COUNT(*) FROM leases").fetchone()[0] == 0
