"""`dicepoker export --format svg` (the sheet as drawn) and `dicepoker review`."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from datetime import UTC
from pathlib import Path

import pytest

from dicepoker_tui.families.scoresheet.history.export import export_game
from dicepoker_tui.families.scoresheet.views.svg_export import render_svg
from dicepoker_tui.store import Store
from dicepoker_tui.ui.history import app as history_app

from .history_data import add_games

ROOT = Path(__file__).resolve().parents[2]


def dicepoker(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dicepoker_tui", *args],
        cwd=ROOT,
        env={**os.environ, "DICEPOKER_HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=120,
    )


def svg_text(svg: str) -> str:
    """The characters drawn in a Rich/Textual SVG, in document order."""
    root = ET.fromstring(svg)
    chunks = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    return "".join(chunks).replace("\xa0", " ")


@pytest.fixture
def home_with_games(dicepoker_home: Path) -> tuple[Path, list[int]]:
    store, _ = Store.open()
    with store:
        ids = add_games(store, 3, variants=("yahtzee", "dice-poker"), tables=[("Ann", "Bob")])
    return dicepoker_home, ids


def test_the_svg_shows_the_whole_final_sheet(home_with_games) -> None:
    _, ids = home_with_games
    store, _ = Store.open()
    with store:
        doc = export_game(store, ids[1])  # dice poker, settlement row included
    svg = render_svg(doc)
    drawn = svg_text(svg)
    assert "Dice poker · game 2" in drawn
    for player, sheet in zip(doc.players, doc.sheets, strict=True):
        assert player.name in drawn
        for points in sheet.scores.values():
            assert str(points) in drawn
    assert "Total" in drawn and "Settlement" in drawn and "Stage 1 total" in drawn
    winner = next(p for p in doc.players if p.place == 1)
    assert f"{winner.name} wins with {winner.total}." in drawn
    assert render_svg(doc) == svg  # the same game draws the same picture


def test_export_svg_from_the_command_line(home_with_games, tmp_path: Path) -> None:
    home, ids = home_with_games
    out = tmp_path / "sheet.svg"
    done = dicepoker(home, "export", str(ids[0]), "--format", "svg", "-o", str(out))
    assert done.returncode == 0, done.stderr
    drawn = svg_text(out.read_text(encoding="utf-8"))
    assert "Yahtzee · game 1" in drawn and "Upper section total" in drawn


def test_review_of_an_unknown_game_is_one_line_and_status_2(home_with_games) -> None:
    home, _ = home_with_games
    done = dicepoker(home, "review", "999")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == ["dicepoker review: no game 999 in the history"]
    done = dicepoker(home, "review", "seven")
    assert done.returncode == 2 and "invalid int value" in done.stderr


@pytest.mark.parametrize("game", [None, 2])
def test_review_opens_the_history_or_the_game(home_with_games, monkeypatch, game) -> None:
    from dicepoker_tui.cli import review

    opened = []
    monkeypatch.setattr(
        history_app.HistoryApp,
        "run",
        lambda app: opened.append((app.game_id, app.store.count_finished())),
    )
    assert review.run(argparse.Namespace(game_id=game)) == 0
    assert opened == [(game, 3)]


async def test_review_app_opens_straight_on_the_game(home_with_games) -> None:
    from dicepoker_tui.families.scoresheet.views.review import ReviewScreen

    _, ids = home_with_games
    store, _ = Store.open()
    with store:
        app = history_app.HistoryApp(store, ids[2], time_zone=UTC)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen) and app.screen.record.id == ids[2]
            await pilot.press("escape")
        assert app.return_code == 0
