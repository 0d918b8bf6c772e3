"""A real `kill -9` of the app, running a Perudo game in a terminal (a pty), leaves the
game unfinished (`playing`); the next start offers it and resumes it at the same state."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path

from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.game import replay
from dicepoker_tui.families.bidding.views.table import BiddingTableScreen
from dicepoker_tui.store import Store, StoreError
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.history.games import GamesScreen

from .helpers import wait_for

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 120.0


def start_in_pty(home: Path) -> tuple[subprocess.Popen[bytes], int]:
    """`dicepoker play --variant perudo` (Ann and two bots) in a fresh 80×24 pty."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    command = [sys.executable, "-m", "dicepoker_tui", "play", "--variant", "perudo"]
    command += ["--player", "Ann", "--bot", "strong", "--bot", "novice", "--seed", "17"]
    env = {**os.environ, "DICEPOKER_HOME": str(home), "PYTHONPATH": str(ROOT)}
    env.update(TERM="xterm-256color", COLUMNS="80", LINES="24")
    child = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, start_new_session=True
    )
    os.close(slave)
    # The terminal's output is read (and dropped) so that the app never blocks writing.
    threading.Thread(target=_drain, args=(master,), daemon=True).start()
    return child, master


def _drain(fd: int) -> None:
    while True:
        try:
            if not os.read(fd, 65536):
                return
        except OSError:
            return


def stored(home: Path) -> list[ev.Event]:
    """The log of the one bidding game in the history (empty while there is none)."""
    try:
        store, _ = Store.open(home / "history.db", read_only=True)
    except StoreError:
        return []
    with store:
        games = bidding_games(store).games(status=None)
        return bidding_games(store).load_events(games[0].id) if games else []


def until(condition: Callable[[], bool], child: subprocess.Popen[bytes]) -> None:
    """Wait for `condition` (checked every few milliseconds) while the app runs."""
    end = time.monotonic() + DEADLINE
    while not condition():
        assert child.poll() is None, f"the app ended ({child.returncode})"
        assert time.monotonic() < end, "the app never reached the expected state"
        time.sleep(0.02)


def ann_has_bid(log: list[ev.Event]) -> bool:
    return any(isinstance(e, ev.BidMade) and e.player == 0 for e in log)


async def test_kill_9_in_a_pty_keeps_the_game_for_resume(dicepoker_home: Path) -> None:
    dicepoker_home.mkdir(parents=True, exist_ok=True)
    (dicepoker_home / "settings.json").write_text(json.dumps({"bot_pace": 0.05}))
    child, master = start_in_pty(dicepoker_home)
    try:
        until(lambda: len(stored(dicepoker_home)) >= 2, child)  # started, cups thrown
        pressed_at = -1.0

        def ann_bid() -> bool:
            """Ann bids (enter) when it is her turn; a key after a reveal only goes on."""
            nonlocal pressed_at
            log = stored(dicepoker_home)
            if ann_has_bid(log):
                return True
            if replay(log).to_act == 0 and time.monotonic() - pressed_at > 0.5:
                os.write(master, b"\r")
                pressed_at = time.monotonic()
            return False

        until(ann_bid, child)
        log = stored(dicepoker_home)
        mine = next(i for i, e in enumerate(log) if isinstance(e, ev.BidMade) and e.player == 0)
        until(lambda: len(stored(dicepoker_home)) > mine + 1, child)  # a bot answered
    finally:
        os.kill(child.pid, signal.SIGKILL)  # no clean-up of any kind
        child.wait()
        os.close(master)
    assert child.returncode == -signal.SIGKILL

    store, _ = Store.open()
    with store:
        (kept,) = bidding_games(store).games(status=None)
        log = bidding_games(store).load_events(kept.id)
    assert kept.status == "playing" and kept.event_count == len(log)
    before = replay(log)
    assert not before.finished and before.dice_left

    app = DicePokerApp(bot_pace=10)  # the bots wait: the table is seen as it was left
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GamesScreen))
        assert [g.record.id for g in app.screen.games] == [kept.id]
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
        table = app.screen
        assert isinstance(table, BiddingTableScreen)
        assert list(table.game.events) == log and table.game.state == before
