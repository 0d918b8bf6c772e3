"""The attacks on the tables' life cycle, for `ssh_griefers.py` (issue 24, point 1).

- abandoned games: three at a time, nickname after nickname (no key) opens a table for
  one person and one bot, which starts at once, and leaves it to the lobby ("the game is
  kept"), three times each; then the next nickname. Before the abandoned-table timeout these games
  filled `--max-tables` for good.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ssh_bench import GRIEFER, Term


async def _game_with_a_bot(term: Term) -> bool:
    """n, one person, one bot, ctrl+s: whether the game began (else it was refused)."""
    mark = len(term.out)
    term.send("n")
    await term.wait_for("Open the table", since=mark, timeout=10)
    for keys in ("\t", "\r", "\x1b[A", "\r", "\t", "\r", "\x1b[B", "\r"):  # people 1, bots 1
        term.send(keys)
        await asyncio.sleep(0.4)  # each list opened, or picked from, before the next key
    mark = len(term.out)
    term.send("\x13")  # ctrl+s
    try:
        await term.wait_for("your turn", since=mark, timeout=15)
    except TimeoutError:
        term.send("\x1b")  # refused: the form is closed
        return False
    return True


async def _leave_to_lobby(term: Term) -> None:
    mark = len(term.out)
    term.send("\x1b")
    await term.wait_for("Leave the table?", since=mark, timeout=10)
    term.send("\x1b[B\r")  # "Leave to the lobby"
    await term.wait_for("New table", since=mark, timeout=10)


async def abandoned_games(port: int, stop: asyncio.Event) -> None:
    counts = {"opened": 0, "refused": 0}
    names = iter(range(1, 1_000_000))

    async def one() -> None:
        while not stop.is_set():
            term = Term(f"aband{next(names)}", GRIEFER)
            try:
                await term.open(port)
                await term.wait_for("online as", timeout=10)
                for _ in range(3):
                    if stop.is_set():
                        break
                    if await _game_with_a_bot(term):
                        counts["opened"] += 1
                        await _leave_to_lobby(term)
                    else:
                        counts["refused"] += 1
            except (OSError, asyncssh.Error, TimeoutError):
                await asyncio.sleep(0.2)
            finally:
                with contextlib.suppress(Exception):
                    term.close()

    await asyncio.gather(*(one() for _ in range(3)))
    print(
        f"  abandoned games: {counts['opened']} games left to the lobby, "
        f"{counts['refused']} refused",
        flush=True,
    )


ATTACKS: dict[str, Callable[[int, asyncio.Event], Awaitable[None]]] = {
    "abandoned games": abandoned_games,
}
