"""One session cannot starve the others (issue point 11): its app runs below the server's
priority and gets its input at a bounded rate, while the honest pair plays."""

from __future__ import annotations

import asyncio
import os

import pytest

from dicepoker_tui.serve import pty_bridge
from dicepoker_tui.serve.server import GameServer, ServeOptions
from dicepoker_tui.serve.zygote import SESSION_NICE

from .helpers import until
from .ssh_client import Terminal, connect
from .strangers import close_pair, honest_pair, still_playing


@pytest.mark.parametrize("prefork", [True, False])
async def test_session_apps_run_at_a_lower_priority_than_the_server(short_tmp, prefork):
    server = GameServer(
        ServeOptions(port=0, data_dir=short_tmp / "home", idle_timeout=0, prefork=prefork)
    )
    await server.start()
    try:
        async with await connect(server.port, "nicey") as conn:
            term = await Terminal.open(conn)
            await term.shows("online as nicey")
            (session,) = server.sessions
            ours = os.getpriority(os.PRIO_PROCESS, 0)
            assert os.getpriority(os.PRIO_PROCESS, session.pid) == min(19, ours + SESSION_NICE)
    finally:
        await server.close()


async def test_a_flood_of_keystrokes_reaches_its_app_at_a_bounded_rate(game_server):
    pair = await honest_pair(game_server)
    async with await connect(game_server.port, "typist") as conn:
        term = await Terminal.open(conn)
        await term.shows("online as typist")
        (session,) = game_server.sessions
        loop = asyncio.get_running_loop()
        started = loop.time()
        term.send(b"x" * (256 * 1024))  # keys the lobby ignores, as fast as SSH takes them
        await until(lambda: session.bridge.bytes_in >= 64 * 1024, what="the flood at the door")
        await still_playing(game_server, pair)  # the others play on meanwhile
        elapsed = loop.time() - started
        allowed = pty_bridge.INPUT_BURST + pty_bridge.INPUT_RATE * elapsed
        assert session.bridge.bytes_to_app <= allowed + 4096
        assert session.bridge.bytes_to_app < 256 * 1024
    await close_pair(pair)
