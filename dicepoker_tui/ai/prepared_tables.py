"""Prepared tables: on a server, the solver's tables are read, never built.

`dicepoker serve` points `$DICEPOKER_TABLES` at the operator's cache folder (where
`dicepoker solve --variant V --winner` writes) for itself and every session app. With it
set, every table is read from there memory-mapped (one copy in the page cache, shared by
all processes), nothing is written, and a table that is not there raises
`TablesNotPrepared` (one line naming the command that builds it) instead of being built.

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


SOLVER_LEVELS = ("optimal", "strong", "casual", "novice")
"""Bot levels that read the expected-score table."""
DIGEST = 16
"""Hex digits of the model digest in a table's file name (`cache.table_key`)."""


def tables_ready(variant_id: str, levels: list[str]) -> bool:
    """Whether the prepared folder holds the tables that bots of `levels` read in this
    variant (by their file names: no model is built); true for variants without a
    solver and levels that read no table."""
    from dicepoker_tui.ai.solver.risk import RISK_VERSION
    from dicepoker_tui.ai.solver.spread import SPREAD_VERSION
    from dicepoker_tui.ai.solver.table import SOLVER_VERSION
    from dicepoker_tui.ai.solver.targets import TARGET_OPEN, TARGETS_VERSION, WIDTH
    from dicepoker_tui.ai.winner_bot import WINNER, needs_risk_tables
    from dicepoker_tui.engine.scoresheet.variants import get_variant

    folder = prepared_dir()
    try:
        get_variant(variant_id)
    except KeyError:
        return True
    if folder is None:
        return True
    wanted = [""] if WINNER in levels or any(lv in SOLVER_LEVELS for lv in levels) else []
    if WINNER in levels:
        wanted.append(f"-spread{SPREAD_VERSION}")
        if variant_id in TARGET_OPEN:
            wanted.append(f"-targets{TARGETS_VERSION}-{TARGET_OPEN[variant_id]}-{WIDTH}")
        if needs_risk_tables(variant_id):
            wanted.append(f"-risk{RISK_VERSION}")
    key = f"{variant_id}-v{SOLVER_VERSION}-{'?' * DIGEST}"
    return all(any(folder.glob(f"{key}{tail}.npz")) for tail in wanted)


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
