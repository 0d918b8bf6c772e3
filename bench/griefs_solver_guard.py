"""Attacks on the solver's tables, for `bench/ssh_griefers.py`:

- winner table: a guest opens a Yatzy table with a `winner` bot and plays it (on a server
  without prepared tables: refused, and the guest tries again and again);
- analysis x6: six guests review the newest game of the history and press `a` at once.

`prepare(home)` readies the server's data directory before it starts: with
`BENCH_TABLES=DIR` (a cache folder filled by `dicepoker solve --variant yatzy --winner`)
its tables go to the server's cache and a game of Yatzy between two `optimal` bots to its
history, so that the attacks run against prepared tables; without, against none.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncssh
from ssh_bench import GRIEFER, ROOT, Term

DOWN, UP = "\x1b[B", "\x1b[A"


def prepare(home: str) -> None:
    tables = os.environ.get("BENCH_TABLES")
    if not tables:
        return
    shutil.copytree(tables, Path(home) / "cache", dirs_exist_ok=True)
    command = [sys.executable, "-m", "dicepoker_tui", "simulate", "--variant", "yatzy"]
    command += ["--bot", "optimal", "--bot", "optimal", "--games", "1", "--save"]
    env = {**os.environ, "DICEPOKER_HOME": home}
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)


async def _keys(term: Term, *keys: str, pause: float = 0.3) -> None:
    for key in keys:
        term.send(key)
        await asyncio.sleep(pause)


async def winner_table(port: int, stop: asyncio.Event) -> None:
    term = Term("winnerguest", GRIEFER)
    await term.open(port)
    await term.wait_for("online as")
    while not stop.is_set():
        mark = len(term.out)
        await _keys(term, "n")
        await term.wait_for("Open the table", since=mark, timeout=10)
        await _keys(term, "\r", DOWN * 2, "\r", "\t", "\r", UP, "\r", "\t")  # Yatzy, 1 person
        await _keys(term, "\r", DOWN, "\r", "\t", "\r", DOWN, "\r", "\x13")  # 1 winner bot
        with contextlib.suppress(TimeoutError):
            await term.wait_for("your turn", since=mark, timeout=3)
            while not stop.is_set():  # the bot thinks on the server after each write
                await _keys(term, "r", "\r", pause=0.5)
        await asyncio.sleep(0.5)
    term.close()


async def analysis(port: int, stop: asyncio.Event) -> None:
    async def one(i: int) -> None:
        term = Term(f"analyst{i}", GRIEFER)
        try:
            await term.open(port)
            await term.wait_for("online as")
            await _keys(term, "h")
            await term.wait_for("History", timeout=10)
            await _keys(term, "\r", "a")  # all six at once: the server's slots queue them
            await stop.wait()
        except (OSError, asyncssh.Error, TimeoutError):
            pass
        finally:
            term.close()

    await asyncio.gather(*(one(i) for i in range(6)))


ATTACKS: dict[str, Callable[[int, asyncio.Event], Awaitable[None]]] = {
    "winner table": winner_table,
    "analysis x6": analysis,
}
