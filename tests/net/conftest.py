"""Fixtures: a hub on a unix socket in a temporary data directory, and clients of it."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from dicepoker_tui.net.client import HubClient
from dicepoker_tui.net.hub import Hub
from dicepoker_tui.net.hub_socket import serve_hub


@pytest.fixture
def short_tmp():
    """A short directory path: unix socket paths are limited to about 100 bytes."""
    with tempfile.TemporaryDirectory(prefix="dp-") as d:
        yield Path(d)


@pytest.fixture
async def hub_socket(short_tmp):
    """(hub, socket path) with bots acting at once."""
    hub = Hub(bot_pace=0.0)
    path = short_tmp / "hub.sock"
    server = await serve_hub(hub, path)
    yield hub, path
    server.close()
    await hub.aclose()


@pytest.fixture
async def connect(hub_socket):
    """`await connect(nick, fingerprint=None)` -> a HubClient said hello."""
    hub, path = hub_socket
    clients: list[HubClient] = []

    async def _connect(nick: str, fingerprint: str | None = None) -> HubClient:
        client = HubClient(path, hub.issue_token(nick, fingerprint))
        await client.connect()
        clients.append(client)
        return client

    yield _connect
    for client in clients:
        await client.aclose()


@pytest.fixture
async def game_server(short_tmp):
    """A `GameServer` on 127.0.0.1 and an ephemeral port, data in a temporary directory."""
    from dicepoker_tui.serve.server import GameServer, ServeOptions

    server = GameServer(
        ServeOptions(port=0, data_dir=short_tmp / "home", bot_pace=0.0, idle_timeout=0)
    )
    await server.start()
    yield server
    await server.close()
