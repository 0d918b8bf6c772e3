"""Child process of the creation tests: stores one game into a fresh history again and
again, a forked process each time, with a real fault made just before the K-th SQL
statement of the creation, for every K (or a spread of them: `kill_points`).

Usage: python -m tests.store.create_child DIR FAMILY FAULT [EXPORT_FILE]. FAMILY is
`bidding` or `scoresheet`; FAULT `kill` (SIGKILL) or `full` (the files may not grow: a
full disk); with EXPORT_FILE the game is imported from it, else a game of a few moves is
recorded as a new one. `DIR/full.db` gets the uninterrupted creation, `DIR/K.db` the one
with the fault at statement K. Prints `statements N`, then `K killed`, `K stored N` or
`K refused: <the line said>` for each K.
"""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import sys
from pathlib import Path

from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.family import get_family
from dicepoker_tui.store import Recorder, Store, StoreError
from tests.store.scripted import new_game, play
from tests.store.test_bidding_store import play_out


def create(db: Path, family: str, fault_at: int, fault: str, export: str | None) -> str:
    """Store the game into `db`, the fault made just before statement `fault_at`: `kill`
    (SIGKILL) or `full` (no file may grow any more: RLIMIT_FSIZE at their sizes). What
    came of it: `stored N` (N statements ran) or `refused: <the one line>`."""
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
        if seen != fault_at:
            return
        if fault == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        sizes = [f.stat().st_size for f in db.parent.glob(db.name + "*")]
        resource.setrlimit(resource.RLIMIT_FSIZE, (max(sizes), resource.RLIM_INFINITY))

    store.db.conn.set_trace_callback(statement)
    try:
        if export is None:
            repository = bidding_games(store) if family == "bidding" else scoresheet_games(store)
            Recorder(repository, game)
        else:
            spec.import_game(store, doc, game)
    except (StoreError, ValueError) as exc:
        return f"refused: {exc}"
    finally:
        store.db.conn.set_trace_callback(None)
        with contextlib.suppress(Exception):  # a full disk may refuse the checkpoint
            store.close()
    return f"stored {seen}"


def forked(db: Path, family: str, fault_at: int, fault: str, export: str | None) -> str:
    """`create` in a forked process: what it said, or `killed`."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG)
        said = create(db, family, fault_at, fault, export)
        os.write(write, said.encode())
        os._exit(0)
    os.close(write)
    _pid, status = os.waitpid(pid, 0)
    with os.fdopen(read) as answer:
        text = answer.read()
    if os.WIFSIGNALED(status):
        assert os.WTERMSIG(status) == signal.SIGKILL
        return "killed"
    assert os.WEXITSTATUS(status) == 0
    return text


def kill_points(count: int) -> list[int]:
    """Every statement of a short creation; of a long one (a finished game's hundreds of
    event rows) the first and last ten and ten spread between."""
    if count <= 30:
        return list(range(1, count + 1))
    edges = set(range(1, 11)) | set(range(count - 9, count + 1))
    return sorted(edges | set(range(1, count + 1, count // 10)))


def main(folder: str, family: str, fault: str, export: str | None) -> None:
    where = Path(folder)
    said = forked(where / "full.db", family, 0, fault, export)
    count = int(said.split()[1])
    print("statements", count, flush=True)
    for k in kill_points(count):
        print(k, forked(where / f"{k}.db", family, k, fault, export), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], (sys.argv[4:] or [None])[0])
