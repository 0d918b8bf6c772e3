"""A server strangers can join: no player can crash, lock out or outlive another.

Real asyncssh clients against a server on 127.0.0.1; in every test the honest players
(`strangers.honest_pair`, and a new SSH login) keep playing.
"""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from dicepoker_tui.net.client import HubClient
from dicepoker_tui.serve.server import AlreadyServing, GameServer, ServeOptions

from .helpers import until
from .ssh_client import Terminal, connect
from .strangers import close_pair, honest_pair, still_playing


async def test_an_invalid_utf8_byte_is_data_and_the_session_lives_on(game_server):
    pair = await honest_pair(game_server)
    async with await connect(game_server.port, "mallory") as conn:
        term = await Terminal.open(conn)
        await term.wait_for("online as mallory")
        term.send(b"\xff\xfe\xc3")
        term.send(b"\x80 n")  # a stray continuation byte, then a key that opens a form
        await term.shows("New table")
        assert b"Traceback" not in term.output and b"site-packages" not in term.output
        assert game_server.sessions  # still in
        await still_playing(game_server, pair)
    await close_pair(pair)


async def test_a_crash_writes_its_traceback_to_the_server_log_not_the_terminal(monkeypatch, capsys):
    from dicepoker_tui.ui.net.app import NetApp

    read, write = os.pipe()
    monkeypatch.setenv("DICEPOKER_LOG_FD", str(write))

    class Crashing(NetApp):
        async def _connect(self) -> None:
            raise RuntimeError("a bug")

    app = Crashing("", "")
    await app.run_async(headless=True, size=(80, 24))
    os.close(write)
    with os.fdopen(read) as log:
        logged = log.read()
    assert "Traceback" in logged and "a bug" in logged
    assert "a bug" not in capsys.readouterr().err
    assert app.return_code == 1


async def test_markup_in_a_table_name_and_chat_is_shown_as_typed(game_server):
    pair = await honest_pair(game_server)
    hub = game_server.hub
    evil = HubClient(game_server.socket_path, hub.issue_token("eve"))
    await evil.connect()
    evil.create("yatzy", seats=2, name="[/]x[bold]")
    await until(lambda: evil.game is not None, what="eve's table")
    evil.say("[/] [red]hi")
    async with await connect(game_server.port, "alice") as conn:
        term = await Terminal.open(conn)
        await term.shows("[/]x[bold]")
        assert "~eve" in term.screen()  # eve has no key: marked
        term.send("\x1b[B")  # down to eve's table (bob's is first)
        await term.shows("[/]x[bold]")
        await still_playing(game_server, pair)
        term.send("q")
        assert await term.closed() == 0
    await evil.aclose()
    await close_pair(pair)


async def test_a_second_server_on_the_same_data_directory_refuses_and_touches_nothing(
    game_server,
):
    pair = await honest_pair(game_server)
    socket = game_server.socket_path
    before = socket.stat().st_ino
    second = GameServer(ServeOptions(port=0, data_dir=game_server.data_dir, idle_timeout=0))
    with pytest.raises(AlreadyServing, match="another dicepoker serve"):
        await second.start()
    assert socket.stat().st_ino == before
    await still_playing(game_server, pair)
    await close_pair(pair)


@pytest.mark.parametrize("prefork", [True, False])
async def test_apps_of_quick_disconnects_end_even_when_sighup_is_ignored(short_tmp, prefork):
    old = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as under nohup
    try:
        server = GameServer(
            ServeOptions(
                port=0,
                data_dir=short_tmp / "home",
                bot_pace=0.0,
                idle_timeout=0,
                max_sessions=4,
                prefork=prefork,
            )
        )
        await server.start()
    finally:
        signal.signal(signal.SIGHUP, old)
    try:
        pair = await honest_pair(server)
        pids: set[int] = set()
        for i in range(8):
            conn = await connect(server.port, f"quick{i}")
            await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            await asyncio.sleep(0.02 * (i % 4))  # before, while and after the app starts
            pids |= {s.pid for s in server.sessions if s.pid}
            conn.abort()
        await until(lambda: not server.sessions, timeout=20, what="every slot released")
        for pid in pids:
            await until(lambda pid=pid: not _alive(pid), timeout=10, what=f"app {pid} gone")
        await still_playing(server, pair)
        await close_pair(pair)
    finally:
        await server.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie of the spawner is gone as far as the player is concerned
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ", 1)[1][0] != "Z"
    except OSError:
        return False
