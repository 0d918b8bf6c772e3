"""Terminal app timings, measured from the outside on a pseudo-terminal, as a user sees them.

1. Start: from spawning `dicepoker` to the first frame of the lobby on the terminal.
2. Throw: from writing the throw key to the terminal to the last byte of the frame that
   repaints the dice (the frame's end is where the output falls quiet; the time taken is
   that of its last byte, not of the quiet that follows).

Usage: .venv/bin/python bench/ui_bench.py [--starts N] [--games N] [--size 80x24]
"""

from __future__ import annotations

import argparse
import fcntl
import os
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DICEPOKER = [sys.executable, "-m", "dicepoker_tui"]
LOBBY_MARK = b"Seats"
TABLE_MARK = b"to play"
QUIET = 0.03  # seconds without output that end a frame


class Terminal:
    """A pseudo-terminal running one `dicepoker` process."""

    def __init__(self, args: list[str], size: tuple[int, int], home: str) -> None:
        self.master, slave = os.openpty()
        cols, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", DICEPOKER_HOME=home)
        env.pop("NO_COLOR", None)
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            [*DICEPOKER, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=ROOT,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.seen = b""

    def read(self, timeout: float) -> tuple[bytes, float]:
        """Bytes available within `timeout`, and when the last of them arrived."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return b"", 0.0
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return b"", 0.0
        return data, time.perf_counter()

    def wait_for(self, mark: bytes, timeout: float = 20.0) -> float:
        """Time at which `mark` first showed up in the output."""
        end = time.perf_counter() + timeout
        self.seen = b""
        while time.perf_counter() < end:
            data, at = self.read(0.05)
            self.seen += data
            if mark in self.seen:
                return at
        raise TimeoutError(f"{mark!r} never appeared")

    def drain(self, quiet: float = QUIET, first: float = 2.0) -> float:
        """Wait up to `first` seconds for output, then read until it is quiet; when its
        last byte arrived (0 if nothing came)."""
        data, last = self.read(first)
        if not data:
            return 0.0
        while True:
            data, at = self.read(quiet)
            if not data:
                return last
            last = at

    def send(self, keys: bytes) -> float:
        sent = time.perf_counter()
        os.write(self.master, keys)
        return sent

    def close(self) -> None:
        try:
            self.send(b"\x11")  # ctrl+q
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
        os.close(self.master)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def bench_start(runs: int, size: tuple[int, int]) -> tuple[list[float], list[float]]:
    """Wall time to the lobby's first frame, and the CPU time the process used by then
    (the second does not grow when other work shares the machine)."""
    times, cpu = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            term = Terminal([], size, home)
            try:
                times.append(term.wait_for(LOBBY_MARK) - term.started)
                cpu.append(cpu_seconds(term.proc.pid))
                term.drain(first=QUIET)
            finally:
                term.close()
    return times, cpu


def bench_throws(games: int, size: tuple[int, int]) -> list[float]:
    times = []
    for game in range(games):
        with tempfile.TemporaryDirectory() as home:
            args = ["play", "--variant", "yahtzee", "--seed", str(game + 1)]
            term = Terminal(args, size, home)
            try:
                term.wait_for(TABLE_MARK)
                term.drain(0.3, first=0.3)
                for _turn in range(13):
                    for _throw in range(3):
                        term.drain(quiet=0.1, first=0.1)  # nothing left over from before
                        sent = term.send(b"r")
                        last = term.drain()
                        if last:
                            times.append(last - sent)
                    term.send(b"\r")
                    term.drain(quiet=0.1)
            finally:
                term.close()
    return times


def describe(name: str, values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    return (
        f"{name}: median {statistics.median(ms):.1f} ms, "
        f"min {ms[0]:.1f}, max {ms[-1]:.1f} (n={len(ms)})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=10, help="process starts to time")
    parser.add_argument("--games", type=int, default=2, help="13-turn games of throws to time")
    parser.add_argument("--size", default="80x24", help="terminal size, COLSxROWS")
    args = parser.parse_args()
    cols, rows = (int(n) for n in args.size.lower().split("x"))
    wall, cpu = bench_start(args.starts, (cols, rows))
    print(describe("start to first lobby frame", wall))
    print(describe("  CPU time used by then", cpu))
    if args.games:
        print(describe("throw key to repainted dice", bench_throws(args.games, (cols, rows))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
