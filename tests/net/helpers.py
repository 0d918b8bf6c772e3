"""Helpers for the network tests: waiting on conditions, playing through a RemoteGame."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient


async def until(condition: Callable[[], object], timeout: float = 10.0, what: str = "") -> None:
    """Wait until `condition()` is true; fail the test after `timeout` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what or condition}")
        await asyncio.sleep(0.005)


class Recorder:
    """Keeps every message a client receives."""

    def __init__(self, client: HubClient) -> None:
        self.messages: list[p.ServerMessage] = []
        client.listen(self.messages.append)

    def errors(self) -> list[p.Error]:
        return [m for m in self.messages if isinstance(m, p.Error)]

    def of(self, kind: type) -> list:
        return [m for m in self.messages if isinstance(m, kind)]


async def play_turn(client: HubClient) -> None:
    """Throw once and write the dice into the first legal box; wait for the turn to end."""
    game = client.game
    assert game is not None
    before = len(game.events)
    game.throw()
    await until(lambda: len(game.events) > before, what="the throw")
    box = next(iter(game.preview()))
    before = len(game.events)
    game.write(box)
    await until(lambda: len(game.events) > before, what="the write")
