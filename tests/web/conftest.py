"""Fixtures: `dicepoker web` as a user starts it, a game server with browsers let in,
and a headless Chromium (the tests that need one are skipped without it)."""

from __future__ import annotations

import asyncio
import os
import re
import sys
import tempfile
from pathlib import Path

import pytest

from .browser import CHROMEDRIVER, CHROMIUM, HAVE_SELENIUM, start_chromium


@pytest.fixture
def short_tmp():
    """A short directory path: unix socket paths are limited to about 100 bytes."""
    with tempfile.TemporaryDirectory(prefix="dp-") as d:
        yield Path(d)


@pytest.fixture
def chromium():
    if not (CHROMIUM and CHROMEDRIVER and HAVE_SELENIUM):
        pytest.skip("needs Chromium, its driver and selenium")
    driver = start_chromium()
    yield driver
    driver.quit()


class WebCommand:
    """`dicepoker web ...` in a process of its own; `url` once it listens."""

    def __init__(self, proc: asyncio.subprocess.Process, url: str) -> None:
        self.proc = proc
        self.url = url
        self.log = b""

    async def stop(self) -> str:
        if self.proc.returncode is None:
            self.proc.terminate()
        out, err = await asyncio.wait_for(self.proc.communicate(), 15)
        return (self.log + out + err).decode(errors="replace")


async def start_web(home, *args: str) -> WebCommand:
    env = {**os.environ, "DICEPOKER_HOME": str(home)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "dicepoker_tui",
        "web",
        "--port",
        "0",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    assert proc.stdout is not None
    line = await asyncio.wait_for(proc.stdout.readline(), 60)
    found = re.search(rb"http://[\w.:\[\]]+", line)
    assert found, line
    command = WebCommand(proc, found.group(0).decode())
    command.log = line
    return command


@pytest.fixture
async def web_command(tmp_path):
    """`start(*args)` -> a running `dicepoker web --port 0 ARGS`; stopped at the end."""
    started: list[WebCommand] = []

    async def start(*args: str) -> WebCommand:
        command = await start_web(tmp_path / "home", *args)
        started.append(command)
        return command

    yield start
    for command in started:
        await command.stop()


@pytest.fixture
async def web_server(short_tmp):
    """`start(**options)` -> a started `GameServer` with `web_port=0` (and the options)."""
    from dicepoker_tui.serve.server import GameServer, ServeOptions

    servers: list[GameServer] = []

    async def start(**options) -> GameServer:
        options.setdefault("idle_timeout", 0)
        server = GameServer(
            ServeOptions(port=0, web_port=0, data_dir=short_tmp / "home", bot_pace=0.0, **options)
        )
        await server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        await server.close()
