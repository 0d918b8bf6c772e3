"""At start: a game killed mid-turn is offered and resumes exactly where it was; an
unreadable history is moved aside and said."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.store import Store
from dicepoker_tui.ui.common.dice import DiceRow
from dicepoker_tui.ui.common.handover import HandoverScreen
from dicepoker_tui.ui.history.games import GamesScreen
from dicepoker_tui.ui.lobby.lobby import LobbyScreen

from .helpers import make_app, messages, table, wait_for

ROOT = Path(__file__).resolve().parents[2]


def crash(home: Path, keys: list[str]) -> dict:
    """Play `keys` in a fresh app in another process, which then dies by SIGKILL."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.ui.crash_child", *keys],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "DICEPOKER_HOME": str(home), "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == -signal.SIGKILL, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


async def test_killed_mid_turn_then_resumed_with_the_same_dice(dicepoker_home: Path) -> None:
    # Hand-over to Ann, who throws and writes; hand-over to Bob, who throws, holds dice 2 and
    # 4, throws again and holds die 1 — then the crash.
    before = crash(dicepoker_home, ["enter", "r", "enter", "enter", "r", "2", "4", "r", "1"])
    assert before["player"] == 1 and len(before["dice"]) == 5
    assert before["held"][0] and before["throws_left"] > 0
    store, _ = Store.open()
    with store:
        (kept,) = scoresheet_games(store).unfinished()
        assert kept.event_count == before["events"]
    app = make_app()
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GamesScreen))
        assert [r.id for r in app.screen.records] == [kept.id]
        await pilot.press("enter")
        game = table(app).game
        row = table(app).query_one(DiceRow)
        after = {
            "events": len(game.events),
            "player": game.state.turn.player,
            "round": game.state.turn.round,
            "dice": list(row.dice or []),
            "held": list(row.held),
            "throws_left": game.throws_left(),
        }
        assert after == before
        # Play goes on (after Bob's hand-over, when shown) into the same record.
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
        await pilot.press("r")
        await pilot.pause()
        moved = len(game.events)
    store, _ = Store.open()
    with store:
        assert scoresheet_games(store).event_count(kept.id) == moved > before["events"]


async def test_an_unreadable_history_is_moved_aside_and_said_at_start(
    dicepoker_home: Path,
) -> None:
    dicepoker_home.mkdir(parents=True, exist_ok=True)
    (dicepoker_home / "history.db").write_bytes(b"this is no database" * 100)
    app = make_app()
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: bool(messages(app)))
        (notice,) = messages(app)
        assert "moved to" in notice and "a new history was started" in notice
        assert isinstance(app.screen, LobbyScreen)  # nothing to resume, the app goes on
    moved = [p for p in dicepoker_home.iterdir() if p.name.startswith("history.db.corrupt-")]
    assert len(moved) == 1 and moved[0].read_bytes().startswith(b"this is no database")
