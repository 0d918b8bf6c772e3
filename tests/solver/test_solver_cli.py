"""The solve, simulate and advise commands, run as a user runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from dicepoker_tui.families.scoresheet.solver.cache import save_table

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def home(solved, tmp_path_factory):
    """A DICEPOKER_HOME whose cache already holds the tables the tests need."""
    path = tmp_path_factory.mktemp("cli-home")
    old = os.environ.get("DICEPOKER_HOME")
    os.environ["DICEPOKER_HOME"] = str(path)
    try:
        for variant in ("yahtzee", "dice-poker-bank"):
            save_table(solved(variant))
    finally:
        if old is None:
            del os.environ["DICEPOKER_HOME"]
        else:
            os.environ["DICEPOKER_HOME"] = old
    return path


def run(home, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dicepoker_tui", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "DICEPOKER_HOME": str(home)},
    )


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_solve_json_from_the_cache(home, solved) -> None:
    result = run(home, "solve", "--variant", "yahtzee", "--json")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    doc = json.loads(lines[0])
    assert list(doc) == ["variant", "expected_score", "states", "seconds"]
    assert doc["variant"] == "yahtzee"
    assert doc["expected_score"] == pytest.approx(254.5877287, abs=1e-6)
    assert doc["states"] == solved("yahtzee").states


def test_solve_without_cache_writes_nothing(tmp_path) -> None:
    result = run(tmp_path, "solve", "--variant", "dice-poker", "--no-cache", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["states"] > 0
    assert not (tmp_path / "cache").exists()
    cached = run(tmp_path, "solve", "--variant", "dice-poker")
    assert cached.returncode == 0
    assert "164.91" in cached.stdout
    assert list((tmp_path / "cache").glob("dice-poker-v*.npz"))


def test_simulate_json(home) -> None:
    args = ("simulate", "--variant", "yahtzee", "--games", "300", "--seed", "5", "--json")
    first, second = run(home, *args), run(home, *args)
    assert first.returncode == 0, first.stderr
    doc = json.loads(first.stdout)
    keys = ["variant", "bot", "games", "mean", "stdev", "min", "median", "max", "seconds"]
    assert list(doc) == keys
    assert doc["bot"] == "optimal" and doc["games"] == 300
    assert doc["min"] <= doc["median"] <= doc["max"]
    again = json.loads(second.stdout)
    assert {k: doc[k] for k in keys[:-1]} == {k: again[k] for k in keys[:-1]}


def test_simulate_save_stores_the_games(home) -> None:
    result = run(
        home, "simulate", "--variant", "yahtzee", "--bot", "novice", "--games", "3", "--save"
    )
    assert result.returncode == 0, result.stderr
    assert "saved 3 games" in result.stdout
    listing = run(home, "history")
    assert listing.returncode == 0
    assert listing.stdout.count("yahtzee") >= 3


def test_advise_json_best_first(home) -> None:
    result = run(
        home, "advise", "--variant", "yahtzee", "--dice", "13456", "--throws-left", "2", "--json"
    )
    assert result.returncode == 0, result.stderr
    options = json.loads(result.stdout)["options"]
    assert options[0] == {"action": "keep", "keep": [3, 4, 5, 6], "expected": 251.13}
    values = [o["expected"] for o in options]
    assert values == sorted(values, reverse=True)
    writes = {o["box"] for o in options if o["action"] == "write"}
    assert writes == set(solved_boxes())
    assert all(set(o) == {"action", "box", "expected"} for o in options if o["action"] == "write")


def solved_boxes() -> tuple[str, ...]:
    from dicepoker_tui.families.scoresheet.rules.variants import get_variant

    return get_variant("yahtzee").box_ids


def test_advise_with_a_sheet_and_a_bank(home) -> None:
    filled = [f"--filled={b}=0" for b in ("ones", "twos", "threes", "fours", "fives", "sixes")]
    result = run(
        home,
        "advise",
        "--variant",
        "dice-poker-bank",
        "--dice",
        "66656",
        "--throws-left",
        "0",
        "--bank",
        "3",
        *filled,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "3 in the bank" in lines[0]
    assert "keep 6 6 6 6" in lines[2]  # bank throws still to spend


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--dice", "12378", "--throws-left", "1"), "--dice"),
        (("--dice", "1234", "--throws-left", "1"), "--dice"),
        (("--dice", "12345", "--throws-left", "3"), "--throws-left"),
        (("--dice", "12345", "--throws-left", "x"), "--throws-left"),
        (("--dice", "12345", "--throws-left", "1", "--filled", "sixes=7"), "sixes"),
        (("--dice", "12345", "--throws-left", "1", "--filled", "nine=7"), "nine"),
        (("--dice", "12345", "--throws-left", "1", "--filled", "sixes"), "BOX=POINTS"),
        (("--dice", "12345", "--throws-left", "1", "--bank", "2"), "bank"),
        (
            ("--dice", "12345", "--throws-left", "1", "--filled", "ones=1", "--filled", "ones=2"),
            "twice",
        ),
    ],
)
def test_advise_refuses_bad_input_in_one_line(home, args, needle) -> None:
    line = one_line_error(run(home, "advise", "--variant", "yahtzee", *args))
    assert needle in line


def test_advise_refuses_stage_two_before_stage_one(home) -> None:
    line = one_line_error(
        run(
            home,
            "advise",
            "--variant",
            "dice-poker-bank",
            "--dice",
            "12345",
            "--throws-left",
            "1",
            "--filled",
            "pair=12",
        )
    )
    assert "stage" in line


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "--variant", "nope"),
        ("simulate", "--variant", "yahtzee", "--bot", "heuristic"),
        ("simulate", "--variant", "yahtzee", "--games", "0"),
        ("simulate", "--variant", "yahtzee", "--seed", "-1"),
        ("advise", "--variant", "nope", "--dice", "12345", "--throws-left", "1"),
    ],
)
def test_bad_arguments_are_one_line_errors(home, args) -> None:
    one_line_error(run(home, *args))


def test_analyze_a_stored_game(home) -> None:
    assert (
        run(
            home,
            "simulate",
            "--variant",
            "yahtzee",
            "--bot",
            "casual",
            "--games",
            "1",
            "--seed",
            "9",
            "--save",
        ).returncode
        == 0
    )
    games = json.loads(run(home, "history", "--json").stdout)
    game_id = max(g["id"] for g in games)
    result = run(home, "analyze", str(game_id), "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["game"] == game_id and doc["variant"] == "yahtzee"
    writes = [d for d in doc["decisions"] if d["action"] == "write"]
    assert len(writes) == 13
    (player,) = doc["players"]
    assert player["given_up"] == pytest.approx(sum(d["loss"] for d in doc["decisions"]), abs=1e-2)
    assert 0 <= player["best_share"] <= 1
    text = run(home, "analyze", str(game_id))
    assert text.returncode == 0 and "best moves" in text.stdout


def test_analyze_refuses_an_unknown_game(home) -> None:
    assert "no game" in one_line_error(run(home, "analyze", "987654"))


@pytest.mark.parametrize(
    ("variant", "bots"),
    [("dice-poker-bank", ["optimal", "novice"]), ("perudo", ["strong", "novice", "strong"])],
)
def test_simulate_between_bots_json_contract(home, variant, bots) -> None:
    flags = [arg for bot in bots for arg in ("--bot", bot)]
    args = ("simulate", "--variant", variant, *flags, "--games", "30", "--seed", "1", "--json")
    first, second = run(home, *args), run(home, *args)
    assert first.returncode == 0, first.stderr
    doc = json.loads(first.stdout)
    assert list(doc) == ["variant", "games", "seconds", "bots"]
    assert doc["variant"] == variant and doc["games"] == 30
    assert [b["bot"] for b in doc["bots"]] == bots
    assert [b["seat"] for b in doc["bots"]] == list(range(len(bots)))
    for b in doc["bots"]:
        assert list(b) == ["seat", "bot", "wins", "win_share", "mean"]
        assert b["win_share"] == pytest.approx(b["wins"] / 30, abs=1e-6)
    assert sum(b["wins"] for b in doc["bots"]) == pytest.approx(30)
    again = json.loads(second.stdout)
    assert again["bots"] == doc["bots"]  # the same seed, the same games


def test_simulate_between_bots_refuses_unknown_levels_in_one_line(home) -> None:
    result = run(home, "simulate", "--variant", "perudo", "--bot", "strong", "--bot", "optimal")
    assert result.returncode != 0
    assert result.stderr.strip().count("\n") == 0 and "optimal" in result.stderr


def test_solve_winner_builds_the_winner_bots_tables_into_the_cache(tmp_path) -> None:
    result = run(tmp_path, "solve", "--variant", "dice-poker", "--winner", "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["winner_tables"] == ["spread", "risk"] and doc["winner_seconds"] >= 0
    names = sorted(p.name for p in (tmp_path / "cache").glob("dice-poker-v*.npz"))
    assert len(names) == 3 and any("spread" in n for n in names) and any("risk" in n for n in names)
    again = run(tmp_path, "solve", "--variant", "dice-poker", "--winner")
    assert again.returncode == 0 and "(spread, risk)" in again.stdout


def test_solve_winner_does_not_go_with_no_cache(tmp_path) -> None:
    result = run(tmp_path, "solve", "--variant", "dice-poker", "--winner", "--no-cache")
    line = one_line_error(result)
    assert line == "dicepoker solve: --winner builds into the cache: it does not go with --no-cache"
    assert not (tmp_path / "cache").exists()


def test_solve_into_a_cache_that_cannot_be_written_says_so(tmp_path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = run(blocker / "home", "solve", "--variant", "dice-poker", "--winner")
    assert result.returncode == 1
    assert "(not cached)" in result.stdout and "cached in" not in result.stdout
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("dicepoker solve: could not write ")
