"""Two programs on one history, for real (child processes on one file): a copy of a
bidding game that fell behind the stored log can never write over it (a finished game
is never reopened), and a game a running program records is neither offered for resuming
nor resumed elsewhere, until that program has gone (kill -9 included)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.family import kept
from dicepoker_tui.store import Recorder, Store, StoreError
from dicepoker_tui.store.leases import GameLeased
from tests.store.test_cli_history import ROOT

pytestmark = pytest.mark.slow

DEADLINE = 60.0


class Copy:
    """A child process holding one copy of a bidding game (tests/store/bidding_child.py)."""

    def __init__(self, db: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.store.bidding_child", str(db)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def say(self, command: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().strip()
        assert answer, f"{command!r}: no answer; stderr: {self.proc.stderr.read()}"  # type: ignore[union-attr]
        return answer

    def close(self) -> None:
        """Tell it to quit (if it still runs) and wait until it has."""
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            with contextlib.suppress(BrokenPipeError):  # it was killed
                self.proc.stdin.write("quit\n")
                self.proc.stdin.close()
        self.proc.wait(timeout=DEADLINE)
        assert self.proc.returncode in (0, -signal.SIGKILL)


def fields(answer: str) -> dict[str, str]:
    assert answer.startswith("ok "), answer
    return dict(part.split("=") for part in answer.split()[1:])


def stored(db: Path, game_id: int) -> tuple[str, int, list]:
    """Status, event count and log of the game, as another reader sees them."""
    with Store.open(db, read_only=True).store as store:
        (record,) = [r for r in bidding_games(store).games(status=None) if r.id == game_id]
        log = [json.loads(e.model_dump_json()) for e in bidding_games(store).load_events(game_id)]
        return record.status, record.event_count, log


@pytest.fixture
def copies(tmp_path: Path):
    made: list[Copy] = []

    def make() -> Copy:
        made.append(Copy(tmp_path / "history.db"))
        return made[-1]

    yield make
    for copy in made:
        copy.close()


def test_a_stale_copy_never_reopens_a_finished_game(tmp_path: Path, copies) -> None:
    db = tmp_path / "history.db"
    first, stale = copies(), copies()
    game_id = int(fields(first.say("new 21 3"))["id"])
    assert fields(stale.say(f"load {game_id}"))["saved"] == "7"
    done = fields(first.say("play end"))
    assert done["status"] == "finished" and int(done["stored"]) > 50
    before = stored(db, game_id)

    answer = stale.say("play 1")  # before: the finished game became an 8-event game in play

    assert answer == f"refused game {game_id} is finished; nothing can be added to it"
    assert stored(db, game_id) == before
    assert before[:2] == ("finished", int(done["stored"]))


def test_a_stale_copy_never_overwrites_a_game_in_play(tmp_path: Path, copies) -> None:
    db = tmp_path / "history.db"
    first, stale = copies(), copies()
    game_id = int(fields(first.say("new 22 3"))["id"])
    stale.say(f"load {game_id}")
    moved = fields(first.say("play 4"))
    before = stored(db, game_id)
    assert before[1] == int(moved["stored"]) > 7

    answer = stale.say("play 1")

    assert answer == (
        f"refused game {game_id} has {before[1]} events stored, not 7: "
        "it is being played somewhere else"
    )
    assert stored(db, game_id) == before
    after = fields(first.say("play 2"))  # the copy that is up to date plays on
    assert int(after["stored"]) > before[1] and stored(db, game_id)[2][: before[1]] == before[2]


def _listed(db: Path) -> list[int]:
    with Store.open(db).store as store:
        return [k.record.id for k in kept.unfinished(store)]


def test_a_game_another_live_program_records_is_neither_listed_nor_resumed(
    tmp_path: Path, copies
) -> None:
    db = tmp_path / "history.db"
    with Store.open(db).store as store:  # a game left earlier: offered
        left = BiddingGame.new("perudo", ["Ann", "Bob"], seed=3)
        Recorder(bidding_games(store), left).close()
    player = copies()
    game_id = int(fields(player.say("new 23 3"))["id"])

    assert _listed(db) == [1]
    with Store.open(db).store as store:
        game = BiddingGame.from_events(bidding_games(store).load_events(game_id))
        with pytest.raises(GameLeased) as refused:
            Recorder(bidding_games(store), game, game_id)
        assert str(refused.value) == (
            f"game {game_id} is being played by another dicepoker (process {player.proc.pid})"
        )
        (offered,) = kept.unfinished(store)
        assert offered.record.id == 1
        with pytest.raises(StoreError):
            kept.load(store, offered._replace(record=offered.record._replace(id=game_id)))

    second = copies()  # a second program is refused the same way, and changes nothing
    assert second.say(f"resume {game_id}").startswith(f"refused game {game_id} is being played")
    assert fields(player.say("play 2"))["status"] == "playing"

    os.kill(player.proc.pid, signal.SIGKILL)  # a crashed program locks nothing
    player.proc.wait(timeout=DEADLINE)
    assert sorted(_listed(db)) == [1, game_id]
    resumed = fields(second.say(f"resume {game_id}"))
    assert resumed["saved"] == resumed["stored"]
    assert _listed(db) == [1]  # now the second program plays it
    second.close()
    assert sorted(_listed(db)) == [1, game_id]  # closed: its lease is given back


def test_a_lease_holds_only_while_its_holder_could_still_play(tmp_path: Path) -> None:
    """A lease naming this pid with another start time (the pid reused after a crash) is
    void; one of another host holds until it expires."""
    from dicepoker_tui.store import leases

    with Store.open(tmp_path / "history.db").store as store:
        for seed in (1, 2, 3):
            Recorder(
                bidding_games(store), BiddingGame.new("perudo", ["Ann", "Bob"], seed=seed)
            ).close()
        host = leases.holder().split(":")[0]
        rows = [
            (1, f"{host}:{os.getpid()}:1", "2999-01-01T00:00:00.000+00:00"),
            (2, "elsewhere:7:1", "2999-01-01T00:00:00.000+00:00"),
            (3, "elsewhere:7:1", "2000-01-01T00:00:00.000+00:00"),
        ]
        with store.db.write() as conn:
            conn.executemany(
                "INSERT INTO leases VALUES (?, ?, '2000-01-01T00:00:00.000+00:00', ?)", rows
            )
        assert leases.held_elsewhere(store.db) == {
            2: "game 2 is being played by another dicepoker (process 7)"
        }
        assert [k.record.id for k in kept.unfinished(store)] == [3, 1]
