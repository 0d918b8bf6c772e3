"""A history file that cannot be read: telling why, and moving it (with its WAL files) aside.

Nothing here deletes a file: a damaged history is renamed with a timestamp suffix so that a
fresh one can be started next to it.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from dicepoker_tui.i18n import _
from dicepoker_tui.store.schema import APPLICATION_ID, SCHEMA_VERSION, TABLES, user_version

# SQLite primary result codes that mean "this file is not a readable database".
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26
_SQLITE_MAGIC = b"SQLite format 3\x00"
_WAL_HEADER = 32


class Unreadable(Exception):
    """The file exists but is not a database this program can read."""

    def __init__(self, tag: str, reason: str) -> None:
        super().__init__(reason)
        self.tag = tag
        """Names the trouble in the moved file's suffix: corrupt, foreign, newer, unreadable."""
        self.reason = reason


def check_header(path: Path) -> None:
    """Raise `Unreadable` when `path` holds something other than an SQLite database.

    Looks before SQLite does: it would delete the WAL files next to a file it cannot read.
    """
    if not path.exists():
        return
    if path.stat().st_size:
        with path.open("rb") as head:
            if head.read(len(_SQLITE_MAGIC)) != _SQLITE_MAGIC:
                raise Unreadable("corrupt", _("is not an SQLite database"))
        return
    wal = path.with_name(path.name + "-wal")
    if wal.is_file() and wal.stat().st_size > _WAL_HEADER:
        raise Unreadable("empty", _("is empty but its write-ahead log holds data"))


def check_readable(conn: sqlite3.Connection) -> None:
    """Raise `Unreadable` unless this is an empty file or a history this program can read."""
    try:
        version = user_version(conn)
        app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
        tables = conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
        if version == 0 and app_id == 0 and tables == 0:
            return
        if app_id != APPLICATION_ID:
            raise Unreadable("foreign", _("is not a dicepoker history"))
        if version > SCHEMA_VERSION:
            raise Unreadable(
                "newer",
                _(
                    "was written by a newer version of dicepoker (schema version {version}; "
                    "this one reads up to {supported})"
                ).format(version=version, supported=SCHEMA_VERSION),
            )
        if version == SCHEMA_VERSION:
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
            missing = [t for t in TABLES if t not in names]
            if "sheet_lines" in names:  # an early layout of version 2: `migrate` brings it
                missing = [t for t in missing if t not in ("final_sheets", "packed_logs")]
            if missing:
                raise Unreadable("unreadable", _("has no {table} table").format(table=missing[0]))
        problems = [r[0] for r in conn.execute("PRAGMA quick_check(3)")]
        if problems != ["ok"]:
            raise Unreadable("corrupt", _("is damaged ({problem})").format(problem=problems[0]))
    except sqlite3.DatabaseError as exc:
        if _code(exc) in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
            raise Unreadable(
                "corrupt", _("cannot be read ({error})").format(error=" ".join(str(exc).split()))
            ) from exc
        raise


def _code(exc: sqlite3.Error) -> int:
    return int(getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


def move_aside(path: Path, tag: str) -> Path:
    """Rename the database (and its WAL files) with a timestamp suffix; the new name."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
    if path.exists():
        path.rename(target)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(target.with_name(target.name + suffix))
    return target


def unusable(path: Path, exc: BaseException) -> str:
    """The notice for a history file that cannot be used at all."""
    reason = getattr(exc, "strerror", None) or getattr(exc, "reason", None) or str(exc)
    return _("the game history {path} cannot be used ({reason})").format(
        path=path, reason=" ".join(str(reason).split())
    )
