"""A real full disk for the tests: a small tmpfs mounted for one test (root only; the test
is skipped where it cannot be mounted), filled with a file until the kernel says ENOSPC."""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

FILLER = "filler"


@contextmanager
def small_disk(where: Path, size: str = "4m") -> Iterator[Path]:
    """`where`, a fresh tmpfs of `size` for the block; skips the test when none can be had."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root")
    where.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        pytest.skip(f"no tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def fill(disk: Path, leave: int = 0) -> None:
    """Fill `disk` until a write fails with ENOSPC, then give back `leave` bytes."""
    path = disk / FILLER
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        for chunk in (1 << 16, 1 << 12, 1 << 9, 1):
            try:
                while True:
                    os.write(fd, b"\0" * chunk)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC, exc
    finally:
        os.close(fd)
    free = shutil.disk_usage(disk).free
    assert free < 1 << 12, free
    if leave:
        os.truncate(path, max(0, path.stat().st_size - leave))


def free_up(disk: Path) -> None:
    """Room again: the filler goes."""
    (disk / FILLER).unlink(missing_ok=True)


@contextmanager
def history_in_use(db: Path) -> Iterator[None]:
    """The history open elsewhere (as by another dicepoker), so its `-wal` and `-shm`
    files stay: the disk can then fill while the history still opens for writing."""
    conn = sqlite3.connect(db)
    try:
        conn.execute("SELECT count(*) FROM games").fetchall()
        assert db.with_name(db.name + "-wal").exists()
        yield
    finally:
        conn.close()
