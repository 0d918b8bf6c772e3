"""The history's SQLite connection: opening (creating or upgrading) a file, and its
transactions, shared by every family's repository.

Every event is committed as it happens (WAL mode), so a game killed at any moment
resumes from exactly what was shown. A database that cannot be read is moved aside,
never deleted, and a fresh one is started; `Database.open` says so in its notice.
"""

from __future__ import annotations

import functools
import sqlite3
import threading
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
from dicepoker_tui.store.schema import SCHEMA_VERSION, migrate, user_version


class StoreError(Exception):
    """A history operation that cannot be done; the message is one readable line."""


class GameNotFound(StoreError, KeyError):
    """No game with that id in the history."""

    def __str__(self) -> str:
        return str(self.args[0])


F = TypeVar("F", bound=Callable[..., Any])


def guarded(method: F) -> F:
    """SQLite failures (disk full, damaged pages, a lock held too long) become `StoreError`."""

    @functools.wraps(method)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as exc:
            raise StoreError(
                _("the game history could not be used: {error}").format(error=exc)
            ) from exc
        except ValidationError as exc:
            raise StoreError(
                _("the game history holds an unreadable game: {error}").format(
                    error=exc.errors()[0]["msg"]
                )
            ) from exc

    return wrapper  # type: ignore[return-value]


def now() -> datetime:
    return datetime.now(UTC)


def stamp(moment: datetime | None) -> str:
    """How a moment (now when None) is kept in the history: UTC, ISO 8601, milliseconds."""
    return (moment or now()).astimezone(UTC).isoformat(timespec="milliseconds")


class Database:
    """One SQLite connection, safe to share between threads; one write transaction at a time."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None) -> None:
        self.conn = conn
        """In autocommit mode: transactions are begun by `write` and `read`."""
        self.lock = threading.RLock()
        self.path = path
        """The database file, or None for a database kept in memory."""

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path | None = None) -> tuple[Database, str | None]:
        """Open (creating or upgrading) the history at `path` or the default place; the
        database, and a message for the player when something was wrong.

        Never raises for a bad file: an unreadable database is moved aside and a fresh one
        started; when no file can be used at all the database lives in memory. Either way the
        notice tells the player what happened.
        """
        target = Path(path) if path is not None else default_db_path()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            return cls.open_file(target), None
        except Unreadable as bad:
            try:
                moved = move_aside(target, bad.tag)
            except OSError as exc:
                return cls.memory(), _(
                    "The game history {path} {reason} and could not be moved aside "
                    "({error}); games of this session will not be saved."
                ).format(path=target, reason=bad.reason, error=exc.strerror)
            notice = _(
                "The game history {reason}; it was moved to {path} and a new history was started."
            ).format(reason=bad.reason, path=moved)
        except (sqlite3.Error, OSError) as exc:
            return cls.memory(), unusable(target, exc)
        try:
            return cls.open_file(target), notice
        except (Unreadable, sqlite3.Error, OSError) as exc:
            return cls.memory(), f"{notice} {unusable(target, exc)}"

    @classmethod
    def memory(cls) -> Database:
        """A database that lives only as long as this process (tests, or no usable file)."""
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
        return cls(conn, None)

    @classmethod
    def open_file(cls, path: Path) -> Database:
        """The history at `path`, migrated; `Unreadable` when it is not one this can read."""
        check_header(path)
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10)
        try:
            check_readable(conn)
            conn.execute("PRAGMA journal_mode = WAL")
            # In WAL mode NORMAL loses no committed transaction when the process dies.
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA foreign_keys = ON")
            try:
                migrate(conn)
            except sqlite3.OperationalError:
                raise
            except (sqlite3.DatabaseError, ValueError) as exc:
                raise Unreadable(
                    "unreadable",
                    _("could not be upgraded to schema version {version} ({error})").format(
                        version=SCHEMA_VERSION, error=exc
                    ),
                ) from exc
        except BaseException:
            conn.close()
            raise
        return cls(conn, path)

    def close(self) -> None:
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
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
            self.conn.execute("COMMIT")

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
