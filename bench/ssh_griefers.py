"""Benchmark of `dicepoker serve` under attack: honest players' echo and first frame while
one client griefs.

    BENCH_TABLES=DIR .venv/bin/python bench/ssh_griefers.py [--honest 10] [--seconds 8]
        [--only NAME]...

Starts the server as its own process (data in a temporary directory, an ephemeral port,
a web port too; the honest clients come from 127.0.0.1, so the per-address limits are
raised for them to fit, and the connection floods from 127.0.0.2). The honest sessions
pair up at tables and keep typing into their chat lines; each keypress is timed until it
is on the screen. Meanwhile, one attack at a time (`--only NAME`: those named; the
attacks of each `griefs_*.py` beside this file follow the ones below):

- quiet: none;
- undo loop: a player alternates write and undo on its own turn;
- table spam: a nickname opens a table, leaves it by disconnecting, again and again;
- channel flood: one connection opens session channels as fast as it can;
- key flood: new connections, each with a fresh key and nickname, as fast as it can;
- resize storm: a session alternates 500x200 and 80x24 window sizes;
- keystroke flood: a session sends 256 KiB of keys.

For each: the honest keypress-to-echo p95, first-frame time of new sessions joining
during the attack, and the server's memory (RSS, the hub and SSH; apps apart).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ssh_bench import (
    GRIEFER,
    ROOT,
    Term,
    first_frame,
    machine_ticks,
    memory,
    pct,
)


async def start_server(home: str) -> tuple[subprocess.Popen, int]:
    env = {**os.environ, "DICEPOKER_HOME": home}
    command = [sys.executable, "-m", "dicepoker_tui", "serve", "--port", "0"]
    command += ["--idle-timeout", "0", "--connections-per-address", "60"]
    command += ["--connections-per-minute", "600", "--web-port", "0"]
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert server.stdout is not None
    line = await asyncio.to_thread(server.stdout.readline)
    port = int(re.search(r":(\d+) \(", line).group(1))
    web = await asyncio.to_thread(server.stdout.readline)  # browsers play at URL
    os.environ["DICEPOKER_BENCH_WEB_URL"] = re.search(r"http://\S+", web).group(0)
    os.environ["DICEPOKER_BENCH_WEB_PORT"] = web.strip().rsplit(":", 1)[1]
    await asyncio.sleep(1.5)  # let the session spawner finish importing the app
    return server, port


async def pair_up(terms: list[Term], names: str = "Yahtzee") -> None:
    """Host 2k opens a table, guest 2k+1 sits down at it (the newest table is listed last)."""
    for k in range(len(terms) // 2):
        host, guest = terms[2 * k], terms[2 * k + 1]
        mark = len(host.out)
        host.send("n")
        await host.wait_for("Open the table", since=mark)
        host.send("\x13")  # ctrl+s
        await host.wait_for("Waiting for 1 more player", since=mark)
        await guest.wait_for(f"{host.name}'s {names}")
        await guest.quiet()
        guest.send("\x1b[B" * 20 + "\r")  # the last table: the newest
        await host.wait_for("your turn", since=mark)


async def typing(terms: list[Term], seconds: float, latencies: list[float]) -> None:
    """Each session types into its chat line for `seconds`; every keypress is timed."""
    end = time.perf_counter() + seconds

    async def typist(term: Term, index: int) -> None:
        await asyncio.sleep(index * 0.013)
        round_ = 0
        while time.perf_counter() < end:
            prefix = f"z{round_}q{index}"
            round_ += 1
            mark = len(term.out)
            term.send(prefix)
            await term.wait_for(prefix, since=mark, timeout=20)
            typed = prefix
            for char in "abcdef":
                typed += char
                mark = len(term.out)
                sent = time.perf_counter()
                term.send(char)
                await term.wait_for(typed, since=mark, timeout=20)
                latencies.append(time.perf_counter() - sent)
                await asyncio.sleep(0.2)
            term.send("\x15")  # ctrl+u
            await asyncio.sleep(0.2)

    await asyncio.gather(*(typist(t, i) for i, t in enumerate(terms)))


# -- the attacks ------------------------------------------------------------------------------
async def undo_loop(port: int, stop: asyncio.Event) -> None:
    a, b = Term("undoer", GRIEFER), Term("undoee", GRIEFER)
    await a.open(port)
    await b.open(port)
    await a.wait_for("online as")
    await b.wait_for("online as")
    await pair_up([a, b])
    a.send("r")
    await asyncio.sleep(0.3)
    while not stop.is_set():
        a.send("\r")
        await asyncio.sleep(0.03)
        a.send("u")
        await asyncio.sleep(0.03)
    a.close()
    b.close()


async def table_spam(port: int, stop: asyncio.Event) -> None:
    while not stop.is_set():
        term = Term("spammer", GRIEFER)
        try:
            await term.open(port)
            await term.wait_for("online as", timeout=10)
            term.send("n")
            await term.wait_for("Open the table", timeout=10)
            term.send("\x13")
            await asyncio.sleep(0.2)
        except (OSError, asyncssh.Error, TimeoutError):
            await asyncio.sleep(0.2)
        finally:
            term.close()


async def channel_flood(port: int, stop: asyncio.Event) -> None:
    """Session channels as fast as they open; when the server ends the connection for
    them, a new connection (as the door allows)."""
    while not stop.is_set():
        try:
            conn = await asyncssh.connect(
                "127.0.0.1",
                port,
                username="flooder",
                local_addr=(GRIEFER, 0),
                known_hosts=None,
                client_keys=None,
                agent_path=None,
                password="",
                preferred_auth="keyboard-interactive,password",
            )
        except (asyncssh.Error, OSError):
            await asyncio.sleep(0.05)
            continue
        async with conn:
            while not stop.is_set() and not conn.is_closed():
                with contextlib.suppress(asyncssh.Error, OSError):
                    chan, _ = await conn.create_session(asyncssh.SSHClientSession)
                    chan.close()
                await asyncio.sleep(0)


async def key_flood(port: int, stop: asyncio.Event) -> None:
    counter = 0

    async def one() -> None:
        nonlocal counter
        while not stop.is_set():
            counter += 1
            key = asyncssh.generate_private_key("ssh-ed25519")
            with contextlib.suppress(asyncssh.Error, OSError):
                conn = await asyncssh.connect(
                    "127.0.0.1",
                    port,
                    username=f"k{counter}",
                    local_addr=(GRIEFER, 0),
                    known_hosts=None,
                    client_keys=[key],
                    agent_path=None,
                )
                conn.close()

    await asyncio.gather(*(one() for _ in range(4)))


async def resize_storm(port: int, stop: asyncio.Event) -> None:
    term = Term("resizer", GRIEFER)
    await term.open(port)
    await term.wait_for("online as")
    assert term.proc is not None
    big = False
    while not stop.is_set():
        big = not big
        term.proc.change_terminal_size(*((500, 200) if big else (80, 24)))
        await asyncio.sleep(0.005)
    term.close()


async def key_mash(port: int, stop: asyncio.Event) -> None:
    term = Term("masher", GRIEFER)
    await term.open(port)
    await term.wait_for("online as")
    term.send(b"x" * (256 * 1024))
    await stop.wait()
    term.close()


async def quiet(port: int, stop: asyncio.Event) -> None:
    await stop.wait()


ATTACKS: list[tuple[str, Callable[[int, asyncio.Event], Awaitable[None]]]] = [
    ("quiet", quiet),
    ("undo loop", undo_loop),
    ("table spam", table_spam),
    ("channel flood", channel_flood),
    ("key flood", key_flood),
    ("resize storm", resize_storm),
    ("keystroke flood", key_mash),
]
GRIEFS = [  # the attacks of each griefs_*.py beside this file
    importlib.import_module(path.stem) for path in sorted(Path(__file__).parent.glob("griefs_*.py"))
]
ATTACKS += [(n, a) for module in GRIEFS for n, a in module.ATTACKS.items()]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--honest", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--only", action="append", metavar="NAME", help="this attack (again: more)")
    args = parser.parse_args()
    n = args.honest - args.honest % 2
    print(
        f"dicepoker serve under attack: {n} honest sessions, {os.cpu_count()} cores, "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    with tempfile.TemporaryDirectory(prefix="dp-grief-") as home:
        for module in GRIEFS:  # a data directory an attack needs (e.g. prepared tables)
            getattr(module, "prepare", lambda home: None)(home)
        server, port = await start_server(home)
        peak = [0]

        async def watch_memory() -> None:
            while True:
                peak[0] = max(peak[0], memory(server.pid)["rss"])
                await asyncio.sleep(0.2)

        watcher = asyncio.get_running_loop().create_task(watch_memory())
        try:
            terms = [Term(f"h{i}") for i in range(n)]
            for term in terms:
                await term.open(port)
                await term.wait_for("online as")
            await pair_up(terms)
            for term in terms:
                term.send("c")
            await asyncio.sleep(1.0)
            print(
                f"{'attack':16} {'echo p95':>9} {'echo max':>9} {'first frame':>12} "
                f"{'server RSS':>11} {'machine busy':>13}"
            )
            for name, attack in [(n, a) for n, a in ATTACKS if not args.only or n in args.only]:
                stop = asyncio.Event()
                peak[0] = 0
                ticks = machine_ticks()
                task = asyncio.get_running_loop().create_task(attack(port, stop))
                await asyncio.sleep(1.0)  # the attack under way
                latencies: list[float] = []
                frames: list[float] = []

                async def newcomers(name: str = name, frames: list[float] = frames) -> None:
                    for i in range(3):
                        tag = re.sub(r"\W", "", name)[:6]
                        frame, _ready, term = await first_frame(port, f"new{tag}{i}")
                        frames.append(frame)
                        term.close()
                        await asyncio.sleep(args.seconds / 4)

                await asyncio.gather(typing(terms, args.seconds, latencies), newcomers())
                stop.set()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(task, 10)
                total, idle = (a - b for a, b in zip(machine_ticks(), ticks, strict=True))
                busy = (1 - idle / max(1, total)) * 100
                p95, worst = pct(latencies, 0.95) * 1000, max(latencies) * 1000
                print(
                    f"{name:16} {p95:7.0f}ms {worst:7.0f}ms "
                    f"{max(frames) * 1000:10.0f}ms {peak[0] / 1024:9.0f}MB {busy:12.0f}%"
                )
                await asyncio.sleep(1.0)
            for term in terms:
                term.close()
        finally:
            watcher.cancel()
            server.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(10)


if __name__ == "__main__":
    asyncio.run(main())
