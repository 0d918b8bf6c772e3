"""`dicepoker serve` with a real asyncssh client on 127.0.0.1 and an ephemeral port."""

from __future__ import annotations

import asyncio
import os
import signal
import stat

import asyncssh
import pytest

from dicepoker_tui.net.client import HubClient
from dicepoker_tui.serve.host_key import HOST_KEY_NAME
from dicepoker_tui.serve.server import GameServer, ServeOptions

from .helpers import play_turn, until
from .ssh_client import Terminal, connect

KEY_A = asyncssh.generate_private_key("ssh-ed25519")
KEY_B = asyncssh.generate_private_key("ssh-ed25519")


async def test_exec_is_refused_with_one_line_of_help(game_server, short_tmp):
    marker = short_tmp / "ran"
    async with await connect(game_server.port, "alice") as conn:
        result = await conn.run(f"touch {marker}", check=False)
    assert result.exit_status == 1
    assert result.stdout == ""
    assert "commands are not run here" in result.stderr and result.stderr.count("\n") == 1
    assert not marker.exists()


async def test_a_session_without_a_pty_gets_one_line_of_help(game_server):
    async with await connect(game_server.port, "alice") as conn:
        process = await conn.create_process(term_type=None)
        process.stdin.write_eof()
        await process.wait_closed()
        assert process.exit_status == 1
        assert "connect with: ssh -t -p" in await process.stderr.read()


async def test_sftp_and_port_forwarding_are_refused(game_server):
    async with await connect(game_server.port, "alice") as conn:
        with pytest.raises((asyncssh.Error, OSError)):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", game_server.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        # the connection still works after the refusals
        result = await conn.run("x", check=False)
        assert result.exit_status == 1


async def test_the_app_draws_its_first_frame_over_ssh(game_server):
    async with await connect(game_server.port, "alice", KEY_A) as conn:
        term = await Terminal.open(conn)
        await term.wait_for("online as alice")
        assert b"\x1b[?1049h" in term.output  # full screen
        assert b"No tables yet" in term.output
        term.send("q")
        assert await term.closed() == 0
    assert b"\x1b[?1049l" in term.output  # the app left the alternate screen itself


async def test_a_dropped_player_resumes_the_seat_and_nobody_acts_for_another(game_server):
    hub = game_server.hub
    bob = HubClient(game_server.socket_path, hub.issue_token("bob"))
    await bob.connect()
    bob.create("yatzy", seats=2)
    await until(lambda: bob.game is not None, what="bob's table")
    table_id = bob.game.table.id
    table = hub.tables[table_id]

    conn = await connect(game_server.port, "alice", KEY_A)
    term = await Terminal.open(conn)
    await term.wait_for("1 free")  # bob's table is listed
    term.send("\r")  # sit down at the highlighted table
    await until(lambda: table.game is not None, what="the game to start")
    assert table.seats[1].name == "alice" and table.seats[1].fingerprint == KEY_A.get_fingerprint()
    await term.wait_for("bob to play")

    # alice cannot act in bob's turn: told so, and nothing happens
    count = len(table.game.events)
    mark = term.mark()
    term.send("r")
    await term.wait_for("It is bob's turn", since=mark)
    assert len(table.game.events) == count

    await play_turn(bob)
    await term.wait_for("your turn")
    term.send("r")
    await until(lambda: table.game.state.turn.dice is not None, what="alice's throw")
    dice = table.game.state.turn.dice

    conn.abort()  # the connection drops mid-turn
    await until(lambda: not hub.broadcast.is_present(table, 1), what="alice away")
    await until(lambda: not game_server.sessions, what="the session to end")
    assert table.seats[1].name == "alice"

    # someone else calling themselves alice, with another key, is turned away
    async with await connect(game_server.port, "alice", KEY_B) as other:
        intruder = await Terminal.open(other)  # refused at login: one line
        assert await intruder.closed() == 1
        assert b"another key" in await intruder.process.stderr.read()
    assert table.seats[1].fingerprint == KEY_A.get_fingerprint()

    # alice comes back with her key: straight to her seat, dice as they were
    async with await connect(game_server.port, "alice", KEY_A) as again:
        term = await Terminal.open(again)
        await term.wait_for("your turn")
        await until(lambda: hub.broadcast.is_present(table, 1), what="alice back")
        assert table.game.state.turn.dice == dice
        term.send("\r")  # write into the box under the cursor
        await until(lambda: len(table.game.state.sheets[1].scores) == 1, what="alice's write")
        term.send("\x11")  # ctrl+q
        await term.closed()
    await bob.aclose()


async def test_garbage_and_absurd_window_sizes_do_not_take_the_server_down(game_server):
    async with await connect(game_server.port, "mallory") as conn:
        term = await Terminal.open(conn)
        await term.wait_for("online as mallory")
        for cols, rows in [(0, 0), (10000, 10000), (1, 1), (65535, 3)]:
            term.process.change_terminal_size(cols, rows)
            await asyncio.sleep(0.05)
        term.send(os.urandom(4096))
        term.send(b"\x1b[" * 500 + b"\x1b]52;c;" + b"A" * 8000)
        term.send(bytes(range(256)) * 8)
        await asyncio.sleep(0.5)
    # the server still serves: a new session draws its first frame and the hub answers
    async with await connect(game_server.port, "alice") as conn:
        term = await Terminal.open(conn, cols=80, rows=24)
        await term.wait_for("online as alice")
        term.send("q")
        await term.closed()


async def test_a_crashed_app_leaves_the_terminal_clean(game_server):
    async with await connect(game_server.port, "alice") as conn:
        term = await Terminal.open(conn)
        await term.wait_for("online as alice")
        await until(lambda: any(s.pid for s in game_server.sessions), what="the app's pid")
        session = next(iter(game_server.sessions))
        mark = term.mark()
        os.kill(session.pid, signal.SIGKILL)
        status = await term.closed()
    tail = bytes(term.output[mark:])
    assert status == 1
    for sequence in (b"\x1b[?1049l", b"\x1b[?25h", b"\x1b[?1000l", b"\x1b[?1006l"):
        assert sequence in tail
    assert b"stopped unexpectedly" in tail


async def test_the_host_key_is_made_once_kept_private_and_reused(short_tmp):
    home = short_tmp / "home"
    seen = []
    for _ in range(2):
        server = GameServer(ServeOptions(port=0, data_dir=home, idle_timeout=0, prefork=False))
        await server.start()
        try:
            conn = await connect(server.port, "alice")
            seen.append(conn.get_server_host_key().get_fingerprint())
            conn.close()
        finally:
            await server.close()
    assert seen[0] == seen[1]
    key_file = home / HOST_KEY_NAME
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert asyncssh.read_private_key(key_file).algorithm == b"ssh-ed25519"


async def test_authorized_keys_let_only_those_keys_in(short_tmp):
    keys = short_tmp / "authorized_keys"
    keys.write_bytes(b"# friends\n" + KEY_A.export_public_key())
    server = GameServer(
        ServeOptions(port=0, data_dir=short_tmp / "home", authorized_keys=keys, idle_timeout=0)
    )
    await server.start()
    try:
        async with await connect(server.port, "alice", KEY_A) as conn:
            result = await conn.run("x", check=False)
            assert result.exit_status == 1  # in (and refused the command)
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, "mallory", KEY_B)
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, "mallory")
    finally:
        await server.close()
