"""Abandoned tables never lock a server out, and tables are capped per address (issue 24,
point 1), against a real `dicepoker serve` process and real SSH clients without a key."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import sys
from pathlib import Path

from .ssh_client import Terminal, connect

FULL = "tables open, as many"
ADDRESS_FULL = "Your address has as many"


@contextlib.asynccontextmanager
async def serve(home: Path, *flags: str):
    """`dicepoker serve` on an ephemeral port with `flags`; yields the port."""
    env = {**os.environ, "DICEPOKER_HOME": str(home)}
    server = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "dicepoker_tui", "serve", "--port", "0", *flags),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        env=env,
    )
    assert server.stdout is not None
    try:
        line = (await asyncio.wait_for(server.stdout.readline(), 60)).decode()
        yield int(re.search(r":(\d+) \(", line).group(1))
    finally:
        server.terminate()
        await asyncio.wait_for(server.wait(), 30)


async def login(port: int, nick: str, ready: str = "online as"):
    """A session of `nick`, once its screen shows `ready` (the lobby's header)."""
    conn = await connect(port, nick)
    term = await Terminal.open(conn)
    await term.wait_for(ready, timeout=30)
    return conn, term


async def open_table(term: Terminal) -> str:
    """n, ctrl+s: a Yahtzee table for two. What came of it: 'open', or the refusal."""
    mark = term.mark()
    term.send("n")
    await term.wait_for("Open the table", since=mark)
    term.send("\x13")
    loop = asyncio.get_running_loop()
    end = loop.time() + 20
    while loop.time() < end:
        screen = term.screen().replace("\n", " ")
        screen = re.sub(r"[ ▌▐▎▊│┃]+", " ", screen)
        for refusal in (FULL, ADDRESS_FULL):
            if refusal in screen:
                return refusal
        if "Waiting for 1 more player" in screen:
            return "open"
        term.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(term.changed.wait(), 0.3)
    raise AssertionError(f"no answer to the new table; the screen:\n{term.screen()}")


async def test_abandoned_games_park_after_the_timeout_and_never_lock_the_server_out(short_tmp):
    flags = ("--max-tables", "2", "--abandoned-timeout", "20", "--idle-timeout", "0")
    flags += ("--connections-per-minute", "600")  # eve tries again and again
    async with serve(short_tmp / "home", *flags) as port:
        players = []
        for k in range(2):  # two games under way...
            (host_conn, host), (guest_conn, guest) = (
                await login(port, f"host{k}"),
                await login(port, f"guest{k}"),
            )
            assert await open_table(host) == "open"
            await guest.shows(f"host{k}'s Yahtzee")
            guest.send("\x1b[B" * 20 + "\r")  # the newest table: the last
            await host.wait_for("your turn")
            players += [host_conn, guest_conn]
        for player in players:  # ...and every player gone
            player.close()
        conn, eve = await login(port, "eve")
        assert await open_table(eve) == FULL  # the server is full of abandoned games
        conn.close()
        loop = asyncio.get_running_loop()
        end, answer = loop.time() + 60, FULL
        while answer != "open":  # after the timeout, a new table is let in
            assert loop.time() < end, "the abandoned games still hold every table"
            conn, eve = await login(port, "eve")
            answer = await open_table(eve)
            if answer != "open":
                conn.close()
        # and a player of a parked game, back, is at its table again, as it was
        host_conn, host = await login(port, "host0", ready="host0 is back")
        await host.shows("your turn")
        assert "round 1 of 13" in host.screen()
        host_conn.close()
        conn.close()


async def test_unfinished_tables_are_capped_per_address_not_only_per_nickname(short_tmp):
    flags = ("--max-tables-per-address", "2", "--idle-timeout", "0")
    async with serve(short_tmp / "home", *flags) as port:
        sessions = [await login(port, f"nick{i}") for i in range(3)]
        answers = [await open_table(term) for _, term in sessions]
        assert answers == ["open", "open", ADDRESS_FULL]
        for conn, _ in sessions:
            conn.close()
