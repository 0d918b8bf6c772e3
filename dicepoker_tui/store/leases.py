"""Which running program plays a game: one lease row per game being recorded.

A `Recorder` takes its game's lease when it starts keeping it (a new game, or one resumed)
and gives it back when it is closed. The resume list leaves out a game whose lease another
live process holds, and resuming it is refused: a game that `dicepoker serve` (or another
app) is playing is not played on elsewhere at the same time. The holder is named by host,
process id and the process's start time, so the lease of a process that has died (kill -9,
a crash, a reboot) is void at once. A holder that cannot be checked (another host) keeps
its lease until it expires, `LEASE_HOURS` after it was taken.
"""

from __future__ import annotations

import os
import socket
from datetime import timedelta

from dicepoker_tui.i18n import _
from dicepoker_tui.store.connection import Database, StoreError, guarded, now, stamp

LEASE_HOURS = 24
"""How long a lease whose holder cannot be checked is kept."""


class GameLeased(StoreError):
    """The game is being played by another running program."""


def _start_time(pid: int) -> str:
    """When process `pid` started (clock ticks since boot), "" when it cannot be told."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        return fields[19].decode()
    except (OSError, IndexError):
        return ""


def holder() -> str:
    """This process as a lease names it: host, pid, start time (computed each time: a
    forked process is another holder)."""
    pid = os.getpid()
    return f"{socket.gethostname()}:{pid}:{_start_time(pid)}"


def _alive(name: str, expires: str) -> bool:
    """Whether the process a lease names still runs (its expiry, for another host)."""
    host, _sep, rest = name.partition(":")
    pid_text, _sep, started = rest.partition(":")
    if host != socket.gethostname() or not pid_text.isdigit():
        return stamp(now()) < expires
    pid = int(pid_text)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # another user's process, alive
    except OSError:
        return False
    return not started or _start_time(pid) in ("", started)


def _refusal(game_id: int, name: str) -> GameLeased:
    pid = name.split(":")[1] if name.count(":") >= 2 else "?"
    return GameLeased(
        _("game {id} is being played by another dicepoker (process {pid})").format(
            id=game_id, pid=pid
        )
    )


@guarded
def take(db: Database, game_id: int) -> None:
    """Hold game `game_id`'s lease; `GameLeased` (nothing changed) when another live
    process holds it."""
    me = holder()
    with db.write() as conn:
        row = conn.execute(
            "SELECT holder, expires_at FROM leases WHERE game_id = ?", (game_id,)
        ).fetchone()
        if row is not None and row[0] != me and _alive(*row):
            raise _refusal(game_id, row[0])
        conn.execute(  # leases a dead holder left on games no longer played
            "DELETE FROM leases WHERE game_id IN (SELECT id FROM games WHERE status != 'playing')"
        )
        taken = now()
        conn.execute(
            "INSERT OR REPLACE INTO leases (game_id, holder, taken_at, expires_at)"
            " VALUES (?, ?, ?, ?)",
            (game_id, me, stamp(taken), stamp(taken + timedelta(hours=LEASE_HOURS))),
        )


@guarded
def release(db: Database, game_id: int) -> None:
    """Give back game `game_id`'s lease, if this process holds it."""
    with db.write() as conn:
        conn.execute("DELETE FROM leases WHERE game_id = ? AND holder = ?", (game_id, holder()))


@guarded
def held_elsewhere(db: Database) -> dict[int, str]:
    """Game id → the one line saying who plays it, for the games whose lease another live
    process holds."""
    me = holder()
    rows = db.fetch_all("SELECT game_id, holder, expires_at FROM leases")
    return {
        int(game_id): str(_refusal(game_id, name))
        for game_id, name, expires in rows
        if name != me and _alive(name, expires)
    }


def check_free(db: Database, game_id: int) -> None:
    """`GameLeased` when another live process plays game `game_id`."""
    held = held_elsewhere(db).get(game_id)
    if held is not None:
        raise GameLeased(held)
