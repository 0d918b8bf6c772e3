"""Benchmark of `dicepoker serve`: many simultaneous SSH sessions on one machine.

    .venv/bin/python bench/ssh_bench.py [--sessions 30] [--keys 40] [--alone 5]

Starts the server as its own process (data in a temporary directory, an ephemeral
port), then with real asyncssh clients:

1. first frame: one session alone (`--alone` times, with the CPU its app had used as
   its first frame was seen), then all sessions connecting at once — time from
   the start of the connection to the first full frame, and to the lobby filled in by
   the hub ("online as ..."), and the CPU the apps, the server and the benchmark's own
   clients spent until the last lobby was filled in, all connecting at once;
2. memory per session app (RSS, PSS and private memory, from /proc), and the server's;
3. bytes sent to each terminal per throw: the sessions pair up at tables, and each
   thrower's and watcher's output is counted until it stays quiet;
4. keypress-to-echo latency: every session types into its chat line at the same time,
   and each keypress is timed until the typed text is on its screen (the output is read
   with the server's own `ScreenDiff` as a terminal: only changed cells are sent); the
   CPU time the apps and the server spent, per keypress.
"""

from __future__ import annotations

import argparse
import asyncio
import codecs
import contextlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from dicepoker_tui.ui.screen_diff import ScreenDiff  # noqa: E402  (here: a terminal emulator)

QUIET = 0.3
WHOLE = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[ -/]*[0-~])")


GRIEFER = "127.0.0.2"
"""The address griefers connect from (honest clients: 127.0.0.1), so that the door's
per-address limits hold them as they would a stranger's, and not the honest players."""


class Term:
    """One SSH pty session whose output is kept with arrival times."""

    def __init__(self, name: str, source: str | None = None) -> None:
        self.name = name
        self.source = source
        """The local address to connect from (None: the system's choice, 127.0.0.1)."""
        self.out = bytearray()
        self.changed = asyncio.Event()
        self.last_data = 0.0
        self.conn: asyncssh.SSHClientConnection | None = None
        self.proc: asyncssh.SSHClientProcess | None = None
        self._screen = ScreenDiff()
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._read_upto = 0

    async def open(self, port: int, cols: int = 100, rows: int = 30) -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=self.name,
            local_addr=(self.source, 0) if self.source else None,
            known_hosts=None,
            client_keys=None,
            agent_path=None,
            password="",
            preferred_auth="keyboard-interactive,password",
        )
        self.proc = await self.conn.create_process(
            term_type="xterm-256color", term_size=(cols, rows), encoding=None
        )
        asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.proc is not None
        with contextlib.suppress(Exception):
            while True:
                data = await self.proc.stdout.read(65536)
                if not data:
                    break
                self.out += data
                self.last_data = time.perf_counter()
                self.changed.set()

    def send(self, data: str | bytes) -> None:
        assert self.proc is not None
        self.proc.stdin.write(data.encode() if isinstance(data, str) else data)

    def on_screen(self, text: str) -> bool:
        """Whether `text` is on the screen (the app sends only the cells that change)."""
        data = bytes(self.out[self._read_upto :])
        esc = data.rfind(b"\x1b")
        if esc >= 0 and not WHOLE.match(data, esc):  # a sequence cut in two: wait for the rest
            data = data[:esc]
        self._read_upto += len(data)
        self._screen.feed(self._decoder.decode(data))
        return any(text in row for row in self._screen.screen_text())

    async def wait_for(self, text: str | bytes, since: int = 0, timeout: float = 30.0) -> float:
        """Wait until `text` arrives after offset `since` or is seen on the screen."""
        needle = text.encode() if isinstance(text, str) else text
        end = time.perf_counter() + timeout
        while self.out.find(needle, since) < 0 and not self.on_screen(needle.decode()):
            if time.perf_counter() > end:
                tail = bytes(self.out[-1500:])
                raise TimeoutError(f"{self.name}: {needle!r} did not appear; output ends {tail!r}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 0.5)
        return time.perf_counter()

    async def quiet(self, timeout: float = 10.0) -> None:
        """Wait until nothing has arrived for QUIET seconds."""
        end = time.perf_counter() + timeout
        while time.perf_counter() - self.last_data < QUIET and time.perf_counter() < end:
            await asyncio.sleep(0.05)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def ms(values: list[float]) -> str:
    return (
        f"median {statistics.median(values) * 1000:.0f} ms, "
        f"p95 {pct(values, 0.95) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms"
    )


def memory(pid: int) -> dict[str, int]:
    """RSS, PSS and private memory of a process, in kB."""
    fields = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            parts = line.split()
            if len(parts) >= 2 and parts[1].isdigit():
                fields[parts[0].rstrip(":")] = int(parts[1])
    private = fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)
    return {"rss": fields.get("Rss", 0), "pss": fields.get("Pss", 0), "private": private}


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_ns(pid: int) -> int:
    """CPU time a process has run so far, in nanoseconds (the scheduler's count)."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0


def new_app(server_pid: int, seen: set[int]) -> int | None:
    """The one app process (a child of the server's spawner) not in `seen`."""
    apps = {c for z in children(server_pid) for c in children(z)} - seen
    return next(iter(apps)) if len(apps) == 1 else None


def machine_ticks() -> tuple[int, int]:
    """All CPU time of the machine so far and the idle part of it, in clock ticks."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return sum(fields), fields[3] + fields[4]


def own_cpu() -> float:
    times = os.times()
    return times.user + times.system


def children(pid: int) -> list[int]:
    found = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            text = (task / "children").read_text().split()
            found += [int(c) for c in text]
    return found


async def start_server(home: str) -> tuple[subprocess.Popen, int]:
    env = {**os.environ, "DICEPOKER_HOME": home}
    args = ["serve", "--port", "0", "--idle-timeout", "0", "--max-sessions", "200"]
    args += ["--connections-per-address", "200", "--connections-per-minute", "2000"]
    args += ["--max-tables-per-address", "200"]
    server = subprocess.Popen(
        [sys.executable, "-m", "dicepoker_tui", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    line = await asyncio.to_thread(server.stdout.readline)
    port = int(re.search(r":(\d+) \(", line).group(1))
    await asyncio.sleep(1.5)  # let the session spawner finish importing the app
    return server, port


async def first_frame(
    port: int, name: str, at_frame: Callable[[], object] = lambda: None
) -> tuple[float, float, Term]:
    """(connect to first frame, connect to lobby filled in, the terminal); `at_frame()` is
    called as the first frame is seen."""
    term = Term(name)
    start = time.perf_counter()
    await term.open(port)
    frame = await term.wait_for("palette") - start
    at_frame()
    ready = await term.wait_for(f"online as {name}") - start
    return frame, ready, term


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--keys", type=int, default=40, help="keypresses per session")
    parser.add_argument("--alone", type=int, default=5, help="sessions one at a time")
    args = parser.parse_args()
    n = args.sessions - args.sessions % 2

    with tempfile.TemporaryDirectory(prefix="dp-bench-") as home:
        server, port = await start_server(home)
        try:
            print(f"dicepoker serve benchmark: {n} sessions, {os.cpu_count()} cores")
            alones, app_cpu = [], []
            for i in range(args.alone):
                seen = {c for z in children(server.pid) for c in children(z)}

                def cpu_at_frame(seen: set[int] = seen) -> None:
                    app = new_app(server.pid, seen)  # (its CPU as its first frame is seen)
                    app_cpu.append(cpu_ns(app) / 1e9 if app else float("nan"))

                alone, ready_alone, term = await first_frame(port, f"solo{i}", cpu_at_frame)
                alones.append((alone, ready_alone))
                term.close()
                await asyncio.sleep(0.5)
            print(
                f"first frame, one session alone ({args.alone} times): "
                f"{ms([a[0] for a in alones])} (lobby filled in: {ms([a[1] for a in alones])}); "
                f"CPU of the app by its first frame: {ms(app_cpu)}"
            )

            async def arriving(i: int, gap: float) -> tuple[float, float, Term]:
                await asyncio.sleep(i * gap)
                return await first_frame(port, f"s{i}")

            staggered = await asyncio.gather(*(arriving(i, 0.1) for i in range(n)))
            print(f"first frame, {n} arriving 0.1 s apart: {ms([r[0] for r in staggered])}")
            for r in staggered:
                r[2].close()
            await asyncio.sleep(1.0)

            burst = (machine_ticks(), cpu_seconds(server.pid), own_cpu())
            results = await asyncio.gather(*(first_frame(port, f"p{i}") for i in range(n)))
            ticks, idle = (a - b for a, b in zip(machine_ticks(), burst[0], strict=True))
            burst_server, burst_clients = cpu_seconds(server.pid) - burst[1], own_cpu() - burst[2]
            burst_apps = [c for z in children(server.pid) for c in children(z)]
            burst_app_cpu = sum(cpu_seconds(a) for a in burst_apps)
            frames = [r[0] for r in results]
            readies = [r[1] for r in results]
            terms = [r[2] for r in results]
            print(f"first frame, {n} connecting at once: {ms(frames)}")
            print(f"lobby filled in, {n} at once: {ms(readies)}")
            print(
                f"CPU until the last lobby was filled in: apps {burst_app_cpu:.2f} s "
                f"({len(burst_apps)} apps, {burst_app_cpu / max(1, len(burst_apps)) * 1000:.0f} ms "
                f"each), server {burst_server:.2f} s, this benchmark's clients "
                f"{burst_clients:.2f} s; the machine was busy "
                f"{(1 - idle / max(1, ticks)) * 100:.0f}% of the time"
            )
            await asyncio.sleep(1.0)

            spawner = [c for c in children(server.pid)]
            apps = [c for z in spawner for c in children(z)]
            mems = [memory(pid) for pid in apps]
            if mems:
                avg = {k: sum(m[k] for m in mems) / len(mems) / 1024 for k in mems[0]}
                hub = memory(server.pid)
                print(
                    f"memory per session app ({len(mems)} apps): RSS {avg['rss']:.0f} MB, "
                    f"PSS {avg['pss']:.1f} MB, private {avg['private']:.1f} MB; "
                    f"server (hub + ssh) RSS {hub['rss'] / 1024:.0f} MB"
                )

            # pair up at tables: host 2k opens a table, guest 2k+1 sits down at it
            for k in range(n // 2):
                host, guest = terms[2 * k], terms[2 * k + 1]
                mark = len(host.out)
                host.send("n")
                await host.wait_for("Open the table", since=mark)
                host.send("\x13")  # ctrl+s
                await host.wait_for("Waiting for 1 more player", since=mark)
                await guest.wait_for(f"{host.name}'s Yahtzee")
                await guest.quiet()
                guest.send("\x1b[B" * k + "\r")
                await host.wait_for("your turn", since=mark)
            for term in terms:
                await term.quiet()

            thrower, watcher = [], []
            for k in range(n // 2):
                host, guest = terms[2 * k], terms[2 * k + 1]
                await asyncio.gather(host.quiet(), guest.quiet())
                marks = len(host.out), len(guest.out)
                host.send("r")
                await host.wait_for("Throw 1 of 3", since=marks[0])
                await asyncio.gather(host.quiet(), guest.quiet())
                thrower.append(len(host.out) - marks[0])
                watcher.append(len(guest.out) - marks[1])
            print(
                f"bytes per throw: thrower median {statistics.median(thrower) / 1024:.1f} KB "
                f"(max {max(thrower) / 1024:.1f}), watcher median "
                f"{statistics.median(watcher) / 1024:.1f} KB (max {max(watcher) / 1024:.1f}); "
                f"a full 100x30 frame was {alone_frame_size(terms[0]):.1f} KB"
            )

            for term in terms:
                term.send("c")
            await asyncio.sleep(1.0)  # (a focused line blinks: never quiet)
            latencies: list[float] = []

            async def typist(term: Term, index: int) -> None:
                await asyncio.sleep(index * 0.01)
                for round_ in range(max(1, args.keys // 10)):
                    prefix = f"z{round_}q"  # makes the typed text unique, round by round
                    mark = len(term.out)
                    term.send(prefix)
                    await term.wait_for(prefix, since=mark, timeout=10)
                    typed = prefix
                    for char in "abcdefghij":
                        typed += char
                        mark = len(term.out)
                        sent = time.perf_counter()
                        term.send(char)
                        await term.wait_for(typed, since=mark, timeout=10)
                        latencies.append(time.perf_counter() - sent)
                        await asyncio.sleep(0.15)
                    term.send("\x15")  # ctrl+u empties the chat line
                    await asyncio.sleep(0.2)

            apps = [c for z in children(server.pid) for c in children(z)]
            before = (cpu_seconds(server.pid), sum(cpu_seconds(a) for a in apps))
            await asyncio.gather(*(typist(t, i) for i, t in enumerate(terms)))
            after = (cpu_seconds(server.pid), sum(cpu_seconds(a) for a in apps))
            print(
                f"keypress to echo, {n} sessions typing at once "
                f"({len(latencies)} keys): {ms(latencies)}; CPU a keypress: apps "
                f"{(after[1] - before[1]) / len(latencies) * 1000:.1f} ms, server "
                f"{(after[0] - before[0]) / len(latencies) * 1000:.1f} ms"
            )
            for term in terms:
                term.close()
        finally:
            server.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(10)


def alone_frame_size(term: Term) -> float:
    """Size of the first full frame a session received (up to the first footer)."""
    end = term.out.find(b"palette")
    return (end if end > 0 else len(term.out)) / 1024


if __name__ == "__main__":
    asyncio.run(main())
