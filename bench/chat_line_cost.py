"""What a chat line costs the session apps of `dicepoker serve`: CPU-ms per line.

    .venv/bin/python bench/chat_line_cost.py [--rate 50] [--seconds 4] [--profile DIR]

Starts the server (data in a temporary directory, an ephemeral port); two players (h0,
h1) pair up at a Yahtzee table and a watcher (f0) watches it. Then, with real SSH
clients:

1. honest: f0 types ten lines at a person's pace (`c`, the text, enter, a second
   apart); each line is timed until it is on f0's screen and on h0's;
2. flood: f0 types `c spam N` + enter `--rate` times a second for `--seconds` (as the
   griefer benchmark's chat flood does).

For each: the CPU time f0's app and h0's app used (from /proc, less what each used idle
over as long), per line typed. `--profile DIR` records f0's app with py-spy during the
flood (collapsed stacks: DIR/honest.txt, DIR/flood.txt).
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ssh_bench import Term, children, cpu_seconds, start_server


def apps(server: int) -> set[int]:
    return {c for z in children(server) for c in children(z)}


async def open_term(port: int, server: int, name: str) -> tuple[Term, int]:
    """A session and the pid of its app."""
    before = apps(server)
    term = Term(name)
    await term.open(port)
    await term.wait_for("online as")
    (pid,) = apps(server) - before
    return term, pid


async def cpu_of(pids: list[int], work) -> tuple[list[float], float]:  # type: ignore[no-untyped-def]
    """CPU seconds each of `pids` spent while `work` ran, and its wall time."""
    start = [cpu_seconds(p) for p in pids]
    began = time.perf_counter()
    await work()
    wall = time.perf_counter() - began
    return [cpu_seconds(p) - s for p, s in zip(pids, start, strict=True)], wall


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=50.0, help="lines a second in the flood")
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--profile", metavar="DIR", help="py-spy record f0's app in the flood")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="dp-chat-") as home:
        server, port = await start_server(home)
        try:
            h0, h0_pid = await open_term(port, server.pid, "h0")
            h1, _h1_pid = await open_term(port, server.pid, "h1")
            mark = len(h0.out)
            h0.send("n")
            await h0.wait_for("Open the table", since=mark)
            h0.send("\x13")
            await h0.wait_for("Waiting for 1 more player", since=mark)
            await h1.wait_for("h0's Yahtzee")
            await h1.quiet()
            h1.send("\r")
            await h0.wait_for("your turn", since=mark)
            f0, f0_pid = await open_term(port, server.pid, "f0")
            await f0.quiet()
            f0.send("w")
            await f0.wait_for("watching: f0")
            await f0.quiet()
            await h0.quiet()
            pids = [f0_pid, h0_pid]

            async def idle() -> None:
                await asyncio.sleep(2.0)

            idle_cpu, idle_wall = await cpu_of(pids, idle)
            rates = [c / idle_wall for c in idle_cpu]
            shown: list[float] = []

            async def honest() -> None:
                for i in range(10):
                    text = f"hello{i:02d}x"
                    sent = time.perf_counter()
                    f0.send("c")
                    await asyncio.sleep(0.2)
                    f0.send(text + "\r")
                    await f0.wait_for(f"~f0: {text}", timeout=20)
                    await h0.wait_for(f"~f0: {text}", timeout=20)
                    shown.append(time.perf_counter() - sent)
                    await asyncio.sleep(max(0.0, 1.0 - (time.perf_counter() - sent)))
                await f0.quiet()

            spy = await profile(args.profile, f0_pid, "honest")
            spent, wall = await cpu_of(pids, honest)
            await stop(spy)
            report("honest, 10 lines a second apart", spent, wall, rates, 10)
            print(f"  typed-to-shown (f0 and h0): max {max(shown) * 1000:.0f} ms")

            sent = 0
            spy = await profile(args.profile, f0_pid, "flood")

            async def flood() -> None:
                nonlocal sent
                end = time.perf_counter() + args.seconds
                while time.perf_counter() < end:
                    f0.send(f"c spam {sent}\r")
                    sent += 1
                    await asyncio.sleep(1 / args.rate)
                await settled(f0_pid)

            spent, wall = await cpu_of(pids, flood)
            await stop(spy)
            report(f"flood, {args.rate:.0f} lines a second", spent, wall, rates, sent)
            print(f"  f0's app worked off the flood after {wall:.1f} s")
        finally:
            server.terminate()
            server.wait(10)


async def profile(folder: str | None, pid: int, name: str) -> subprocess.Popen | None:
    """py-spy recording `pid` into folder/name.txt (collapsed stacks), or None."""
    if folder is None:
        return None
    Path(folder).mkdir(parents=True, exist_ok=True)
    spy = subprocess.Popen(
        [Path(sys.executable).parent / "py-spy", "record", "-p", str(pid), "-f", "raw", "-o",
         str(Path(folder) / f"{name}.txt"), "-r", "200", "--nonblocking"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    await asyncio.sleep(1.0)
    return spy


async def stop(spy: subprocess.Popen | None) -> None:
    if spy is not None:
        spy.send_signal(2)
        await asyncio.to_thread(spy.wait, 30)


async def settled(pid: int, timeout: float = 120.0) -> None:
    """Wait until the app at `pid` has worked off its input: under 5% of a core for 0.5 s."""
    end = time.perf_counter() + timeout
    before = cpu_seconds(pid)
    while time.perf_counter() < end:
        await asyncio.sleep(0.5)
        now = cpu_seconds(pid)
        if now - before < 0.025:
            return
        before = now
    raise TimeoutError(f"app {pid} still busy")


def report(what: str, spent: list[float], wall: float, rates: list[float], lines: int) -> None:
    net = [max(0.0, s - r * wall) for s, r in zip(spent, rates, strict=True)]
    print(
        f"{what}: typing app (f0) {net[0] * 1000 / lines:.1f} CPU-ms a line "
        f"({spent[0]:.2f} s in {wall:.1f} s), a receiving app (h0) "
        f"{net[1] * 1000 / lines:.1f} CPU-ms a line typed ({spent[1]:.2f} s)"
    )


if __name__ == "__main__":
    asyncio.run(main())
