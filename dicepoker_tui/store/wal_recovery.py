"""Recovering what a history moved aside still holds, into the new history at its place.

Two cases: an empty main file whose write-ahead log holds committed transactions (SQLite
itself would drop that log), rebuilt page by page from the log's committed frames (row
by row when the log lacks pages an earlier checkpoint wrote to the lost file); and a
damaged database, from which every row that still reads is copied. The files moved aside
are never written: SQLite only ever opens a copy of them.
"""

from __future__ import annotations

import shutil
import sqlite3
import struct
import tempfile
from pathlib import Path

from dicepoker_tui.store.schema import SCHEMA_VERSION, TABLES, migrate, user_version

SALVAGED_VERSIONS = (SCHEMA_VERSION - 1, SCHEMA_VERSION)
"""Versions a damaged file's games are salvaged from (the last only added `leases`)."""
SALVAGED_TABLES = tuple(table for table in TABLES if table != "leases")
"""What is copied: not `leases`, which tell who was writing the old file."""
_WAL_MAGIC = (0x377F0682, 0x377F0683)
_WAL_HEADER = 32
_FRAME_HEADER = 24


def recover(moved: Path, target: Path) -> bool:
    """Fill a new history at `target` from the files moved aside to `moved` (and its
    `-wal`); True when any game was recovered. Never raises for what it finds there."""
    wal = moved.with_name(moved.name + "-wal")
    try:
        if moved.exists() and moved.stat().st_size == 0 and wal.is_file():
            pages = committed_pages(wal.read_bytes())
            if pages is None:
                return False
            _write_pages(target, *pages)
            return _usable(target) or _salvage_pages(pages, target)
        if moved.is_file() and moved.stat().st_size:
            return _salvage(moved, target)
    except (OSError, sqlite3.Error):
        return False
    return False


def committed_pages(log: bytes) -> tuple[int, dict[int, bytes], int] | None:
    """From a WAL file: (page size, page number → its last committed content, pages in the
    database); None when no transaction in it is complete and intact."""
    if len(log) < _WAL_HEADER:
        return None
    magic, _version, page_size, _seq, salt1, salt2, ck1, ck2 = struct.unpack(
        ">8I", log[:_WAL_HEADER]
    )
    if magic not in _WAL_MAGIC or page_size < 512 or page_size & (page_size - 1):
        return None
    order = ">" if magic & 1 else "<"
    s = _checksum(log[:24], 0, 0, order)
    if s != (ck1, ck2):
        return None
    committed: dict[int, bytes] = {}
    pending: dict[int, bytes] = {}
    size = 0
    at = _WAL_HEADER
    while at + _FRAME_HEADER + page_size <= len(log):
        pgno, commit, f_salt1, f_salt2, f_ck1, f_ck2 = struct.unpack(
            ">6I", log[at : at + _FRAME_HEADER]
        )
        page = log[at + _FRAME_HEADER : at + _FRAME_HEADER + page_size]
        if (f_salt1, f_salt2) != (salt1, salt2) or pgno == 0:
            break
        s = _checksum(page, *_checksum(log[at : at + 8], *s, order), order)
        if s != (f_ck1, f_ck2):
            break
        pending[pgno] = page
        if commit:
            committed.update(pending)
            pending.clear()
            size = commit
        at += _FRAME_HEADER + page_size
    if not size or 1 not in committed:
        return None
    return page_size, committed, size


def _checksum(data: bytes, s0: int, s1: int, order: str) -> tuple[int, int]:
    words = struct.unpack(f"{order}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def _write_pages(target: Path, page_size: int, pages: dict[int, bytes], size: int) -> None:
    with target.open("xb") as out:
        for number in range(1, size + 1):
            out.write(pages.get(number, bytes(page_size)))


def _salvage_pages(pages: tuple[int, dict[int, bytes], int], target: Path) -> bool:
    """The rows that still read from a log that lacks some pages (those written to the
    main file by an earlier checkpoint are lost with it): rebuilt in a scratch file."""
    with tempfile.TemporaryDirectory() as tmp:
        rebuilt = Path(tmp) / "rebuilt.db"
        _write_pages(rebuilt, *pages)
        return _salvage(rebuilt, target)


def _usable(target: Path) -> bool:
    """Whether the rebuilt file is a readable database holding games (else it is removed:
    it is this module's own file, nothing of the player's)."""
    try:
        conn = sqlite3.connect(target, isolation_level=None)
        try:
            ok = conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
            games = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        finally:
            conn.close()
        if ok and games:
            return True
    except sqlite3.Error:
        pass
    target.unlink(missing_ok=True)
    for suffix in ("-wal", "-shm"):
        target.with_name(target.name + suffix).unlink(missing_ok=True)
    return False


def _salvage(moved: Path, target: Path) -> bool:
    """Copy every row that still reads from a damaged history (of this schema version)."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "damaged.db"
        shutil.copyfile(moved, copy)
        for suffix in ("-wal",):
            side = moved.with_name(moved.name + suffix)
            if side.is_file():
                shutil.copyfile(side, copy.with_name(copy.name + suffix))
        try:
            old = sqlite3.connect(copy, isolation_level=None)
        except sqlite3.Error:
            return False
        try:
            if user_version(old) not in SALVAGED_VERSIONS:
                return False
            rows = {table: _readable_rows(old, table) for table in SALVAGED_TABLES}
        except sqlite3.Error:
            return False
        finally:
            old.close()
    if not rows["games"]:
        return False
    conn = sqlite3.connect(target, isolation_level=None)
    try:
        migrate(conn)
        conn.execute("BEGIN IMMEDIATE")
        for table, found in rows.items():
            if found:
                marks = ", ".join("?" * len(found[0]))
                conn.executemany(f"INSERT OR IGNORE INTO {table} VALUES ({marks})", found)
        conn.execute(  # a game whose log did not survive cannot be shown or resumed
            "DELETE FROM games WHERE id NOT IN (SELECT game_id FROM packed_logs)"
            " AND id NOT IN (SELECT game_id FROM events)"
            " AND id NOT IN (SELECT game_id FROM event_logs)"
        )
        for table in ("players", "events", "final_sheets", "packed_logs", "event_logs"):
            conn.execute(f"DELETE FROM {table} WHERE game_id NOT IN (SELECT id FROM games)")
        conn.execute("COMMIT")
        kept = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    finally:
        conn.close()
    return bool(kept)


def _readable_rows(conn: sqlite3.Connection, table: str) -> list[tuple[object, ...]]:
    """The rows of `table` up to the first one that does not read."""
    found: list[tuple[object, ...]] = []
    try:
        for row in conn.execute(f"SELECT * FROM {table}"):
            found.append(tuple(row))
    except sqlite3.DatabaseError:
        pass
    return found
