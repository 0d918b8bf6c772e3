"""Creating a game — recorded as it starts, or imported — is one transaction for every
family: a process killed (SIGKILL, for real) or a disk that fills up (RLIMIT_FSIZE) before
any statement of it leaves the whole game or nothing, never a `playing` game with an
empty log; a full disk is said in one line; an import killed half way and tried again
is either refused as a duplicate or stored whole."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.family import get_family
from dicepoker_tui.store import Store
from tests.store.create_child import kill_points
from tests.store.scripted import finished_game
from tests.store.test_bidding_store import play_out
from tests.store.test_cli_history import ROOT, dicepoker

pytestmark = pytest.mark.slow


def _rows(db: Path) -> list[tuple]:
    """(status, event_count, log length) of every game, read straight from the file."""
    if not db.exists():
        return []
    with Store.open(db, read_only=True).store as store:
        conn = store.db.conn
        games = conn.execute("SELECT id, family, status, event_count FROM games").fetchall()
        seats = dict(conn.execute("SELECT game_id, COUNT(*) FROM players GROUP BY game_id"))
        repo = {"bidding": bidding_games(store), "scoresheet": scoresheet_games(store)}
        return [
            (family, status, count, len(repo[family].load_events(game_id)), seats.get(game_id))
            for game_id, family, status, count in games
        ]


def _export(tmp_path: Path, family: str) -> Path:
    """A finished game of `family`, exported as JSON."""
    with Store.open(tmp_path / "source.db").store as store:
        if family == "bidding":
            game = BiddingGame.new("perudo", ["Ann", "Bob", "Cy"], seed=7)
            play_out(game)
            game_id = bidding_games(store).create(game)
        else:
            game_id = scoresheet_games(store).create(finished_game("yatzy", seed=7))
        spec = get_family(family)
        text = spec.render_export(spec.export(store, game_id), "json")
    assert text is not None
    path = tmp_path / f"{family}.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("family", ["bidding", "scoresheet"])
@pytest.mark.parametrize("imported", [False, True], ids=["recorded", "imported"])
@pytest.mark.parametrize("fault", ["kill", "full"])
def test_a_fault_at_any_statement_leaves_the_whole_game_or_nothing(
    tmp_path: Path, family: str, imported: bool, fault: str
) -> None:
    export = _export(tmp_path, family) if imported else None
    runs = tmp_path / "runs"
    runs.mkdir()
    child = subprocess.run(
        [sys.executable, "-m", "tests.store.create_child", str(runs), family, fault]
        + ([str(export)] if export else []),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert child.returncode == 0, child.stderr
    lines = child.stdout.splitlines()
    count = int(lines[0].split()[1])
    said = dict(line.split(" ", 1) for line in lines[1:])
    assert list(said) == [str(k) for k in kill_points(count)]

    (whole,) = _rows(runs / "full.db")
    assert whole[0] == family and whole[2] == whole[3] > 0 and whole[4] >= 2
    outcomes = {k: _rows(runs / f"{k}.db") for k in kill_points(count)}
    for k, rows in outcomes.items():
        assert rows in ([], [whole]), f"{fault} at statement {k} of {count}: {rows}"
        if fault == "full":  # said in one line when nothing was stored
            line = said[str(k)]
            assert line == f"stored {count}" if rows else line.startswith("refused: the game")
            assert "\n" not in line and "Traceback" not in child.stderr
        else:
            assert said[str(k)] == "killed"
    assert [] in outcomes.values()
    if not imported:
        return
    # tried again: refused when it is whole, stored whole when it was not
    for name, stored in (("full", True), (str(count), False)):
        home = tmp_path / f"home-{name}"
        home.mkdir()
        (runs / f"{name}.db").replace(home / "history.db")
        again = dicepoker(home, "import", str(export))
        if stored:
            assert again.returncode == 2
            assert "already in the history as game 1" in again.stderr
        else:
            assert again.returncode == 0, again.stderr
        assert _rows(home / "history.db") == [whole]
