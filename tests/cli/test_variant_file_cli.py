"""House-rules files from the command line, in real processes: `variant check`, the
`--variant-file` of solve, simulate and play, the data folder, and a stored game that
exports and analyses by its own rules after its file is deleted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine.house import OURS

pytestmark = pytest.mark.slow


def run(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DICEPOKER_HOME": str(home), "LANG": "C.UTF-8"}
    env.pop("LC_ALL", None)
    return subprocess.run(
        [sys.executable, "-m", "dicepoker_tui", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr
    (line,) = result.stderr.splitlines()
    return line


def test_check_shows_the_changes_and_a_bad_file_is_one_line(tmp_path: Path) -> None:
    good = tmp_path / "ours.toml"
    good.write_text(OURS, encoding="utf-8")
    result = run(tmp_path, "variant", "check", str(good))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ours.toml: good. Our Yahtzee (our-yahtzee@")
    assert "Upper bonus: +40 at 60 or more." in result.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text(OURS.replace("threshold = 60", "threshold = 60\nbonus = 3"), encoding="utf-8")
    for argv in (
        ["variant", "check", str(bad)],
        ["solve", "--variant-file", str(bad)],
        ["simulate", "--variant-file", str(bad)],
        ["play", "--variant-file", str(bad)],
    ):
        line = one_line(run(tmp_path, *argv))
        assert line.endswith("bad.toml: upper_bonus.bonus: Extra inputs are not permitted"), line
    missing = one_line(run(tmp_path, "variant", "check", str(tmp_path / "none.toml")))
    assert "none.toml" in missing


def test_a_stored_house_game_reviews_after_its_file_is_deleted(tmp_path: Path) -> None:
    path = tmp_path / "ours.toml"
    path.write_text(OURS, encoding="utf-8")
    solved = run(tmp_path, "solve", "--variant-file", str(path), "--json")
    assert solved.returncode == 0, solved.stderr
    start = json.loads(solved.stdout)
    saved = run(tmp_path, "simulate", "--variant-file", str(path), "--games", "2", "--save")
    assert saved.returncode == 0, saved.stderr
    path.unlink()
    listed = json.loads(run(tmp_path, "history", "--json").stdout)
    (variant,) = {game["variant"] for game in listed}
    assert variant.startswith("our-yahtzee@")
    game_id = str(listed[0]["id"])
    exported = run(tmp_path, "export", game_id, "--format", "json")
    assert exported.returncode == 0, exported.stderr
    assert '"threshold": 60' in exported.stdout.replace('":60', '": 60')
    analysed = run(tmp_path, "analyze", game_id, "--json")
    assert analysed.returncode == 0, analysed.stderr
    elsewhere = tmp_path / "elsewhere"  # a history that never saw the file
    elsewhere.mkdir()
    export = tmp_path / "game.json"
    export.write_text(exported.stdout, encoding="utf-8")
    imported = run(elsewhere, "import", str(export))
    assert imported.returncode == 0, imported.stderr
    (again,) = json.loads(run(elsewhere, "history", "--json").stdout)
    assert again["variant"] == variant
    tampered = tmp_path / "tampered.json"
    tampered.write_text(exported.stdout.replace("60", "50"), encoding="utf-8")
    assert "refused" in one_line(run(tmp_path / "elsewhere", "import", str(tampered)))
    assert start["expected_score"] == pytest.approx(229.4542735, abs=1e-6)


def test_files_of_the_data_folder_are_offered_and_a_bad_one_is_left_out(tmp_path: Path) -> None:
    folder = tmp_path / "variants"
    folder.mkdir()
    (folder / "ours.toml").write_text(OURS, encoding="utf-8")
    (folder / "broken.toml").write_text("id = [", encoding="utf-8")
    result = run(tmp_path, "variants", "--json")
    assert result.returncode == 0, result.stderr
    names = {v["name"] for v in json.loads(result.stdout)}
    assert "Our Yahtzee" in names and "Kniffel" in names
