"""Solved tables on disk, in the user cache directory, under a version key.

The directory is `$DICEPOKER_TABLES` on a server (read only, memory-mapped: see
`ai.prepared_tables`), else `$DICEPOKER_HOME/cache` when DICEPOKER_HOME is set, else the
platform's user cache directory. A table's file name carries the solver version and a
digest of everything the variant's scoring contributed to the model, so a change of
rules or solver never reads a stale table.
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import mmap
import os
import threading
import weakref
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

import numpy as np

from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.families.scoresheet.solver.model import Model
from dicepoker_tui.families.scoresheet.solver.table import SOLVER_VERSION, Table, model_for, solve
from dicepoker_tui.family.prepared import cache_dir, on_release, prepared_only, refuse_build

T = TypeVar("T")

DIGEST = 16
"""Hex digits of the model digest in a table's file name (`table_key`)."""

_memory: dict[str, Table] = {}
_models: dict[str, Model] = {}
_lock = threading.Lock()


def _model(variant: Variant) -> Model:
    model = _models.get(variant.id)
    if model is None or model.variant is not variant:
        model = _models[variant.id] = model_for(variant)
        _give_back_memory()
    return model


def _give_back_memory() -> None:
    """Return the heap the model's building freed to the system (glibc keeps it: some
    25 MB for Yatzy, in every process that builds the model)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def model_of(variant: Variant) -> Model:
    """The state model of a variant (built once, kept in memory)."""
    return _model(variant)


def table_key(model: Model) -> str:
    """`<variant>-v<solver version>-<digest>`: names the table of exactly this model."""
    digest = hashlib.sha256(model.fingerprint()).hexdigest()[:DIGEST]
    return f"{model.variant.id}-v{SOLVER_VERSION}-{digest}"


DAMAGED = (OSError, KeyError, ValueError, TypeError, EOFError, zipfile.BadZipFile, zlib.error)
"""What reading a damaged (cut, overwritten, foreign) cached file can raise."""


def load_arrays(path: Path) -> dict[str, np.ndarray] | None:
    """Every array of a cached `.npz`, or None when it is missing, not a regular file or
    damaged (it is then built again and rewritten). Prepared tables (on a server) are
    memory-mapped, read only."""
    if not path.is_file():
        return None
    try:
        if prepared_only():
            return mapped_arrays(path)
        with np.load(path, allow_pickle=False) as data:
            return {name: data[name] for name in data.files}
    except DAMAGED:
        return None


def mapped_arrays(path: Path) -> dict[str, np.ndarray]:
    """Every array of an uncompressed `.npz` (as `np.savez` writes), memory-mapped read
    only where the file holds it as is; raises one of DAMAGED otherwise."""
    out: dict[str, np.ndarray] = {}
    with zipfile.ZipFile(path) as archive, open(path, "rb") as fh:
        for info in archive.infolist():
            name = info.filename.removesuffix(".npy")
            if info.compress_type != zipfile.ZIP_STORED:
                raise ValueError(f"{path.name}: {name} is compressed")
            fh.seek(info.header_offset)
            local = fh.read(30)
            if local[:4] != b"PK\x03\x04":
                raise ValueError(f"{path.name}: no member at {info.header_offset}")
            skip = int.from_bytes(local[26:28], "little") + int.from_bytes(local[28:30], "little")
            fh.seek(info.header_offset + 30 + skip)
            version = np.lib.format.read_magic(fh)
            if version == (1, 0):
                shape, fortran, dtype = np.lib.format.read_array_header_1_0(fh)
            else:
                shape, fortran, dtype = np.lib.format.read_array_header_2_0(fh)
            if dtype.hasobject:
                raise ValueError(f"{path.name}: {name} holds objects")
            if not shape or 0 in shape:  # a scalar or nothing: read it
                out[name] = np.frombuffer(fh.read(dtype.itemsize * int(np.prod(shape))), dtype)
                out[name] = out[name].reshape(shape)
                continue
            order = "F" if fortran else "C"
            out[name] = np.memmap(path, dtype, "r", fh.tell(), shape, order)
            _mapped.add(out[name]._mmap)
    return out


_mapped: weakref.WeakSet[mmap.mmap] = weakref.WeakSet()
"""The mappings of prepared tables this process holds."""


def release_pages() -> None:
    """Unmap from this process the pages of prepared tables it has read (they stay in the
    page cache, shared, and come back on the next read) and give freed heap back: what a
    server's process holds stays its own memory, not every page a bot ever looked at."""
    for mapping in list(_mapped):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            mapping.madvise(mmap.MADV_DONTNEED)
    _give_back_memory()


on_release(release_pages)


def save_arrays(path: Path, **arrays: np.ndarray) -> None:
    """Write a cached `.npz` atomically (a reader never sees half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        with open(tmp, "wb") as fh:
            np.savez(fh, **arrays)
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()


def table_path(model: Model) -> Path:
    return cache_dir() / f"{table_key(model)}.npz"


def load_table(model: Model) -> Table | None:
    """The cached table of a model, or None (missing, not a regular file, damaged or the
    wrong size): then it is solved again and the cache rewritten."""
    data = load_arrays(table_path(model))
    if data is None:
        return None
    try:
        values, start, seconds = data["values"], float(data["start"]), float(data["seconds"])
    except DAMAGED:
        return None
    if values.shape != (model.n_states,) or values.dtype != np.float32:
        return None
    return Table(model, values, start, seconds)


def save_table(table: Table) -> Path:
    """Write a table atomically; returns its path."""
    path = table_path(table.model)
    save_arrays(
        path, values=table.values, start=np.float64(table.start), seconds=np.float64(table.seconds)
    )
    return path


def get_table(
    variant: Variant,
    use_cache: bool = True,
    workers: int = 2,
    progress: Callable[[float], None] | None = None,
) -> Table:
    """The table of a variant: from memory, else from the cache, else solved (and cached).

    With `use_cache=False` the table is solved afresh and neither read nor written.
    """
    if not use_cache:
        return solve(variant, workers=workers, progress=progress)
    with _lock:
        table = _memory.get(variant.id)
        if table is not None and table.variant is variant:
            return table
        model = _model(variant)
        table = load_table(model)
        if table is None:
            refuse_build(variant.id)
            table = solve(variant, workers=workers, progress=progress, model=model)
            with contextlib.suppress(OSError):  # a read-only cache costs a re-solve next time
                save_table(table)
        _memory[variant.id] = table
        return table


def cached(variant: Variant) -> bool:
    """Whether a table for the variant is in memory or on disk (no solving)."""
    table = _memory.get(variant.id)
    if table is not None and table.variant is variant:
        return True
    return table_path(_model(variant)).exists()


class SideTables(Generic[T]):
    """Tables solved from a variant's main table (spread, risk, targets): kept in memory,
    read from the cache on disk, or solved (and cached); never solved on a server."""

    def __init__(
        self,
        load: Callable[[Table], T | None],
        solve: Callable[[Table, Callable[[float], None] | None], T],
        save: Callable[[Table, T], None],
        fits: Callable[[T], bool] = lambda _value: True,
    ) -> None:
        self._load, self._solve, self._save, self._fits = load, solve, save, fits
        self._memory: dict[str, tuple[Table, T]] = {}
        self._lock = threading.Lock()

    def get(self, variant: Variant, progress: Callable[[float], None] | None = None) -> T:
        """The variant's tables: from memory, the cache, or solved (and cached)."""
        table = get_table(variant, progress=progress)
        with self._lock:
            hit = self._memory.get(variant.id)
            if hit is not None and hit[0] is table and self._fits(hit[1]):
                return hit[1]
            value = self._load(table)
            if value is None:
                refuse_build(variant.id)
                value = self._solve(table, progress)
                with contextlib.suppress(OSError):  # a read-only cache: re-solved next time
                    self._save(table, value)
            self._memory[variant.id] = (table, value)
            return value

    def loaded(self, variant: Variant) -> T | None:
        """The variant's tables if they are in memory (never loads or solves)."""
        hit = self._memory.get(variant.id)
        return hit[1] if hit is not None and hit[0].variant is variant else None

    def forget(self) -> None:
        """Nothing in memory: the next `get` reads the cache (or solves)."""
        with self._lock:
            self._memory.clear()
