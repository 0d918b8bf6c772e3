"""Child process of the creation tests: stores one game into a fresh history again and
again, a forked process each time, killed (SIGKILL) just before the K-th SQL statement of
the creation runs, for every K.

Usage: python -m tests.store.create_child DIR FAMILY [EXPORT_FILE]. FAMILY is `bidding` or
`scoresheet`; with EXPORT_FILE the game is imported from it, else a game of a few moves is
recorded as a new one. `DIR/full.db` gets the uninterrupted creation, `DIR/K.db` the one
killed at statement K (every K, or a spread of them: `kill_points`). Prints
`statements N`, then `K killed` for each K.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from dicepoker_tui.engine.bidding.game import BiddingGame
from dicepoker_tui.families import get_family
from dicepoker_tui.store import Recorder, Store
from tests.store.scripted import new_game, play
from tests.store.test_bidding_store import play_out


def create(db: Path, family: str, kill_at: int, export: str | None) -> int:
    """Store the game into `db`; how many statements that took (unless killed)."""
    store = Store.open(db).store
    if export is None:
        if family == "bidding":
            game = BiddingGame.new("perudo", ["Ann", "Bob", "Cy"], seed=5)
            play_out(game, 4)
        else:
            game = play(new_game("yatzy", seed=5), 5, steps=6)
    else:
        spec = get_family(family)
        doc, game = spec.parse_import(Path(export).read_bytes())
    seen = 0

    def statement(sql: str) -> None:
        nonlocal seen
        seen += 1
        if seen == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    store.db.conn.set_trace_callback(statement)
    if export is None:
        repository = store.bidding if family == "bidding" else store.scoresheet
        Recorder(repository, game)
    else:
        spec.import_game(store, doc, game)
    store.db.conn.set_trace_callback(None)
    store.close()
    return seen


def forked(db: Path, family: str, kill_at: int, export: str | None) -> int:
    """`create` in a forked process; its wait status, or the statements it ran."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        seen = create(db, family, kill_at, export)
        os.write(write, str(seen).encode())
        os._exit(0)
    os.close(write)
    _pid, status = os.waitpid(pid, 0)
    with os.fdopen(read) as answer:
        text = answer.read()
    if os.WIFSIGNALED(status):
        assert os.WTERMSIG(status) == signal.SIGKILL
        return -1
    assert os.WEXITSTATUS(status) == 0
    return int(text)


def kill_points(count: int) -> list[int]:
    """Every statement of a short creation; of a long one (a finished game's hundreds of
    event rows) the first and last ten and ten spread between."""
    if count <= 30:
        return list(range(1, count + 1))
    edges = set(range(1, 11)) | set(range(count - 9, count + 1))
    return sorted(edges | set(range(1, count + 1, count // 10)))


def main(folder: str, family: str, export: str | None) -> None:
    where = Path(folder)
    count = forked(where / "full.db", family, 0, export)
    print("statements", count, flush=True)
    for k in kill_points(count):
        assert forked(where / f"{k}.db", family, k, export) == -1
        print(k, "killed", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], (sys.argv[3:] or [None])[0])
