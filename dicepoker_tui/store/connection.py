"""The history's SQLite connection: opening (creating or upgrading) a file, and its
transactions, shared by every family's repository.

Every event is committed as it happens (WAL mode), so a game killed at any moment
resumes from exactly what was shown. A database that cannot be read is moved aside,
never deleted, and a fresh one is started; `Database.open` says so in its notice.
"""

from __future__ import annotations

import functools
import os
import sqlite3
import threading
import weakref
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from dicepoker_tui.i18n import _
from dicepoker_tui.store.paths import default_db_path
from dicepoker_tui.store.recovery import (
    Unreadable,
    check_header,
    check_readable,
    move_aside,
    unusable,
)
from dicepoker_tui.store.schema import SCHEMA_VERSION, migrate, needs_upgrade, user_version
from dicepoker_tui.store.wal_recovery import recover


class StoreError(Exception):
    """A history operation that cannot be done; the message is one readable line."""


class HistoryUnavailable(StoreError):
    """The history file cannot be opened (or locked) for what was asked."""


class GameNotFound(StoreError, KeyError):
    """No game with that id in the history."""

    def __str__(self) -> str:
        return str(self.args[0])


class StaleWrite(StoreError):
    """A write that does not follow the game's stored log (another copy of the game wrote
    first, or the game is finished): refused, nothing changed."""


class DuplicateGame(StoreError):
    """The game to be created is in the history already, as `game_id`."""

    def __init__(self, game_id: int) -> None:
        super().__init__(_("this game is already in the history as game {id}").format(id=game_id))
        self.game_id = game_id


def refuse_stale(game_id: int, count: int, status: str, seq: int | None) -> None:
    """Raise `StaleWrite` unless events may be added at position `seq` (None: anywhere) of
    a game with `count` events stored and this `status`."""
    if status == "finished":
        raise StaleWrite(_("game {id} is finished; nothing can be added to it").format(id=game_id))
    if seq is not None and seq != count:
        raise StaleWrite(
            _(
                "game {id} has {count} events stored, not {expected}: "
                "it is being played somewhere else"
            ).format(id=game_id, count=count, expected=seq)
        )


F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")
Waiting = Callable[[str], None]

LOCK_FIRST_WAIT = 0.5
"""Seconds a write waits for another process's lock before saying it waits."""
LOCK_MOST_WAIT = 30.0
"""Seconds it then waits before giving up with one line."""
_SQLITE_BUSY = 5


def one_line(exc: BaseException) -> str:
    """An error's text on one line (SQLite's own texts may hold newlines)."""
    return " ".join(str(exc).split())


def _busy(exc: sqlite3.Error) -> bool:
    code = int(getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF
    return code == _SQLITE_BUSY or "database is locked" in str(exc)


def _regular_or_missing(path: Path) -> None:
    """Raise `HistoryUnavailable` when `path` exists but is not a regular file."""
    if path.exists() and not path.is_file():
        raise HistoryUnavailable(
            _("the game history {path} cannot be used (it is not a regular file)").format(path=path)
        )


def guarded(method: F) -> F:
    """SQLite failures (disk full, damaged pages, a lock held too long) become `StoreError`."""

    @functools.wraps(method)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as exc:
            raise StoreError(
                _("the game history could not be used: {error}").format(error=one_line(exc))
            ) from exc
        except ValidationError as exc:
            raise StoreError(
                _("the game history holds an unreadable game: {error}").format(
                    error=exc.errors()[0]["msg"]
                )
            ) from exc
        except (zlib.error, ValueError, OverflowError, RecursionError) as exc:
            raise StoreError(
                _("the game history holds an unreadable game: {error}").format(error=one_line(exc))
            ) from exc

    return wrapper  # type: ignore[return-value]


@contextmanager
def sqlite_failures() -> Iterator[None]:
    """Within: an SQLite failure (a full disk, a damaged page) becomes `StoreError` with
    `guarded`'s one line, for writers that are not guarded themselves."""
    try:
        yield
    except sqlite3.Error as exc:
        raise StoreError(
            _("the game history could not be used: {error}").format(error=one_line(exc))
        ) from exc


def now() -> datetime:
    return datetime.now(UTC)


def stamp(moment: datetime | None) -> str:
    """How a moment (now when None) is kept in the history: UTC, ISO 8601, milliseconds."""
    return (moment or now()).astimezone(UTC).isoformat(timespec="milliseconds")


OPEN: weakref.WeakSet[Database] = weakref.WeakSet()
"""The databases open in this process (where a stored game's own rules can be found)."""


class Database:
    """One SQLite connection, safe to share between threads; one write transaction at a time."""

    def __init__(
        self, conn: sqlite3.Connection, path: Path | None, on_wait: Waiting | None = None
    ) -> None:
        self.conn = conn
        """In autocommit mode: transactions are begun by `write` and `read`."""
        self.lock = threading.RLock()
        self.path = path
        """The database file, or None for a database kept in memory."""
        self.on_wait = on_wait
        """Told (once per wait) that another process holds the write lock."""
        OPEN.add(self)

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        path: str | Path | None = None,
        *,
        read_only: bool = False,
        on_wait: Waiting | None = None,
    ) -> tuple[Database, str | None]:
        """Open the history at `path` or the default place; the database, and a message for
        the player when something was wrong (a damaged file moved aside).

        For writing (the default) the file is created or upgraded; a damaged or empty one
        is moved aside with its WAL files, never deleted, and what they hold is recovered.
        `read_only` never writes into the database and never waits for the write lock: an
        older schema is upgraded in a copy kept in memory, and a missing file is an empty
        history (a file that is no history is still moved aside: that is a rename).
        `HistoryUnavailable` (one line naming the file and why) when it cannot be used.
        `on_wait` is told once when another process holds the write lock.
        """
        target = Path(path) if path is not None else default_db_path()
        try:
            if read_only:
                return cls._open_read_only(target), None
            target.parent.mkdir(parents=True, exist_ok=True)
            _regular_or_missing(target)
            return cls.open_file(target, on_wait), None
        except Unreadable as bad:  # moved aside even when reading: a rename, not a write
            try:
                moved = move_aside(target, bad.tag)
            except OSError as exc:
                raise HistoryUnavailable(unusable(target, exc)) from None
            reason = bad.reason
            recovered = bad.tag in ("corrupt", "empty") and recover(moved, target)
        except (sqlite3.Error, OSError) as exc:
            if not read_only and target.parent.is_dir() and not os.access(target.parent, os.W_OK):
                raise HistoryUnavailable(
                    _(
                        "the game history {path} cannot be used (its folder {folder} is read-only)"
                    ).format(path=target, folder=target.parent)
                ) from None
            raise HistoryUnavailable(unusable(target, exc)) from None
        if recovered:
            notice = _(
                "The game history {reason}; it was moved to {path} and what it held "
                "was recovered into a new history."
            ).format(reason=reason, path=moved)
        else:
            notice = _(
                "The game history {reason}; it was moved to {path} and a new history was started."
            ).format(reason=reason, path=moved)
        try:
            if read_only:
                return cls._open_read_only(target), notice
            return cls.open_file(target, on_wait), notice
        except (Unreadable, sqlite3.Error, OSError) as exc:
            raise HistoryUnavailable(f"{notice} {unusable(target, exc)}") from None

    @classmethod
    def memory(cls) -> Database:
        """A database that lives only as long as this process (tests, an empty history)."""
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
        return cls(conn, None)

    @classmethod
    def open_file(cls, path: Path, on_wait: Waiting | None = None) -> Database:
        """The history at `path`, migrated; `Unreadable` when it is not one this can read."""
        check_header(path)
        conn = sqlite3.connect(
            path, isolation_level=None, check_same_thread=False, timeout=LOCK_FIRST_WAIT
        )
        db = cls(conn, path, on_wait)
        try:
            check_readable(conn)
            db.waiting_for_lock(lambda: conn.execute("PRAGMA journal_mode = WAL"))
            # In WAL mode NORMAL loses no committed transaction when the process dies.
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA foreign_keys = ON")
            db.waiting_for_lock(lambda: _upgrade(conn))
        except BaseException:
            conn.close()
            raise
        return db

    @classmethod
    def _open_read_only(cls, path: Path) -> Database:
        """The history at `path` for reading: no write, no write lock, no migration on disk."""
        if not path.exists():
            return cls.memory()
        _regular_or_missing(path)
        check_header(path)
        conn = _connect_read_only(path)
        try:
            check_readable(conn)
            if needs_upgrade(conn):  # upgraded in a copy, the file untouched
                copy = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
                conn.backup(copy)
                conn.close()
                conn = copy
                try:
                    _upgrade(conn)
                except Unreadable as bad:  # said, never moved aside by a reading command
                    raise HistoryUnavailable(unusable(path, bad)) from None
            conn.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            conn.close()
            raise
        return cls(conn, path)

    def close(self) -> None:
        OPEN.discard(self)
        with self.lock:
            self.conn.close()

    @property
    def schema_version(self) -> int:
        with self.lock:
            return user_version(self.conn)

    # -- transactions ----------------------------------------------------------------------
    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed when the block ends, rolled back if it raises."""
        with self.lock:
            self.waiting_for_lock(lambda: self.conn.execute("BEGIN IMMEDIATE"))
            try:
                yield self.conn
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
            self.conn.execute("COMMIT")

    def waiting_for_lock(self, step: Callable[[], T]) -> T:
        """Run `step`; when another process holds the write lock, say so through `on_wait`
        and wait for it up to `LOCK_MOST_WAIT` seconds, then fail with one line."""
        try:
            return step()
        except sqlite3.OperationalError as exc:
            if not _busy(exc):
                raise
        if self.on_wait is not None:
            self.on_wait(
                _("waiting for another dicepoker to release the game history {path}").format(
                    path=self.path
                )
            )
        self.conn.execute(f"PRAGMA busy_timeout = {int(LOCK_MOST_WAIT * 1000)}")
        try:
            return step()
        except sqlite3.OperationalError as exc:
            if _busy(exc):
                raise HistoryUnavailable(
                    _(
                        "the game history {path} is locked by another process "
                        "(waited {seconds} seconds)"
                    ).format(path=self.path, seconds=int(LOCK_MOST_WAIT))
                ) from None
            raise
        finally:
            self.conn.execute(f"PRAGMA busy_timeout = {int(LOCK_FIRST_WAIT * 1000)}")

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: every query in the block sees the same database."""
        with self.lock:
            self.conn.execute("BEGIN")
            try:
                yield self.conn
            finally:
                self.conn.execute("COMMIT")

    def fetch_all(self, sql: str, params: Any = ()) -> list[Any]:
        """The rows of one query (no transaction of its own is needed for one statement)."""
        with self.lock:
            return self.conn.execute(sql, params).fetchall()


def _upgrade(conn: sqlite3.Connection) -> None:
    """`migrate`; `Unreadable` when the file cannot be upgraded (a lock held is no damage)."""
    try:
        migrate(conn)
    except sqlite3.OperationalError:
        raise
    except (sqlite3.DatabaseError, ValueError) as exc:
        raise Unreadable(
            "unreadable",
            _("could not be upgraded to schema version {version} ({error})").format(
                version=SCHEMA_VERSION, error=one_line(exc)
            ),
        ) from exc


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to `path`. In a folder this process cannot write, SQLite
    cannot create the WAL index; with no write-ahead log beside it the file is then read
    as immutable (nothing can be committed there meanwhile: the folder is unwritable)."""
    uri = path.resolve().as_uri()
    conn = sqlite3.connect(
        uri + "?mode=ro",
        uri=True,
        isolation_level=None,
        check_same_thread=False,
        timeout=LOCK_FIRST_WAIT,
    )
    try:
        conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError:  # not the damage `check_readable` tells (a subclass)
        conn.close()
        wal = path.with_name(path.name + "-wal")
        if (wal.exists() and wal.stat().st_size) or os.access(path.parent, os.W_OK):
            raise
    except sqlite3.DatabaseError:
        return conn  # damaged: `check_readable` says how
    return sqlite3.connect(
        uri + "?mode=ro&immutable=1",
        uri=True,
        isolation_level=None,
        check_same_thread=False,
    )
