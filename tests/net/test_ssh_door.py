"""Limits at the door and names held by keys (issue points 4, 5 and the login log).

Real asyncssh clients against a server on 127.0.0.1: every refusal is one line to the
client and one in the log, and the honest players keep playing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import asyncssh
import pytest

from dicepoker_tui.net.client import HubClient
from dicepoker_tui.serve.door import DoorLimits
from dicepoker_tui.serve.server import GameServer, ServeOptions

from .helpers import until
from .ssh_client import Terminal, connect
from .strangers import close_pair, honest_pair, still_playing

KEY_A = asyncssh.generate_private_key("ssh-ed25519")
KEY_B = asyncssh.generate_private_key("ssh-ed25519")


@contextlib.asynccontextmanager
async def serving(short_tmp, **door):
    server = GameServer(
        ServeOptions(
            port=0,
            data_dir=short_tmp / "home",
            bot_pace=0.0,
            idle_timeout=0,
            door=DoorLimits(**door),
        )
    )
    await server.start()
    try:
        yield server
    finally:
        await server.close()


def _login_log(server) -> list[str]:
    path = server.data_dir / "logins.log"
    return path.read_text().splitlines() if path.exists() else []


async def test_one_connection_gets_one_session_however_many_channels_it_opens(game_server, caplog):
    pair = await honest_pair(game_server)
    caplog.set_level(logging.WARNING, logger="dicepoker_tui.serve.door")
    async with await connect(game_server.port, "flood") as conn:
        term = await Terminal.open(conn)
        await term.shows("online as flood")
        refused = []
        for _ in range(200):  # bare channels, as fast as the client can open them
            try:
                chan, _session = await conn.create_session(asyncssh.SSHClientSession)
                chan.close()
            except asyncssh.ChannelOpenError as exc:
                refused.append(exc.reason)
            except (asyncssh.DisconnectError, asyncssh.ConnectionLost, OSError):
                break
        # ten refusals, then the connection is closed: a few lines in the log, not 200
        assert sum("1 session per connection; connect again" in r for r in refused) == 10
        await asyncio.wait_for(conn.wait_closed(), 10)
        await until(lambda: not game_server.sessions, what="the flooder's session ended")
        await still_playing(game_server, pair)
    assert sum("login refused" in r.message for r in caplog.records) == 11
    logged = _login_log(game_server)
    assert sum("sessions on one connection" in line for line in logged) == 10
    assert any("10 sessions refused on one connection" in line for line in logged)
    await close_pair(pair)


async def test_connections_per_address_and_the_login_grace(short_tmp, caplog):
    async with serving(short_tmp, connections_per_address=3, login_grace=1.0) as server:
        pair = await honest_pair(server)
        idle = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(3)]
        await until(lambda: server.door.open.get("127.0.0.1") == 3, what="three at the door")
        with pytest.raises(asyncssh.DisconnectError, match="too many connections"):
            await connect(server.port, "fourth")
        assert any("too many connections" in line for line in _login_log(server))
        # none of them logs in: each is closed after the grace, and the door opens again
        for reader, writer in idle:
            await asyncio.wait_for(reader.read(), 10)
            writer.close()
        await until(lambda: not server.door.open, what="the idle ones closed")
        await still_playing(server, pair)
        await close_pair(pair)


async def test_new_connections_a_minute_from_one_address_are_a_token_bucket(short_tmp):
    async with serving(short_tmp, connections_per_minute=5) as server:
        pair = await honest_pair(server)
        now = [1000.0]
        server.door.clock = lambda: now[0]
        server.door._buckets.clear()
        for i in range(5):
            conn = await connect(server.port, f"quick{i}")
            conn.close()
            await conn.wait_closed()
        with pytest.raises(asyncssh.DisconnectError, match="try again in a minute"):
            await connect(server.port, "sixth")
        now[0] += 12.0  # a minute's fifth later: one more
        conn = await connect(server.port, "sixth")
        conn.close()
        await conn.wait_closed()
        now[0] += 60.0
        await still_playing(server, pair)
        await close_pair(pair)


async def test_the_first_key_to_use_a_name_claims_it_across_restarts(short_tmp):
    async with serving(short_tmp) as server:
        pair = await honest_pair(server)
        async with await connect(server.port, "dave", KEY_A) as conn:
            term = await Terminal.open(conn)
            await term.shows("online as dave")
        for key in (KEY_B, None):  # another key, or none: one line, and out
            async with await connect(server.port, "dave", key) as conn:
                term = await Terminal.open(conn)
                assert await term.closed() == 1
                assert b"belongs to another key" in await term.process.stderr.read()
        await still_playing(server, pair)
        await close_pair(pair)
        logged = _login_log(server)
        assert any(KEY_A.get_fingerprint() in line and "accepted" in line for line in logged)
        assert any("no-key refused" in line for line in logged)
    async with serving(short_tmp) as server:  # the claim is kept in the server's data
        async with await connect(server.port, "dave", KEY_B) as conn:
            term = await Terminal.open(conn)
            assert await term.closed() == 1
        async with await connect(server.port, "dave", KEY_A) as conn:
            term = await Terminal.open(conn)
            await term.shows("online as dave")


async def test_an_unkeyed_player_is_marked_and_told_the_seat_is_not_protected(game_server):
    pair = await honest_pair(game_server)
    hub = game_server.hub
    ann = HubClient(game_server.socket_path, hub.issue_token("ann", "SHA256:ann"))
    await ann.connect()
    ann.create("yatzy", seats=3)
    await until(lambda: ann.game is not None, what="ann's table")
    async with await connect(game_server.port, "zed") as conn:
        term = await Terminal.open(conn)
        await term.shows("online as zed")
        term.send("\x1b[B\r")  # ann's table is the second; sit down
        await term.shows("not protected by a key")
        assert "~zed" in term.screen()
        await until(lambda: ann.game.table.seats[1].name == "zed", what="zed seated")
        assert not ann.game.table.seats[1].keyed
        await still_playing(game_server, pair)
    await ann.aclose()
    await close_pair(pair)


async def test_with_keys_required_a_login_without_one_is_refused(short_tmp):
    async with serving(short_tmp, require_keys=True) as server:
        pair = await honest_pair(server)
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, "nokey")
        async with await connect(server.port, "withkey", KEY_A) as conn:
            term = await Terminal.open(conn)
            await term.shows("online as withkey")
        await still_playing(server, pair)
        await close_pair(pair)


async def test_the_home_of_an_unkeyed_name_goes_with_its_last_session(game_server):
    pair = await honest_pair(game_server)
    async with await connect(game_server.port, "passer") as conn:
        term = await Terminal.open(conn)
        await term.shows("online as passer")
        assert (game_server.data_dir / "sessions" / "passer").is_dir()
        term.send("q")
        await term.closed()
    await until(lambda: not game_server.sessions, what="the session over")
    assert not (game_server.data_dir / "sessions" / "passer").exists()
    async with await connect(game_server.port, "keeper", KEY_A) as conn:
        term = await Terminal.open(conn)
        await term.shows("online as keeper")
        term.send("q")
        await term.closed()
    await until(lambda: not game_server.sessions, what="the session over")
    assert (game_server.data_dir / "sessions" / "keeper").is_dir()
    await still_playing(game_server, pair)
    await close_pair(pair)


async def test_refused_connections_beyond_the_cap_are_cut_short(short_tmp):
    async with serving(short_tmp, connections_per_address=2, login_grace=30.0) as server:
        pair = await honest_pair(server)
        held = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(2)]
        await until(lambda: server.door.open.get("127.0.0.1") == 2, what="two at the door")
        told = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(2)]
        await until(lambda: server.door._telling.get("127.0.0.1") == 2, what="two being told")
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        assert await asyncio.wait_for(reader.read(), 5) == b""  # cut at once, not in 30 s
        writer.close()
        for _reader, w in (*held, *told):
            w.close()
        await until(lambda: not server.door.open and not server.door._telling, what="all gone")
        await still_playing(server, pair)
        await close_pair(pair)


async def test_sessions_opened_one_after_another_on_one_connection_spend_its_minute(short_tmp):
    async with serving(short_tmp, connections_per_minute=3) as server:
        pair = await honest_pair(server)
        now = [1000.0]
        server.door.clock = lambda: now[0]
        server.door._buckets.clear()
        async with await connect(server.port, "reopen") as conn:  # the first token
            for _ in range(3):  # its first session is the connection's; two more tokens
                process = await conn.create_process(term_type="xterm", encoding=None)
                process.close()
                await process.wait_closed()
            with pytest.raises(asyncssh.ChannelOpenError, match="try again in a minute"):
                await conn.create_process(term_type="xterm", encoding=None)
        assert sum("reopen no-key accepted" in line for line in _login_log(server)) == 3
        assert any("reopen no-key too many new" in line for line in _login_log(server))
        now[0] += 60.0
        await still_playing(server, pair)
        await close_pair(pair)


async def test_a_login_refused_at_authentication_or_not_made_in_time_is_logged(short_tmp):
    async with serving(short_tmp, require_keys=True, login_grace=1.0) as server:
        pair = await honest_pair(server)
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, "nokey")
        await until(
            lambda: any("nokey no-key refused: no key given" in x for x in _login_log(server)),
            what="the refusal logged",
        )
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        await asyncio.wait_for(reader.read(), 10)  # closed after the grace
        writer.close()
        await until(
            lambda: any("- no-key refused: no login within 1 s" in x for x in _login_log(server)),
            what="the grace logged",
        )
        await still_playing(server, pair)
        await close_pair(pair)
