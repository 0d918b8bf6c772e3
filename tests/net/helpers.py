"""Helpers for the network tests: waiting on conditions, playing through a RemoteGame."""

from __future__ import annotations

from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient
from dicepoker_tui.ui.scenes.net_scenes import until

__all__ = ["Recorder", "play_turn", "until"]


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
