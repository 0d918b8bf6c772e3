"""`dicepoker serve` as its own process, as an operator starts it, and a browser tab of it
as the page's script drives one (a websocket to the web port: the hub sees a browser
player, unkeyed, with the name picked in the tab)."""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import os
import re
import sys
from pathlib import Path

import aiohttp

from .terminal_screen import TerminalScreen


class ServeProcess:
    """A running `dicepoker serve`: its SSH port, its web URL (with `--web-port`)."""

    def __init__(self, proc: asyncio.subprocess.Process, home: Path) -> None:
        self.proc = proc
        self.home = home
        self.port = 0
        self.url: str | None = None

    def log(self) -> str:
        """What the server wrote to stderr so far (its log)."""
        with contextlib.suppress(OSError):
            return (self.home / "serve.err").read_text(errors="replace")
        return ""

    async def stop(self) -> None:
        if self.proc.returncode is None:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), 15)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


async def start_serve(home: Path, *args: str) -> ServeProcess:
    """`dicepoker serve --port 0 --idle-timeout 0 ARGS` with `home` as its data directory;
    returned once it listens (and, with `--web-port`, serves browsers)."""
    home.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "DICEPOKER_HOME": str(home)}
    err = open(home / "serve.err", "wb")  # noqa: SIM115 (the process keeps it)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "dicepoker_tui",
        "serve",
        "--port",
        "0",
        "--idle-timeout",
        "0",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=err,
        env=env,
    )
    err.close()
    server = ServeProcess(proc, home)
    assert proc.stdout is not None
    line = await asyncio.wait_for(proc.stdout.readline(), 60)
    found = re.search(rb":(\d+) \(", line)
    assert found, (line, server.log())
    server.port = int(found.group(1))
    if "--web-port" in args:
        line = await asyncio.wait_for(proc.stdout.readline(), 60)
        url = re.search(rb"http://\S+", line)
        assert url, line
        server.url = url.group(0).decode()
    return server


class WsTab:
    """A browser tab: the page's websocket, what it draws kept on a small screen."""

    def __init__(self, cols: int = 100, rows: int = 30) -> None:
        self.size = (cols, rows)
        self.screen = TerminalScreen(cols, rows)
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.changed = asyncio.Event()
        self.http: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task | None = None

    async def open(self, url: str, headers: dict[str, str] | None = None) -> WsTab:
        self.http = aiohttp.ClientSession()
        cols, rows = self.size
        self.ws = await self.http.ws_connect(
            url.replace("http:", "ws:") + f"/ws?width={cols}&height={rows}", headers=headers
        )
        self._reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        assert self.ws is not None
        with contextlib.suppress(Exception):
            async for message in self.ws:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.screen.feed(self.decoder.decode(message.data))
                    self.changed.set()
        self.changed.set()

    def text(self) -> str:
        return "\n".join(self.screen.text())

    async def shows(self, text: str, timeout: float = 60.0) -> str:
        """Wait until the tab's screen shows `text`; the screen."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while text not in (shown := self.text()):
            if loop.time() > end or (self._reader is not None and self._reader.done()):
                raise AssertionError(f"{text!r} never shown; the tab:\n{shown}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 0.3)
        return shown

    async def keys(self, keys: str) -> None:
        assert self.ws is not None
        await self.ws.send_json(["stdin", keys])

    async def named(self, url: str, nick: str) -> WsTab:
        """Open the page and pick `nick` as the name at the tables."""
        await self.open(url)
        await self.shows("your name at the tables")
        await self.keys(nick + "\r")
        await self.shows(f"online as {nick}")
        return self

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.http is not None:
            await self.http.close()
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._reader, 5)
