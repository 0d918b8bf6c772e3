"""`dicepoker history`, `export` and `import`, run as the user runs them."""

from __future__ import annotations

import importlib.util
import json
import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.store import Recorder, Store
from tests.store.scripted import finished_game, new_game, play

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def dicepoker(home: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dicepoker_tui", *args],
        cwd=ROOT,
        env={**os.environ, "DICEPOKER_HOME": str(home)},
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
    )


def _one_line_error(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0]


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A history with four finished games and one unfinished."""
    home = tmp_path_factory.mktemp("home")
    store, _ = Store.open(home / "history.db")
    day = datetime(2024, 6, 1, 18, 0, tzinfo=UTC)
    tables = [
        ("yahtzee", [Player(name="Ann"), Player(name="Bob", kind="bot", level="novice")]),
        ("yatzy", [Player(name="Ann"), Player(name="Cy")]),
        ("dice-poker", [Player(name="Bob"), Player(name="Cy"), Player(name="Dee")]),
        ("yahtzee", [Player(name="Cy")]),
    ]
    for n, (variant, players) in enumerate(tables):
        at = day + timedelta(days=n)
        scoresheet_games(store).create(finished_game(variant, 40 + n, players=players), at, at, at)
    Recorder(scoresheet_games(store), play(new_game("yatzy", seed=1), script=1, steps=4))
    store.close()
    return home


def test_history_json_lists_finished_games_newest_first(home: Path) -> None:
    result = dicepoker(home, "history", "--json")
    assert result.returncode == 0, result.stderr
    games = json.loads(result.stdout)
    assert [g["variant"] for g in games] == ["yahtzee", "dice-poker", "yatzy", "yahtzee"]
    starts = [g["started_at"] for g in games]
    assert starts == sorted(starts, reverse=True)
    for game in games:
        assert {"id", "variant", "started_at", "finished_at", "players"} <= set(game)
        assert datetime.fromisoformat(game["finished_at"]) >= datetime.fromisoformat(
            game["started_at"]
        )
        for player in game["players"]:
            assert {"name", "kind", "total", "place"} <= set(player)
            assert player["kind"] in ("human", "bot")
            assert isinstance(player["total"], int) and player["place"] >= 1
        best = max(p["total"] for p in game["players"])
        assert all((p["place"] == 1) == (p["total"] == best) for p in game["players"])
    bob = next(p for p in games[-1]["players"] if p["name"] == "Bob")
    assert bob["kind"] == "bot"


def test_history_filters(home: Path) -> None:
    by_variant = json.loads(dicepoker(home, "history", "--json", "--variant", "yahtzee").stdout)
    assert [g["variant"] for g in by_variant] == ["yahtzee", "yahtzee"]
    by_player = json.loads(dicepoker(home, "history", "--json", "--player", "bob").stdout)
    assert len(by_player) == 2
    assert all(any(p["name"] == "Bob" for p in g["players"]) for g in by_player)
    text = dicepoker(home, "history", "--player", "Ann")
    assert text.returncode == 0 and len(text.stdout.strip().splitlines()) == 2
    _one_line_error(dicepoker(home, "history", "--variant", "farkle"), "unknown variant")


def test_history_of_an_empty_home(tmp_path: Path) -> None:
    assert dicepoker(tmp_path, "history", "--json").stdout.strip() == "[]"
    assert "No finished games" in dicepoker(tmp_path, "history").stdout


def test_export_formats(home: Path, tmp_path: Path) -> None:
    games = json.loads(dicepoker(home, "history", "--json").stdout)
    game_id = str(games[0]["id"])
    out = tmp_path / "game.json"
    result = dicepoker(home, "export", game_id, "--format", "json", "-o", str(out))
    assert result.returncode == 0 and result.stdout == ""
    doc = json.loads(out.read_text())
    assert doc["id"] == games[0]["id"] and doc["variant"] == games[0]["variant"]
    assert [p["total"] for p in doc["players"]] == [p["total"] for p in games[0]["players"]]
    txt = dicepoker(home, "export", game_id, "--format", "txt").stdout
    assert txt.splitlines()[0].endswith(f"game {game_id}") and "Total" in txt
    csv_text = dicepoker(home, "export", game_id, "--format", "csv").stdout
    assert csv_text.startswith("game_id,variant,")
    svg = dicepoker(home, "export", game_id, "--format", "svg")
    if importlib.util.find_spec("dicepoker_tui.families.scoresheet.views.svg_export") is None:
        _one_line_error(svg, "svg export needs the terminal UI module")
    else:
        assert svg.returncode == 0 and "<svg" in svg.stdout
    _one_line_error(dicepoker(home, "export", "999"), "no game 999")
    bad_format = dicepoker(home, "export", game_id, "--format", "pdf")
    assert bad_format.returncode == 2 and "invalid choice: 'pdf'" in bad_format.stderr


def _dump(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def test_import_round_trip_and_refusals(home: Path, tmp_path: Path) -> None:
    games = json.loads(dicepoker(home, "history", "--json").stdout)
    exported = tmp_path / "game.json"
    dicepoker(home, "export", str(games[1]["id"]), "-o", str(exported))
    other = tmp_path / "other"
    result = dicepoker(other, "import", str(exported))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("imported as game 1")
    (listed,) = json.loads(dicepoker(other, "history", "--json").stdout)
    for key in ("variant", "started_at", "finished_at", "players"):
        assert listed[key] == games[1][key]
    before = _dump(other / "history.db")
    _one_line_error(dicepoker(other, "import", str(exported)), "already in the history")
    doc = json.loads(exported.read_text())
    doc["players"][0]["total"] += 10
    doc["sheets"][0]["total"] += 10
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(doc))
    _one_line_error(dicepoker(other, "import", str(tampered)), "refused", "total")
    truncated = tmp_path / "truncated.json"
    truncated.write_text(exported.read_text()[: len(exported.read_text()) // 2])
    _one_line_error(dicepoker(other, "import", str(truncated)), "refused", "not valid JSON")
    _one_line_error(dicepoker(other, "import", str(tmp_path / "missing.json")), "cannot read")
    _one_line_error(dicepoker(other, "import", "-", stdin="[1, 2"), "refused")
    assert _dump(other / "history.db") == before


def test_unreadable_history_is_reported_and_moved_aside(tmp_path: Path) -> None:
    (tmp_path / "history.db").write_bytes(b"\x00garbage" * 500)
    result = dicepoker(tmp_path, "history", "--json")
    assert result.returncode == 0 and result.stdout.strip() == "[]"
    assert "moved to" in result.stderr and "new history" in result.stderr
    moved = [p for p in tmp_path.iterdir() if p.name.startswith("history.db.corrupt-")]
    assert len(moved) == 1 and moved[0].read_bytes() == b"\x00garbage" * 500
