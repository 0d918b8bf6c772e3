"""Attacks on who is who, for `bench/ssh_griefers.py`: each `async def NAME(port, stop)`
runs until `stop` is set and prints one line of what it got.

- seat grab (web): a browser player sits at a table; fresh keys log in as that name;
- name squat: one key logs in under name after name;
- look-alikes: fresh keys log in as the honest players' names and look-alikes of them;
- chat flood: 9 watchers at an honest table send chat lines as fast as they can.

The web attack needs the server's web port: `ssh_griefers.py` starts it with `--web-port
0` and puts its URL in `DICEPOKER_BENCH_WEB_URL`.
"""

from __future__ import annotations

import asyncio
import os
from collections import Counter
from collections.abc import Awaitable, Callable

import aiohttp
import asyncssh
from ssh_bench import GRIEFER, Term
from web_bench import WsTab


async def keyed_login(port: int, nick: str, key: asyncssh.SSHKey) -> str:
    """Log in as `nick` with `key` and open a terminal: "in" (the lobby came), "refused"
    (one line and the session ended) or "error"."""
    try:
        async with await asyncssh.connect(
            "127.0.0.1",
            port,
            username=nick,
            local_addr=(GRIEFER, 0),
            known_hosts=None,
            client_keys=[key],
            agent_path=None,
        ) as conn:
            proc = await conn.create_process(term_type="xterm", term_size=(100, 30))
            out = ""
            async with asyncio.timeout(20):
                while "online as" not in out:
                    chunk = await proc.stdout.read(65536)
                    if not chunk:
                        return (
                            "refused" if "dicepoker:" in out + await proc.stderr.read() else "error"
                        )
                    out += chunk
            return "in"
    except (asyncssh.Error, OSError, TimeoutError):
        return "error"


async def seat_grab_web(port: int, stop: asyncio.Event) -> None:
    url = os.environ["DICEPOKER_BENCH_WEB_URL"]
    tally: Counter[str] = Counter()
    async with aiohttp.ClientSession() as http:
        carl = WsTab("carl")
        await carl.open(http, url)
        await carl.wait_for("your name at the tables")
        await carl.send("carl\r")
        await carl.wait_for("online as carl")
        await carl.send("n")
        await carl.wait_for("Open the table")
        await carl.send("\x13")
        await carl.wait_for("Waiting for 1 more player")
        while not stop.is_set():
            tally[
                await keyed_login(port, "carl", asyncssh.generate_private_key("ssh-ed25519"))
            ] += 1
        seated = carl.shows("Waiting for 1 more player")
        assert carl.ws is not None
        await carl.ws.close()
    print(f"  seat grab (web): {dict(tally)}; carl still at his table: {seated}")


async def name_squat(port: int, stop: asyncio.Event) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    tally: Counter[str] = Counter()
    n = 0
    while not stop.is_set():
        tally[await keyed_login(port, f"squat{n}", key)] += 1
        n += 1
    print(f"  name squat: one key, {n} names tried: {dict(tally)}")


async def look_alikes(port: int, stop: asyncio.Event) -> None:
    names = ["h0", "hO", "H0", "h0.", "h-0", "ho", "h1", "hl", "HI", "h_1"]
    tally: Counter[str] = Counter()
    n = 0
    while not stop.is_set():
        key = asyncssh.generate_private_key("ssh-ed25519")
        tally[await keyed_login(port, names[n % len(names)], key)] += 1
        n += 1
    print(f"  look-alikes of h0/h1 (in use without a key): {dict(tally)}")


async def chat_flood(port: int, stop: asyncio.Event) -> None:
    watchers = [Term(f"flood{i}", GRIEFER) for i in range(9)]
    sent = 0
    try:

        async def watch(term: Term) -> None:
            await term.open(port)
            await term.wait_for("online as")
            term.send("w")  # watch the first table: h0's

        await asyncio.gather(*(watch(term) for term in watchers))
        while not stop.is_set():
            for term in watchers:
                term.send(f"c spam {sent}\r")
                sent += 1
            await asyncio.sleep(0.02)
    except (asyncssh.Error, OSError, TimeoutError) as exc:
        print(f"  chat flood stopped: {exc!r}"[:300])
    for term in watchers:
        term.close()
    print(f"  chat flood: 9 watchers sent {sent} lines")


ATTACKS: dict[str, Callable[[int, asyncio.Event], Awaitable[None]]] = {
    "seat grab (web)": seat_grab_web,
    "name squat": name_squat,
    "look-alikes": look_alikes,
    "chat flood": chat_flood,
}
