"""Attacks on the web port for `bench/ssh_griefers.py` (its server listens for browsers
too; the port is in `DICEPOKER_BENCH_WEB_PORT`):

- web idle flood: plain TCP connections that never send a byte, or half a request line,
  from 20 loopback addresses, as many as the server takes (reopened when it closes them);
- web forged host: pages and websockets asked for with `Host`/`Origin` of another site
  (DNS rebinding), as fast as they are answered.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from collections.abc import Awaitable, Callable

import aiohttp

FLOOD = 600
"""Idle connections the flood keeps trying to hold."""


def _web_port() -> int:
    return int(os.environ["DICEPOKER_BENCH_WEB_PORT"])


async def web_idle_flood(port: int, stop: asyncio.Event) -> None:
    web = _web_port()
    loop = asyncio.get_running_loop()
    held: list[socket.socket] = []
    while not stop.is_set():
        alive = []
        for sock in held:  # the ones the server closed go
            try:
                ended = sock.recv(4096) == b""
            except BlockingIOError:
                ended = False
            except OSError:
                ended = True
            if ended:
                sock.close()
            else:
                alive.append(sock)
        held = alive
        for i in range(FLOOD - len(held)):
            sock = socket.socket()
            sock.setblocking(False)
            sock.bind((f"127.0.0.{2 + i % 20}", 0))
            try:
                await asyncio.wait_for(loop.sock_connect(sock, ("127.0.0.1", web)), 1)
                if i % 2:
                    sock.send(b"GET / HTT")
                held.append(sock)
            except (OSError, TimeoutError):
                sock.close()
            if stop.is_set():
                break
        await asyncio.sleep(0.5)
    for sock in held:
        sock.close()


async def web_forged_host(port: int, stop: asyncio.Event) -> None:
    web = _web_port()
    forged = {"Host": f"attacker.example:{web}"}
    async with aiohttp.ClientSession() as http:
        while not stop.is_set():
            with contextlib.suppress(aiohttp.ClientError, OSError):
                async with http.get(f"http://127.0.0.1:{web}/", headers=forged) as page:
                    await page.read()
                await http.ws_connect(
                    f"ws://127.0.0.1:{web}/ws?width=80&height=24",
                    headers=forged,
                    origin=f"http://attacker.example:{web}",
                )


ATTACKS: dict[str, Callable[[int, asyncio.Event], Awaitable[None]]] = {
    "web idle flood": web_idle_flood,
    "web forged host": web_forged_host,
}
