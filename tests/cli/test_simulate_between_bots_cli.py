"""`dicepoker simulate` with two or more bots in a bidding variant: saved games that
replay and import, the same cap on saved games as solitaire, and help that speaks of
both families."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dicepoker_tui.cli import main
from dicepoker_tui.families.scoresheet.commands import simulate as simulate_cli


def cli(capsys, *args: str) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of `dicepoker ARGS`, run in this process."""
    try:
        status = main(list(args))
    except SystemExit as exc:  # argparse: --help, or a usage error
        status = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def home(tmp_path: Path, monkeypatch) -> Path:
    path = tmp_path / "home"
    monkeypatch.setenv("DICEPOKER_HOME", str(path))
    return path


def test_saving_games_between_bots_is_capped_like_solitaire(capsys, home, monkeypatch) -> None:
    monkeypatch.setattr(simulate_cli, "MAX_SAVED", 3)
    args = ("simulate", "--variant", "perudo", "--bot", "strong", "--bot", "novice")
    status, out, err = cli(capsys, *args, "--games", "4", "--save")
    assert status == 2 and out == ""
    assert err.strip() == "dicepoker simulate: --games must be between 1 and 3, not 4"
    assert not (home / "history.db").exists()
    status, _out, err = cli(capsys, *args, "--games", "4")  # not kept: no such cap
    assert status == 0, err


def test_saved_games_between_bots_rotate_the_seats_and_import_elsewhere(
    capsys, home, tmp_path: Path, monkeypatch
) -> None:
    args = ("simulate", "--variant", "liars-dice", "--bot", "expert", "--bot", "novice")
    status, out, err = cli(capsys, *args, "--games", "2", "--seed", "4", "--save", "--json")
    assert status == 0, err
    assert json.loads(out)["games"] == 2  # one line of JSON, nothing else
    status, out, err = cli(capsys, "history", "--json")
    listed = sorted(json.loads(out), key=lambda g: g["id"])
    assert [[p["level"] for p in g["players"]] for g in listed] == [
        ["expert", "novice"],
        ["novice", "expert"],
    ]
    exported = []
    for game in listed:
        status, out, err = cli(capsys, "export", str(game["id"]))
        assert status == 0, err
        path = tmp_path / f"{game['id']}.json"
        path.write_text(out, encoding="utf-8")
        exported.append(path)
    monkeypatch.setenv("DICEPOKER_HOME", str(tmp_path / "other"))
    for path in exported:  # each checks out against its seed, bid by bid
        status, out, err = cli(capsys, "import", str(path))
        assert status == 0 and out.startswith("imported as game"), err


def test_the_help_speaks_of_both_families(capsys) -> None:
    _status, out, _err = cli(capsys, "--help")
    assert "Perudo" in out and "Liar's Dice" in out
    assert "solitaire games with a solver bot" not in out
    _status, out, _err = cli(capsys, "simulate", "--help")
    flat = " ".join(out.split())
    assert "with one bot, game k has seed S+k" in flat
    assert "expert" in flat
