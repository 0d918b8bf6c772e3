"""Bad files and bad input made for real, one test (or a few) per point of the issue
"nothing lost, nothing forged, nothing crashes": each asserts the exit status, the one
line, and the history before and after."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.history.export import export_game, render
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.store import Store
from tests.store.scripted import finished_game, new_game, play
from tests.store.test_cli_history import ROOT, dicepoker

pytestmark = pytest.mark.slow

ANN_AND_BOT = [Player(name="Ann"), Player(name="Bot", kind="bot", level="novice")]


def _one_line(result: subprocess.CompletedProcess, status: int) -> str:
    assert result.returncode == status, result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def _history(home: Path, *games) -> list[int]:
    with Store.open(home / "history.db").store as store:
        return [scoresheet_games(store).create(g) for g in games]


def _listed(home: Path) -> list[dict]:
    done = dicepoker(home, "history", "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _export_text(home: Path, game_id: int) -> str:
    with Store.open(home / "history.db").store as store:
        return render(export_game(store, game_id), "json")


def _dump(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


# -- 1. a save that cannot happen is an error ------------------------------------------------


def test_a_history_that_is_a_directory_makes_writing_commands_fail(tmp_path: Path) -> None:
    source = tmp_path / "source"
    (game_id,) = _history(source, finished_game("yahtzee", seed=1))
    export = tmp_path / "game.json"
    export.write_text(_export_text(source, game_id), encoding="utf-8")
    home = tmp_path / "home"
    (home / "history.db").mkdir(parents=True)
    line = _one_line(dicepoker(home, "import", str(export)), 1)
    assert line == (
        f"dicepoker import: the game history {home / 'history.db'} cannot be used "
        "(it is not a regular file)"
    )
    assert list((home / "history.db").iterdir()) == []  # nothing written anywhere
    assert sorted(p.name for p in home.iterdir()) == ["history.db"]


def test_a_history_under_a_file_makes_writing_commands_fail(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    home = blocker / "home"
    source = tmp_path / "source"
    (game_id,) = _history(source, finished_game("yahtzee", seed=2))
    export = tmp_path / "game.json"
    export.write_text(_export_text(source, game_id), encoding="utf-8")
    line = _one_line(dicepoker(home, "import", str(export)), 1)
    assert line == (
        f"dicepoker import: the game history {home / 'history.db'} cannot be used (Not a directory)"
    )
    assert blocker.read_text() == "x"


_HOLD_LOCK = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
conn.execute("COMMIT")
"""


def test_a_held_lock_is_waited_for_with_a_message_and_never_stops_a_reader(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    ids = _history(home, finished_game("yahtzee", seed=3))
    source = tmp_path / "source"
    (other,) = _history(source, finished_game("yatzy", seed=4))
    export = tmp_path / "game.json"
    export.write_text(_export_text(source, other), encoding="utf-8")
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD_LOCK, str(home / "history.db")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        # A reading command answers at once, with what is committed.
        assert [g["id"] for g in _listed(home)] == ids
        # A writing command says that it waits, and goes on once the lock is released.
        writer = subprocess.Popen(
            [sys.executable, "-m", "dicepoker_tui", "import", str(export)],
            cwd=ROOT,
            env={**os.environ, "DICEPOKER_HOME": str(home)},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert writer.stderr is not None
        waiting = writer.stderr.readline()
        assert waiting == (
            "dicepoker: waiting for another dicepoker to release the game history "
            f"{home / 'history.db'}\n"
        )
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.flush()
        out, err = writer.communicate(timeout=60)
    finally:
        if holder.poll() is None:
            holder.kill()
        holder.wait()
    assert writer.returncode == 0, err
    assert out.startswith(f"imported as game {ids[-1] + 1} (yatzy")
    assert [g["id"] for g in _listed(home)] == [ids[-1] + 1, *ids]


def test_reading_commands_do_not_migrate_or_create_the_history(tmp_path: Path) -> None:
    from tests.store.test_store_open import _write_v1

    home = tmp_path / "home"
    home.mkdir()
    _write_v1(home / "history.db", [finished_game("yahtzee", seed=s) for s in (1, 2)])
    before = (home / "history.db").read_bytes()
    assert len(_listed(home)) == 2
    assert (home / "history.db").read_bytes() == before  # still schema version 1
    empty = tmp_path / "empty"
    assert _listed(empty) == [] and not empty.exists()


# -- 2. never delete ---------------------------------------------------------------------------

_WRITE_AND_DIE = """
import os, sys
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.store import Store
from tests.store.scripted import finished_game
store, _ = Store.open(sys.argv[1])
for seed in range(3):
    scoresheet_games(store).create(finished_game("yahtzee", seed=seed))
os._exit(0)  # no checkpoint: the games are only in the WAL
"""


def test_an_empty_main_file_with_a_live_wal_is_moved_aside_and_recovered(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    db = home / "history.db"
    subprocess.run([sys.executable, "-c", _WRITE_AND_DIE, str(db)], cwd=ROOT, check=True)
    wal = db.with_name("history.db-wal")
    assert wal.stat().st_size > 0
    log = wal.read_bytes()
    db.write_bytes(b"")  # the main file lost, the log intact
    done = dicepoker(home, "history", "--json")
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)) == 3
    (moved,) = [
        p
        for p in home.iterdir()
        if p.name.startswith("history.db.empty-") and not p.name.endswith(("-wal", "-shm"))
    ]
    assert done.stderr == (
        "dicepoker: The game history is empty but its write-ahead log holds data; it was "
        f"moved to {moved} and what it held was recovered into a new history.\n"
    )
    assert moved.read_bytes() == b""
    assert moved.with_name(moved.name + "-wal").read_bytes() == log
    assert len(_listed(home)) == 3  # and it stays


# -- 3. honest dice ----------------------------------------------------------------------------


def test_a_forged_real_dice_export_with_a_bot_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "source"
    (game_id,) = _history(source, finished_game("yahtzee", seed=7, players=ANN_AND_BOT))
    doc = json.loads(_export_text(source, game_id))
    doc["real_dice"] = True
    doc["events"][0]["real_dice"] = True
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(doc), encoding="utf-8")
    home = tmp_path / "home"
    ids = _history(home, finished_game("yatzy", seed=1))
    before = _dump(home / "history.db")
    line = _one_line(dicepoker(home, "import", str(forged)), 2)
    assert line == (
        f"dicepoker import: {forged}: refused: real_dice is true but a seat is a bot: "
        "bots cannot throw real dice"
    )
    assert _dump(home / "history.db") == before
    assert [g["id"] for g in _listed(home)] == ids


def test_history_tells_real_dice_games_apart(tmp_path: Path) -> None:
    home = tmp_path / "home"
    people = [Player(name="Ann"), Player(name="Ben")]
    seeded, real = _history(
        home,
        finished_game("yahtzee", seed=1),
        finished_game("yahtzee", seed=2, real_dice=True, players=people),
    )
    listed = {g["id"]: g["real_dice"] for g in _listed(home)}
    assert listed == {seeded: False, real: True}
    text = dicepoker(home, "history").stdout.splitlines()
    assert [("(real dice)" in line) for line in text] == [True, False]  # newest first
    only = dicepoker(home, "history", "--json", "--seeded-only")
    assert [g["id"] for g in json.loads(only.stdout)] == [seeded]
    with Store.open(home / "history.db").store as store:
        assert scoresheet_games(store).stats("Ann", "yahtzee").games == 2
        assert scoresheet_games(store).stats("Ann", "yahtzee", seeded_only=True).games == 1


# -- 4. one bad record spoils nothing else ----------------------------------------------------


def test_damaged_records_are_listed_and_spoil_nothing_else(tmp_path: Path) -> None:
    home = tmp_path / "home"
    good, bad_time, bad_log = _history(
        home, *(finished_game("yahtzee", seed=s) for s in (11, 12, 13))
    )
    conn = sqlite3.connect(home / "history.db")
    conn.execute("UPDATE games SET started_at = 'yesterday' WHERE id = ?", (bad_time,))
    blob = conn.execute("SELECT data FROM packed_logs WHERE game_id = ?", (bad_log,)).fetchone()
    conn.execute("UPDATE packed_logs SET data = ? WHERE game_id = ?", (blob[0][:40], bad_log))
    conn.commit()
    conn.close()
    listed = {g["id"]: g["damaged"] for g in _listed(home)}
    assert listed[good] is None and listed[bad_log] is None
    assert listed[bad_time] == "damaged (Invalid isoformat string: 'yesterday')"
    text = dicepoker(home, "history").stdout
    assert f"{bad_time:>6}  damaged (Invalid isoformat string: 'yesterday')" in text
    assert dicepoker(home, "export", str(good)).returncode == 0
    line = _one_line(dicepoker(home, "export", str(bad_time)), 1)
    assert line == (
        f"dicepoker export: game {bad_time} is damaged (Invalid isoformat string: 'yesterday')"
    )
    line = _one_line(dicepoker(home, "export", str(bad_log)), 1)
    assert line.startswith("dicepoker export: the game history holds an unreadable game: ")
    assert _one_line(dicepoker(home, "analyze", str(bad_log)), 1).startswith("dicepoker analyze:")


def test_resume_refuses_a_real_dice_game_with_a_bot_and_keeps_it_listed(tmp_path: Path) -> None:
    from dicepoker_tui.family import GameSetup

    seats = [Player(name="Ann"), Player(name="Bot", kind="bot", level="novice")]
    game = play(new_game("yahtzee", seed=5, real_dice=True, players=seats), 5, steps=6)
    problem = GameSetup.from_game(game).problem()
    assert problem == ("Bots cannot throw real dice: remove the bot seats or switch real dice off.")


# -- 5. every bad input is one line ------------------------------------------------------------


def test_a_time_out_of_range_is_refused_in_one_line(tmp_path: Path) -> None:
    source = tmp_path / "source"
    (game_id,) = _history(source, finished_game("yahtzee", seed=8))
    doc = json.loads(_export_text(source, game_id))
    doc["started_at"] = "0001-01-01T00:00:00+01:00"
    bad = tmp_path / "old.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    home = tmp_path / "home"
    line = _one_line(dicepoker(home, "import", str(bad)), 2)
    assert line == (
        f"dicepoker import: {bad}: refused: started_at: the time "
        "0001-01-01T00:00:00+01:00 is out of range"
    )
    assert not home.exists()


def test_settings_that_are_a_fifo_or_too_deep_give_the_defaults_and_one_warning(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    settings = home / "settings.json"
    os.mkfifo(settings)
    done = dicepoker(home, "history")
    assert done.returncode == 0 and done.stdout == "No finished games.\n"
    assert done.stderr == (
        f"dicepoker: the settings {settings} are ignored (not a regular file); "
        "the defaults are used\n"
    )
    settings.unlink()
    settings.write_text("[" * 5000 + "]" * 5000)
    done = dicepoker(home, "history")
    assert done.returncode == 0 and "(nested too deeply)" in done.stderr
    assert len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ("export", str(2**63)),
            "dicepoker export: error: argument GAME_ID: must be between 0 and "
            f"{2**63 - 1}, not {2**63}",
        ),
        (
            ("history", "--limit", "١٠"),
            "dicepoker history: --limit takes a number of games, 0 or more",
        ),
        (
            ("simulate", "--variant", "yahtzee", "--games", "١٠"),
            "dicepoker simulate: --games takes a whole number, not '١٠'",
        ),
        (
            ("import", "/dev/zero"),
            "dicepoker import: /dev/zero: refused: larger than 4 MB (raise the limit with "
            "--max-size)",
        ),
    ],
)
def test_bad_numbers_and_endless_files_are_one_line(tmp_path: Path, args, expected) -> None:
    home = tmp_path / "home"
    result = dicepoker(home, *args)
    assert _one_line(result, result.returncode) == expected
    assert result.returncode in (1, 2)
    assert not (home / "history.db").exists()


def test_a_damaged_solver_cache_is_solved_again(tmp_path: Path, monkeypatch) -> None:
    from dicepoker_tui.families.scoresheet.rules.variants import get_variant
    from dicepoker_tui.families.scoresheet.solver.cache import load_table, table_path
    from dicepoker_tui.families.scoresheet.solver.table import model_for

    monkeypatch.setenv("DICEPOKER_HOME", str(tmp_path))
    model = model_for(get_variant("yahtzee"))
    path = table_path(model)
    path.parent.mkdir(parents=True)
    for damage in (b"PK\x03\x04 cut", b"", zlib.compress(b"x")):
        path.write_bytes(damage)
        assert load_table(model) is None
    path.unlink()
    os.mkfifo(path)
    assert load_table(model) is None


def test_damaged_spread_and_risk_tables_are_built_again(tmp_path: Path) -> None:
    """A cut or foreign file in place of the `winner` bot's tables: `simulate` still runs
    (one summary, status 0) and writes them anew."""
    home = tmp_path / "home"
    args = ("simulate", "--variant", "dice-poker", "--bot", "winner", "--bot", "optimal",
            "--games", "40", "--seed", "1", "--json")  # fmt: skip
    first = dicepoker(home, *args)
    assert first.returncode == 0, first.stderr
    files = sorted((home / "cache").glob("*-spread*.npz")) + sorted(
        (home / "cache").glob("*-risk*.npz")
    )
    assert len(files) == 2
    for damage in (b"PK\x03\x04 cut", b"", zlib.compress(b"x")):
        for path in files:
            path.write_bytes(damage)
        again = dicepoker(home, *args)
        assert again.returncode == 0 and "Traceback" not in again.stderr, again.stderr
        assert json.loads(again.stdout) == json.loads(first.stdout) | {
            "seconds": json.loads(again.stdout)["seconds"]
        }
        assert all(path.stat().st_size > 1000 for path in files)  # written anew


# -- 6. import exactly as documented -----------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.update(note="hi"), "note: Extra inputs are not permitted"),
        (lambda d: d["events"][0].update(colour="red"), "events.0.game_started.colour"),
        (lambda d: d.update(real_dice="no"), "real_dice: Input should be a valid boolean"),
        (lambda d: _box_written(d).update(points="5"), "box_written.points"),
        (lambda d: _box_written(d).update(dice=["1", "2", "3", "4", "5"]), "box_written.dice"),
    ],
)
def test_extra_keys_and_wrong_types_are_refused(tmp_path: Path, change, problem) -> None:
    source = tmp_path / "source"
    (game_id,) = _history(source, finished_game("yahtzee", seed=9))
    doc = json.loads(_export_text(source, game_id))
    change(doc)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    home = tmp_path / "home"
    ids = _history(home, finished_game("yatzy", seed=2))
    before = _dump(home / "history.db")
    line = _one_line(dicepoker(home, "import", str(bad)), 2)
    assert line.startswith(f"dicepoker import: {bad}: refused: ") and problem in line
    assert _dump(home / "history.db") == before
    assert [g["id"] for g in _listed(home)] == ids


def _box_written(doc: dict) -> dict:
    return next(e for e in doc["events"] if e["type"] == "box_written")


# -- 7. names are plain text -------------------------------------------------------------------


def test_control_characters_in_names_are_refused_and_never_printed_raw(tmp_path: Path) -> None:
    home = tmp_path / "home"
    line = _one_line(dicepoker(home, "play", "--player", "\x1b[31mred"), 2)
    assert line == "dicepoker play: the name '\\x1b[31mred' holds a control character (\\x1b)"
    assert not home.exists()
    # A name that reached a history some other way is shown escaped everywhere.
    players = [Player(name="\x1b]0;owned\x07"), Player(name="Bo\u202eb")]
    (game_id,) = _history(home, finished_game("yahtzee", seed=3, players=players))
    for args in (("history",), ("export", str(game_id), "--format", "txt")):
        out = dicepoker(home, *args).stdout
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
        assert "\\x1b]0;owned\\x07" in out and "Bo\\u202eb" in out
    # and an export carrying it is refused.
    doc = json.loads(_export_text(home, game_id))
    bad = tmp_path / "names.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    other = tmp_path / "other"
    line = _one_line(dicepoker(other, "import", str(bad)), 2)
    assert line == (
        f"dicepoker import: {bad}: refused: players.0.name holds a control character (\\x1b)"
    )


# -- 8. smaller ones, and a crash ----------------------------------------------------------------


def test_real_dice_for_a_bidding_game_is_refused(tmp_path: Path) -> None:
    line = _one_line(dicepoker(tmp_path, "play", "--variant", "perudo", "--real-dice"), 2)
    assert line == "dicepoker play: perudo is played with hidden dice: switch real dice off"


def test_a_crash_exits_non_zero_with_one_line_and_a_logged_traceback(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    from dicepoker_tui import cli
    from dicepoker_tui.store import database

    monkeypatch.setenv("DICEPOKER_HOME", str(tmp_path))

    def broken(*args, **kwargs):
        raise RuntimeError("something\nunexpected")

    monkeypatch.setattr(database.Store, "finished", broken)
    assert cli.main(["history"]) == 70
    out, err = capsys.readouterr()
    log = tmp_path / "crash.log"
    assert out == ""
    assert err == (f"dicepoker crashed (RuntimeError: something unexpected); details in {log}\n")
    assert "Traceback (most recent call last)" in log.read_text(encoding="utf-8")


def test_the_damaged_database_message_is_one_line(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _history(home, *(finished_game("yahtzee", seed=s) for s in range(3)))
    db = home / "history.db"
    data = bytearray(db.read_bytes())
    data[100:4000] = b"\xa5" * 3900
    db.write_bytes(bytes(data))
    done = dicepoker(home, "history")
    assert done.returncode == 0
    assert len(done.stderr.splitlines()) == 1 and "moved to" in done.stderr


def _immutable(path: Path, on: bool) -> None:
    """chattr +i: unwritable even for root (a plain chmod is not)."""
    subprocess.run(["chattr", "+i" if on else "-i", str(path)], check=True)


@pytest.mark.skipif(shutil.which("chattr") is None, reason="needs chattr")
def test_a_read_only_folder_makes_writing_commands_fail_and_reading_ones_work(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    ids = _history(home, finished_game("yahtzee", seed=21))
    with sqlite3.connect(home / "history.db") as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    source = tmp_path / "source"
    (other,) = _history(source, finished_game("yatzy", seed=22))
    export = tmp_path / "game.json"
    export.write_text(_export_text(source, other), encoding="utf-8")
    before = sorted(p.name for p in home.iterdir())
    db_before = (home / "history.db").read_bytes()
    try:
        _immutable(home, True)
        _immutable(home / "history.db", True)
        line = _one_line(dicepoker(home, "import", str(export)), 1)
        simulated = dicepoker(home, "simulate", "--variant", "yahtzee", "--games", "2", "--save")
        listed = _listed(home)
    finally:
        _immutable(home / "history.db", False)
        _immutable(home, False)
    assert line == (
        f"dicepoker import: the game history {home / 'history.db'} cannot be used "
        f"(its folder {home} is read-only)"
    )
    assert _one_line(simulated, 1) == line.replace("import", "simulate", 1)
    assert [g["id"] for g in listed] == ids
    assert sorted(p.name for p in home.iterdir()) == before
    assert (home / "history.db").read_bytes() == db_before


def test_simulate_save_stores_seeded_games_that_replay_and_import(tmp_path: Path) -> None:
    home = tmp_path / "home"
    done = dicepoker(
        home,
        "simulate",
        "--variant",
        "yahtzee",
        "--games",
        "2",
        "--seed",
        "40",
        "--bot",
        "novice",
        "--save",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "saved 2 games to the history"
    listed = _listed(home)
    assert sorted(g["seed"] for g in listed) == [40, 41]
    assert [g["real_dice"] for g in listed] == [False, False]
    other = tmp_path / "other"
    for game in listed:  # each checks out against its seed in another history
        text = dicepoker(home, "export", str(game["id"])).stdout
        exported = tmp_path / f"{game['id']}.json"
        exported.write_text(text, encoding="utf-8")
        imported = dicepoker(other, "import", str(exported))
        assert imported.returncode == 0, imported.stderr
    again = dicepoker(
        tmp_path / "again",
        "simulate",
        "--variant",
        "yahtzee",
        "--games",
        "2",
        "--seed",
        "40",
        "--bot",
        "novice",
        "--json",
    )
    assert (
        json.loads(again.stdout)["mean"]
        == json.loads(
            dicepoker(
                tmp_path / "again",
                "simulate",
                "--variant",
                "yahtzee",
                "--games",
                "2",
                "--seed",
                "40",
                "--bot",
                "novice",
                "--json",
            ).stdout
        )["mean"]
    )
