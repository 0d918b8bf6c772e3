"""`dicepoker history`: a damaged game's unknown date and seed are null in `--json`, and
`--limit` too large or below 0 is one clear line and status 2, as with other numbers."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.store import Store
from tests.store.scripted import finished_game
from tests.store.test_cli_history import dicepoker

INT_MAX = 2**63 - 1


def _home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    with Store.open(home / "history.db").store as store:
        for seed in (1, 2):
            scoresheet_games(store).create(finished_game("yahtzee", seed=seed))
    return home


def test_a_damaged_game_has_no_made_up_date_or_seed_in_json(tmp_path: Path) -> None:
    home = _home(tmp_path)
    conn = sqlite3.connect(home / "history.db")
    with conn:
        conn.execute("UPDATE games SET started_at = 'yesterday', seed = 'x' WHERE id = 2")
    conn.close()
    done = dicepoker(home, "history", "--json")
    assert done.returncode == 0 and done.stderr == ""
    games = {g["id"]: g for g in json.loads(done.stdout)}
    assert games[2]["damaged"].startswith("damaged (")
    assert games[2]["started_at"] is None and games[2]["finished_at"] is None
    assert games[2]["seed"] is None
    assert games[1]["damaged"] is None and games[1]["seed"] == 1
    assert games[1]["started_at"].startswith("20")


@pytest.mark.parametrize(
    ("limit", "line"),
    [
        (str(2**64), f"--limit must be between 0 and {INT_MAX}, not {2**64}"),
        (str(INT_MAX + 1), f"--limit must be between 0 and {INT_MAX}, not {INT_MAX + 1}"),
        ("-1", f"--limit must be between 0 and {INT_MAX}, not -1"),
        ("1" * 60, f"--limit must be between 0 and {INT_MAX}, not {'1' * 20}…"),
        ("2**64", "--limit takes a number of games, 0 or more"),
        ("+-3", "--limit takes a number of games, 0 or more"),
    ],
)
def test_a_limit_out_of_range_is_one_clear_line(tmp_path: Path, limit: str, line: str) -> None:
    done = dicepoker(_home(tmp_path), "history", "--limit", limit)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"dicepoker history: {line}\n"


def test_the_largest_limit_lists_every_game(tmp_path: Path) -> None:
    done = dicepoker(_home(tmp_path), "history", "--limit", str(INT_MAX))
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 2
