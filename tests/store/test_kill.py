"""A game killed with SIGKILL at random moments resumes and ends as if never interrupted."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dicepoker_tui.families.scoresheet.history.repo import CONTINUED, scoresheet_games
from dicepoker_tui.store import Store
from tests.store.kill_child import PLAYERS
from tests.store.scripted import new_game, play

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def _child(db: Path, variant: str, seed: int, pause: float) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.store.kill_child", str(db), variant, str(seed), str(pause)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _stored(db: Path) -> list:
    store, notice = Store.open(db)
    assert notice is None
    with store:
        games = scoresheet_games(store).unfinished() or store.finished()
        return scoresheet_games(store).load_events(games[0].id) if games else []


@pytest.mark.parametrize(("variant", "seed"), [("dice-poker-bank", 21), ("yahtzee", 22)])
def test_sigkill_at_random_points_then_resume(tmp_path: Path, variant: str, seed: int) -> None:
    reference = list(play(new_game(variant, seed, players=PLAYERS), seed).events)
    db = tmp_path / "history.db"
    rng = random.Random(seed)
    cut_points = []
    for _ in range(6):
        child = _child(db, variant, seed, pause=0.002)
        assert child.stdout is not None
        line = child.stdout.readline().strip()
        if line == "ready":
            time.sleep(rng.uniform(0.01, 0.1))
        child.send_signal(signal.SIGKILL)
        child.wait()
        stored = _stored(db)
        # Whatever survived is the start of the uninterrupted game, cut between two moves.
        assert stored == reference[: len(stored)]
        assert stored[-1].type not in CONTINUED
        cut_points.append(len(stored))
    done = _child(db, variant, seed, pause=0.0)
    out, err = done.communicate(timeout=120)
    assert done.returncode == 0, err
    assert "finished" in out or "done" in out
    assert len({n for n in cut_points if n < len(reference)}) >= 3, cut_points
    store, _ = Store.open(db)
    with store:
        (record,) = store.finished()
        assert scoresheet_games(store).unfinished() == []
        assert scoresheet_games(store).load_events(record.id) == reference
        final = scoresheet_games(store).load_game(record.id).state
    assert [p.total for p in record.players] == [s.total for s in final.standings]
