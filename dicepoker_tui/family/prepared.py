"""Prepared tables: on a server, what the families' bots read (the scoresheet solver's
tables, say) is read, never built.

`dicepoker serve` points `$DICEPOKER_TABLES` at the operator's cache folder (`cache_dir`,
where `dicepoker solve --variant V --winner` writes) for itself and every session app.
With it set, a family reads its tables from there (memory-mapped: one copy in the page
cache, shared by all processes), writes nothing, and raises `TablesNotPrepared` (one line
naming the command that builds it) for a table that is not there instead of building it.
A family that maps such pages gives `on_release` a callback; `release_pages` calls them
after each of the hub's bot moves.

Heavy work a guest asks for (a game's analysis) takes one of `HEAVY_SLOTS` slots first
(`heavy_slot`): a lock file in `$DICEPOKER_JOBS`, so at most that many run at once across
all the session apps, each at the lowest priority.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from dicepoker_tui.i18n import _
from dicepoker_tui.store.paths import APP_NAME, HOME_ENV

TABLES_ENV = "DICEPOKER_TABLES"
JOBS_ENV = "DICEPOKER_JOBS"
HEAVY_SLOTS = 1
"""Heavy jobs (analyses) running at once on a server, all guests together."""
HEAVY_NICE = 19
"""The priority (nice) a heavy job's thread runs at."""
POLL = 0.25
"""Seconds between looks for a free slot."""


class TablesNotPrepared(RuntimeError):
    """A table a server has not prepared: the message is the one line to show."""

    def __init__(self, variant_id: str) -> None:
        self.variant_id = variant_id
        super().__init__(not_prepared_line(variant_id))


def not_prepared_line(variant_id: str) -> str:
    return _(
        "the server has not prepared the tables for {variant}; "
        "the host can run `dicepoker solve --variant {variant} --winner`"
    ).format(variant=variant_id)


_serving: dict[str, str] = {}
"""What `serve_tables` set for this process (the server's), by variable."""


_releases: list[Callable[[], None]] = []


def on_release(callback: Callable[[], None]) -> None:
    """Have `release_pages` call `callback` (it unmaps what the family has read)."""
    if callback not in _releases:
        _releases.append(callback)


def release_pages() -> None:
    """Every family's prepared pages leave this process's memory (they stay in the page
    cache, shared, and come back on the next read)."""
    for callback in list(_releases):
        callback()


def cache_dir() -> Path:
    """Where tables are kept: the server's prepared folder, or `$DICEPOKER_HOME/cache`,
    or the user's cache folder."""
    prepared = prepared_dir()
    if prepared is not None:
        return prepared
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser() / "cache"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir(APP_NAME, appauthor=False))


def serve_tables(tables: Path | None, jobs: Path | None = None) -> None:
    """This process (a server) and the apps it starts read prepared tables from `tables`
    and queue heavy jobs in `jobs`; None: back to building on demand."""
    _serving.clear()
    if tables is not None:
        _serving[TABLES_ENV] = str(tables)
        if jobs is not None:
            _serving[JOBS_ENV] = str(jobs)


def session_env() -> dict[str, str]:
    """The environment a session app of this server gets for its tables and jobs."""
    return dict(_serving)


def _setting(name: str) -> str | None:
    return _serving.get(name) or os.environ.get(name) or None


def prepared_dir() -> Path | None:
    """The server's folder of prepared tables, or None (tables are built on demand)."""
    value = _setting(TABLES_ENV)
    return Path(value) if value else None


def prepared_only() -> bool:
    """Whether tables are only read (memory-mapped), never built or written."""
    return prepared_dir() is not None


def refuse_build(variant_id: str) -> None:
    """Called before a table would be built: raises when tables are only read."""
    if prepared_only():
        raise TablesNotPrepared(variant_id)


def _lower_thread_priority() -> None:
    """This thread (only) at the lowest priority (Linux: nice is per thread)."""
    with contextlib.suppress(OSError, AttributeError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), HEAVY_NICE)


@contextlib.contextmanager
def heavy_slot(
    waiting: Callable[[], None] | None = None, stop: Callable[[], bool] | None = None
) -> Iterator[None]:
    """Hold one of the server's heavy-job slots (waiting for one, `waiting()` called once
    if it must), at the lowest priority; nothing to wait for off a server. Raises
    TimeoutError when `stop()` turns true while waiting."""
    folder = _setting(JOBS_ENV)
    if not folder:
        yield
        return
    _lower_thread_priority()
    Path(folder).mkdir(parents=True, exist_ok=True)
    told = False
    while True:
        for i in range(HEAVY_SLOTS):
            fd = os.open(Path(folder) / f"slot-{i}", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                continue
            try:
                yield
            finally:
                os.close(fd)  # the lock goes with it (and with the process, if it dies)
            return
        if not told and waiting is not None:
            told = True
            waiting()
        if stop is not None and stop():
            raise TimeoutError("no heavy-job slot")
        time.sleep(POLL)
