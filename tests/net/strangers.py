"""Helpers for the tests of a server open to strangers: the honest players who must keep
playing whatever one client does."""

from __future__ import annotations

import asyncssh

from dicepoker_tui.net.client import HubClient

from .helpers import play_turn, until
from .ssh_client import Terminal, connect

HONEST_KEY = asyncssh.generate_private_key("ssh-ed25519")


async def honest_pair(server) -> tuple[HubClient, HubClient]:
    """Two players (straight on the hub) with a game of Yatzy under way."""
    hub = server.hub
    bob = HubClient(server.socket_path, hub.issue_token("bob", "SHA256:bob"))
    await bob.connect()
    bob.create("yatzy", seats=2)
    await until(lambda: bob.game is not None, what="bob's table")
    carol = HubClient(server.socket_path, hub.issue_token("carol", "SHA256:carol"))
    await carol.connect()
    carol.join(bob.game.table.id)
    await until(lambda: carol.game is not None and carol.game.started, what="the game")
    return bob, carol


async def still_playing(server, pair: tuple[HubClient, HubClient]) -> None:
    """Both play a turn, and a new SSH player gets the lobby drawn."""
    for _ in range(2):  # one turn each, whoever is to play
        client = next(c for c in pair if c.game is not None and c.game.my_turn())
        await play_turn(client)
    async with await connect(server.port, "honest", HONEST_KEY) as conn:
        term = await Terminal.open(conn)
        await term.wait_for("online as honest", timeout=20)
        term.send("q")
        await term.closed()


async def close_pair(pair: tuple[HubClient, HubClient]) -> None:
    for client in pair:
        await client.aclose()
