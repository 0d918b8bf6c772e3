"""The real OpenSSH client in tmux against a server on 127.0.0.1: an invalid UTF-8 byte
and a storm of window sizes (issue points 6, 11 and 12), while the honest pair plays."""

from __future__ import annotations

import asyncio
import os
import shutil
import uuid

import pytest

from .helpers import until
from .strangers import close_pair, honest_pair, still_playing

pytestmark = pytest.mark.skipif(
    not (shutil.which("ssh") and shutil.which("tmux")), reason="needs OpenSSH and tmux"
)


async def tmux(*args: str) -> str:
    proc = await asyncio.create_subprocess_exec(
        "tmux", *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL
    )
    out, _ = await proc.communicate()
    return out.decode(errors="replace")


class Pane:
    """An `ssh` in a tmux session of its own."""

    def __init__(self, name: str) -> None:
        self.name = name

    @classmethod
    async def ssh(cls, port: int, nick: str, home, cols: int = 80, rows: int = 24) -> Pane:
        pane = cls(f"dp-{uuid.uuid4().hex[:8]}")
        command = (
            f"ssh -F /dev/null -t -p {port} -o StrictHostKeyChecking=no "
            f"-o UserKnownHostsFile=/dev/null -o PubkeyAuthentication=no "
            f"-o PreferredAuthentications=keyboard-interactive,password "
            f"-o LogLevel=ERROR {nick}@127.0.0.1; sleep 30"
        )
        env = {**os.environ, "HOME": str(home)}
        proc = await asyncio.create_subprocess_exec(
            "tmux",
            "new-session",
            "-d",
            "-s",
            pane.name,
            "-x",
            str(cols),
            "-y",
            str(rows),
            command,
            env=env,
        )
        await proc.wait()
        return pane

    async def text(self) -> str:
        return await tmux("capture-pane", "-p", "-t", self.name)

    async def shows(self, text: str, timeout: float = 20.0) -> str:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            shown = await self.text()
            if text in shown:
                return shown
            if loop.time() > end:
                raise AssertionError(f"{text!r} never shown; the pane:\n{shown}")
            await asyncio.sleep(0.2)

    async def drawn_wider_than(self, cols: int, timeout: float = 10.0) -> None:
        """Wait until the app has drawn rows wider than `cols` (and the lobby's title)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            shown = await self.text()
            rows = shown.splitlines()
            if "online as" in shown and any(len(row.rstrip()) > cols for row in rows):
                return
            if loop.time() > end:
                raise AssertionError(f"never drawn wider than {cols}; the pane:\n{shown}")
            await asyncio.sleep(0.2)

    async def keys(self, *keys: str, hex_bytes: bool = False) -> None:
        await tmux("send-keys", "-t", self.name, *(["-H"] if hex_bytes else []), *keys)

    async def resize(self, cols: int, rows: int) -> None:
        await tmux("resize-window", "-t", self.name, "-x", str(cols), "-y", str(rows))

    async def close(self) -> None:
        await tmux("kill-session", "-t", self.name)


async def test_openssh_sends_an_invalid_utf8_byte_and_the_game_goes_on(game_server, tmp_path):
    pair = await honest_pair(game_server)
    pane = await Pane.ssh(game_server.port, "mallory", tmp_path)
    try:
        await pane.shows("online as")
        await pane.keys("ff", "fe", "c3", "80", hex_bytes=True)
        await pane.keys("n")
        shown = await pane.shows("New table")
        assert "Traceback" not in shown and "site-packages" not in shown
        assert game_server.sessions
        await still_playing(game_server, pair)
    finally:
        await pane.close()
    await close_pair(pair)


async def test_a_resize_storm_ends_drawn_at_the_last_size(game_server, tmp_path):
    pair = await honest_pair(game_server)
    pane = await Pane.ssh(game_server.port, "stormy", tmp_path)
    try:
        await pane.shows("online as")
        for i in range(40):  # as fast as tmux and ssh pass them on
            await pane.resize(*((200, 60) if i % 2 else (60, 20)))
        await pane.resize(100, 30)
        (session,) = [s for s in game_server.sessions if s.identity.nick == "stormy"]
        await until(lambda: session.size == (100, 30), what="the last size at the server")
        await until(lambda: session.bridge._size == (100, 30), what="the last size given")
        # the screen is drawn whole at that size, without a key pressed
        await pane.drawn_wider_than(80)
        assert session.bridge.resizes < 42  # a storm is given in fewer sizes than asked
        await still_playing(game_server, pair)
    finally:
        await pane.close()
    await close_pair(pair)


async def test_openssh_write_undo_loop_takes_back_once_and_the_other_comes_back(
    game_server, tmp_path
):
    from dicepoker_tui.families.scoresheet.rules import events as ev

    pair = await honest_pair(game_server)
    alpha = await Pane.ssh(game_server.port, "alpha", tmp_path, 100, 30)
    beta = await Pane.ssh(game_server.port, "beta", tmp_path, 100, 30)
    again = None
    try:
        await alpha.shows("online as")
        await beta.shows("online as")
        await alpha.keys("n")
        await alpha.shows("Open the table")
        await alpha.keys("C-s")
        await alpha.shows("Waiting for 1 more player")
        await beta.shows("alpha's")
        await beta.keys("Down", "Enter")  # bob's table is first
        await alpha.shows("your turn")
        table = next(t for t in game_server.hub.tables.values() if t.creator == "alpha")
        await alpha.keys("r")
        await until(lambda: table.game.state.turn.dice is not None, what="alpha's throw")
        for _ in range(30):  # the lock-out: enter, u, enter, u...
            await alpha.keys("Enter")
            await alpha.keys("u")
        await until(
            lambda: table.game.state.current == 1 and not table.game.state.turn.dice,
            what="alpha's write standing",
        )
        # at most one undo for the one write (on a busy machine the seat's rate limit may
        # refuse even that one: the keys arrive together); exactly one is checked without
        # the terminal in tests/net/test_ssh_bounds.py
        undone = sum(isinstance(e, ev.WriteUndone) for e in table.game.events)
        written = sum(isinstance(e, ev.BoxWritten) for e in table.game.events)
        assert undone <= 1 and written - undone == 1
        await beta.close()  # beta's connection goes; beta comes back to a working table
        await until(lambda: not game_server.hub.broadcast.is_present(table, 1), what="beta away")
        again = await Pane.ssh(game_server.port, "beta", tmp_path, 100, 30)
        shown = await again.shows("your turn")
        assert "lost" not in shown
        await still_playing(game_server, pair)
    finally:
        for pane in (alpha, beta, again):
            if pane is not None:
                await pane.close()
    await close_pair(pair)
