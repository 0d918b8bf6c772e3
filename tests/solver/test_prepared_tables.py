"""Prepared tables (a server's): read memory-mapped and shared, never built or written;
heavy jobs queued across processes; a build stopped by SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from dicepoker_tui.families.scoresheet.bots.prepared_tables import tables_ready
from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.solver import cache as cache_mod
from dicepoker_tui.families.scoresheet.solver import risk as risk_mod
from dicepoker_tui.families.scoresheet.solver import spread as spread_mod
from dicepoker_tui.families.scoresheet.solver import targets as targets_mod
from dicepoker_tui.family import prepared

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def _forget(monkeypatch) -> None:
    """Nothing in this process's memory: every table comes from disk."""
    monkeypatch.setattr(cache_mod, "_memory", {})
    for module in (spread_mod, risk_mod, targets_mod):
        module.forget()


def _poll(check, what: str, timeout: float = 30.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _files(folder: Path) -> dict[str, int]:
    return {p.name: p.stat().st_size for p in folder.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A cache folder with dice poker's table and the `winner`'s tables (a few seconds),
    built by `dicepoker solve` as an operator does."""
    home = tmp_path_factory.mktemp("operator")
    env = {**os.environ, "DICEPOKER_HOME": str(home)}
    command = [sys.executable, "-m", "dicepoker_tui", "solve", "--variant", "dice-poker"]
    subprocess.run([*command, "--winner"], env=env, cwd=ROOT, check=True, capture_output=True)
    return home / "cache"


@pytest.fixture
def serving(built, monkeypatch) -> Path:
    monkeypatch.delenv(prepared.TABLES_ENV, raising=False)
    monkeypatch.setenv(prepared.TABLES_ENV, str(built))
    _forget(monkeypatch)
    return built


def test_prepared_tables_are_mapped_read_only_and_nothing_is_written(serving) -> None:
    before = _files(serving)
    variant = get_variant("dice-poker")
    table = cache_mod.get_table(variant)
    spread = spread_mod.get_spread(variant)
    risk = risk_mod.get_risk(variant)
    for array in (table.values, spread.var, *risk.values):
        assert isinstance(array, np.memmap) and not array.flags.writeable
    assert table.values.shape == (table.states,) and np.isfinite(table.values).all()
    assert 160 < table.start < 170  # dice poker's expected score, read back exactly
    assert float(spread.var.max()) > 0
    with pytest.raises(ValueError):
        table.values[0] = 1.0  # read only: a bug cannot spoil the server's tables
    assert _files(serving) == before


def test_a_missing_table_is_refused_with_one_line_not_built(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(prepared.TABLES_ENV, str(tmp_path))
    _forget(monkeypatch)
    variant = get_variant("yatzy")
    t0 = time.perf_counter()
    for get in (cache_mod.get_table, spread_mod.get_spread, targets_mod.get_targets):
        with pytest.raises(prepared.TablesNotPrepared) as refused:
            get(variant)
        line = str(refused.value)
        assert "\n" not in line
        assert "dicepoker solve --variant yatzy --winner" in line
    assert time.perf_counter() - t0 < 5  # nothing solved (the table alone takes minutes)
    assert _files(tmp_path) == {}


def test_a_damaged_prepared_table_is_refused_not_rebuilt(built, tmp_path, monkeypatch) -> None:
    for path in built.glob("*.npz"):
        data = path.read_bytes()
        (tmp_path / path.name).write_bytes(data[: len(data) // 2])  # cut in the middle
    monkeypatch.setenv(prepared.TABLES_ENV, str(tmp_path))
    _forget(monkeypatch)
    before = _files(tmp_path)
    with pytest.raises(prepared.TablesNotPrepared):
        cache_mod.get_table(get_variant("dice-poker"))
    assert _files(tmp_path) == before


def test_tables_ready_names_what_bots_need(serving) -> None:
    assert tables_ready("dice-poker", ["winner", "optimal"])
    assert tables_ready("yatzy", ["heuristic"])
    assert tables_ready("perudo", ["strong"])  # no solver tables in bidding
    assert not tables_ready("yatzy", ["optimal"])
    assert not tables_ready("dice-poker-bank", ["winner"])


READER = """
import sys
import numpy as np
from dicepoker_tui.families.scoresheet.solver.risk import get_risk
from dicepoker_tui.families.scoresheet.rules.variants import get_variant
risk = get_risk(get_variant("dice-poker"))
print(sum(float(np.asarray(v).sum()) for v in risk.values), flush=True)
sys.stdin.read()
"""


def _mapping(pid: int, path: Path) -> dict[str, int]:
    """The smaps fields (kB) of `path`'s mapping in process `pid` (empty: not mapped)."""
    fields: dict[str, int] = {}
    inside = False
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        parts = line.split()
        if len(parts) >= 5 and "-" in parts[0] and ":" in parts[3]:
            inside = parts[-1] == str(path)
        elif inside and len(parts) >= 2 and parts[1].isdigit():
            fields[parts[0].rstrip(":")] = fields.get(parts[0].rstrip(":"), 0) + int(parts[1])
    return fields


def test_two_processes_share_one_copy_of_a_prepared_table(built) -> None:
    """Every app reads the same pages of the page cache: no private copy per process."""
    env = {**os.environ, prepared.TABLES_ENV: str(built), "PYTHONPATH": str(ROOT)}
    path = next(built.glob("*-risk1.npz"))
    readers = [
        subprocess.Popen(
            [sys.executable, "-c", READER],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    try:
        sums = [reader.stdout.readline() for reader in readers]  # both have read it all
        assert sums[0] == sums[1] and float(sums[0]) != 0
        size_kb = path.stat().st_size // 1024
        for reader in readers:
            seen = _mapping(reader.pid, path)
            assert seen.get("Rss", 0) >= size_kb * 0.9  # touched: every page resident
            shared = seen.get("Shared_Clean", 0) + seen.get("Shared_Dirty", 0)  # dirty: fresh
            assert shared >= size_kb * 0.9  # the same pages in both processes
            assert seen.get("Anonymous", 0) == 0  # nothing copied
    finally:
        for reader in readers:
            reader.kill()
            reader.wait()


HOLDER = """
import sys, threading, os
from dicepoker_tui.family.prepared import heavy_slot
def waiting():
    print("waiting", flush=True)
with heavy_slot(waiting):
    nice = open(f"/proc/self/task/{threading.get_native_id()}/stat").read().rsplit(")", 1)[1]
    print("running nice", nice.split()[16], flush=True)
    sys.stdin.readline()
print("done", flush=True)
"""


def test_heavy_jobs_queue_across_processes_at_the_lowest_priority(tmp_path) -> None:
    env = {**os.environ, prepared.JOBS_ENV: str(tmp_path), "PYTHONPATH": str(ROOT)}

    def start() -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, "-c", HOLDER],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    first = start()
    second = None
    try:
        assert first.stdout.readline().split() == ["running", "nice", "19"]
        second = start()
        assert second.stdout.readline().strip() == "waiting"  # the one slot is taken
        first.stdin.write("\n")
        first.stdin.flush()
        assert first.stdout.readline().strip() == "done"
        assert second.stdout.readline().split() == ["running", "nice", "19"]
        second.stdin.write("\n")
        second.stdin.flush()
        assert second.stdout.readline().strip() == "done"
    finally:
        for proc in (first, second):
            if proc is not None:
                proc.kill()
                proc.wait()


def test_a_slot_held_by_a_killed_process_is_free_again(tmp_path) -> None:
    env = {**os.environ, prepared.JOBS_ENV: str(tmp_path), "PYTHONPATH": str(ROOT)}
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    assert holder.stdout.readline().startswith("running")
    holder.kill()
    holder.wait()
    other = subprocess.run(
        [sys.executable, "-c", HOLDER], env=env, input="\n", capture_output=True, text=True,
        timeout=30,
    )  # fmt: skip
    assert other.stdout.split("\n")[0].startswith("running")  # no wait for a dead holder


def test_sigterm_stops_a_build_within_seconds(tmp_path) -> None:
    """`dicepoker solve` building Yatzy's tables (minutes) ends soon after SIGTERM and
    leaves no half-written table behind."""
    env = {**os.environ, "DICEPOKER_HOME": str(tmp_path)}
    env.pop(prepared.TABLES_ENV, None)
    command = [sys.executable, "-m", "dicepoker_tui", "solve", "--variant", "yatzy", "--winner"]
    build = subprocess.Popen(command, env=env, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    _poll(lambda: _cpu_seconds(build.pid) > 3.0, "the build under way")
    t0 = time.monotonic()
    build.send_signal(signal.SIGTERM)
    try:
        build.wait(timeout=5)
    finally:
        build.kill()
    assert time.monotonic() - t0 < 5
    assert build.returncode != 0
    assert not any(p.name.endswith(".tmp") for p in tmp_path.rglob("*"))
    assert "Traceback" not in build.stderr.read()


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_released_pages_leave_the_process_and_read_back_the_same(serving) -> None:
    """What a server calls after each bot move: the table's pages go (RSS), the values
    stay (read again from the page cache)."""
    risk = risk_mod.get_risk(get_variant("dice-poker"))
    path = next(serving.glob("*-risk1.npz"))
    before = [np.array(v) for v in risk.values]  # every page read
    assert _mapping(os.getpid(), path).get("Rss", 0) >= path.stat().st_size // 1024 * 0.9
    cache_mod.release_pages()
    assert _mapping(os.getpid(), path).get("Rss", 0) == 0
    assert all(np.array_equal(a, b) for a, b in zip(before, risk.values, strict=True))
