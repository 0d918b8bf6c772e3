"""The smaller items of a server strangers can join (issue point 12), with real clients."""

from __future__ import annotations

import asyncio
import logging
import stat

from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient
from dicepoker_tui.serve.server import GameServer, ServeOptions

from .helpers import until
from .ssh_client import Terminal, connect
from .strangers import close_pair, honest_pair, still_playing


async def test_the_idle_notice_says_the_seconds_of_a_short_timeout(short_tmp):
    server = GameServer(ServeOptions(port=0, data_dir=short_tmp / "home", idle_timeout=2))
    await server.start()
    try:
        async with await connect(server.port, "sleepy") as conn:
            term = await Terminal.open(conn)
            await term.shows("online as sleepy")
            assert await term.closed(timeout=20) == 1
            assert b"closed after 2 s without a key pressed" in term.output
    finally:
        await server.close()


async def test_join_takes_the_seat_asked_for(game_server):
    hub = game_server.hub
    ann = HubClient(game_server.socket_path, hub.issue_token("ann"))
    await ann.connect()
    ann.create("yatzy", seats=3)
    await until(lambda: ann.game is not None, what="ann's table")
    ben = HubClient(game_server.socket_path, hub.issue_token("ben"))
    await ben.connect()
    ben.join(ann.game.table.id, seat=2)
    await until(lambda: ben.game is not None, what="ben seated")
    assert [s.name for s in hub.tables[ann.game.table.id].seats] == ["ann", None, "ben"]
    for client in (ann, ben):
        await client.aclose()


async def test_the_history_is_the_servers_alone(game_server):
    mode = (game_server.data_dir / "history.db").stat().st_mode
    assert stat.S_IMODE(mode) == 0o600


async def test_a_dropped_peer_is_not_logged_at_every_write(game_server, caplog):
    pair = await honest_pair(game_server)
    caplog.set_level(logging.WARNING)
    hub = game_server.hub
    _reader, writer = await asyncio.open_unix_connection(str(game_server.socket_path))
    writer.write(p.encode(p.Hello(token=hub.issue_token("gone"))))
    await writer.drain()
    await until(lambda: hub.peer_count == 3, what="gone at the hub")
    writer.transport.abort()  # gone without a word, while the lobby keeps changing
    maker = HubClient(game_server.socket_path, hub.issue_token("maker"))
    await maker.connect()
    for _ in range(20):
        maker.create("yatzy", seats=2)
        await until(lambda: maker.game is not None, what="the table")
        maker.leave()
        await until(lambda: maker.game is None, what="the lobby")
    await until(lambda: hub.peer_count == 3, what="gone dropped")
    assert sum("socket.send() raised" in r.getMessage() for r in caplog.records) <= 1
    await still_playing(game_server, pair)
    await maker.aclose()
    await close_pair(pair)
