"""Scenes of the SSH server's screens with a hub of their own: the snapshot tests check
them and `make screenshots` saves them as SVG.

Each app starts a hub in its own event loop (a snapshot runs the app's loop), listening on
a socket in a short temporary directory; the other players are plain hub clients. The
clock is fixed so chat times do not move, bots think but never act, and a scene that
throws dice fixes the table's seed.
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from unittest import mock

from textual.pilot import Pilot
from textual.widgets import DataTable

from dicepoker_tui.net.client import HubClient
from dicepoker_tui.net.hub import Hub
from dicepoker_tui.net.hub_socket import serve_hub
from dicepoker_tui.ui.common.i18n_bindings import translated
from dicepoker_tui.ui.common.settings import Settings
from dicepoker_tui.ui.common.textual_private import declared_bindings, set_node_bindings
from dicepoker_tui.ui.net.app import NetApp
from dicepoker_tui.ui.net.waiting import WaitingScreen

NOON = time.mktime((2026, 1, 1, 12, 0, 0, 0, 0, -1))
Others = Callable[["HubHere"], Awaitable[None]]


async def until(condition: Callable[[], object], timeout: float = 10.0, what: str = "") -> None:
    """Wait until `condition()` is true; fail after `timeout` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what or condition}")
        await asyncio.sleep(0.005)


class HubHere(NetApp):
    """olena's app, with a hub of its own started in the app's event loop."""

    def __init__(self, directory: Path, others: Others) -> None:
        self.hub = Hub(bot_pace=3600.0, clock=lambda: NOON)  # bots think, never act
        self.hub_path = directory / "hub.sock"
        super().__init__(self.hub_path, self.hub.issue_token("olena"), keep_history=False)
        self.settings = Settings()  # the default theme, whatever the user chose
        # as the package's own classes get
        set_node_bindings(self, translated(declared_bindings(type(self))))
        self.others_arrive = others
        self.others: dict[str, HubClient] = {}

    async def client_for(self, nick: str) -> HubClient:
        client = HubClient(self.hub_path, self.hub.issue_token(nick))
        await client.connect()
        self.others[nick] = client
        return client

    async def _connect(self) -> None:
        self._server = await serve_hub(self.hub, self.hub_path)
        await self.others_arrive(self)
        await super()._connect()


async def lobby_rows(pilot: Pilot, rows: int) -> None:
    """Wait until the lobby lists `rows` tables."""
    await until(lambda: pilot.app.screen.query_one(DataTable).row_count == rows, what="rows")
    await pilot.pause()


# -- who else is on the server ----------------------------------------------------------------
async def nobody(app: HubHere) -> None:
    return None


async def watcher(app: HubHere) -> None:
    await app.client_for("bob")


async def three_tables(app: HubHere, perudo_name: str = "Friday perudo") -> None:
    """Bob's Yatzy waiting for a second player, Carol's Yahtzee with a bot, Dave's Perudo."""
    bob = await app.client_for("bob")
    bob.create("yatzy", seats=2)
    carol = await app.client_for("carol")
    carol.create("yahtzee", seats=1, bots=["heuristic"], turn_timeout=60)
    dave = await app.client_for("dave")
    dave.create("perudo", seats=2, bots=["strong"], name=perudo_name)
    await until(lambda: len(app.hub.tables) == 3, what="three tables")


async def bob_waits(app: HubHere) -> None:
    bob = await app.client_for("bob")
    bob.create("yahtzee", seats=2, turn_timeout=120)
    await until(lambda: app.hub.tables, what="bob's table")


# -- what olena does --------------------------------------------------------------------------
async def see_three_tables(pilot: Pilot) -> None:
    await lobby_rows(pilot, 3)


async def wait_with_a_spectator(pilot: Pilot) -> None:
    app = pilot.app
    await lobby_rows(pilot, 0)
    await pilot.press("n", "ctrl+s")
    await until(lambda: isinstance(app.screen, WaitingScreen), what="the waiting room")
    app.others["bob"].watch(next(iter(app.hub.tables)))
    await until(lambda: len(app.client.chat) == 2, what="bob watching")
    await pilot.pause()


async def play_with_bob(pilot: Pilot) -> None:
    """olena sits at bob's table; bob plays a turn and says hello; olena throws twice."""
    app = pilot.app
    await lobby_rows(pilot, 1)
    await pilot.press("enter")
    await until(lambda: getattr(app.screen, "game", None) is not None, what="the table")
    bob = app.others["bob"].game
    await until(lambda: bob is not None and bob.state.turn is not None, what="the game")
    before = len(bob.events)
    bob.throw()
    await until(lambda: len(bob.events) > before, what="bob's throw")
    before = len(bob.events)
    bob.write("threes")  # the table's seed gives him 1 3 3 2 2
    await until(lambda: len(bob.events) > before, what="bob's write")
    app.others["bob"].say("good luck, olena")
    await until(lambda: any(line.nick == "bob" for line in app.client.chat), what="bob's line")
    game = app.screen.game
    await until(lambda: game.state.current == 1, what="olena's turn")
    for keys in (("r",), ("2", "4", "r")):  # then the two sixes held
        before = len(game.events)
        await pilot.press(*keys)
        await until(lambda n=before: len(game.events) > n, what="olena's throw")
    await pilot.pause()


@dataclass(frozen=True)
class NetScene:
    """One picture of the server's screens, olena's point of view."""

    name: str
    others: Others
    prepare: Callable[[Pilot], Awaitable[None]]
    size: tuple[int, int] = (80, 24)
    seed: int | None = field(default=None)
    """The dice seed of every table started in the scene (None: the hub's own)."""

    @contextlib.contextmanager
    def seeded(self) -> Iterator[None]:
        if self.seed is None:
            yield
            return
        with mock.patch("dicepoker_tui.net.hub.tables.new_seed", lambda: self.seed):
            yield


NET_SCENES: tuple[NetScene, ...] = (
    NetScene("ssh-lobby", three_tables, see_three_tables),
    NetScene("ssh-waiting-room", watcher, wait_with_a_spectator),
    NetScene("ssh-table", bob_waits, play_with_bob, seed=11),
)


async def _shoot(scene: NetScene, directory: Path) -> Path:
    with tempfile.TemporaryDirectory(prefix="dp-") as short:  # a socket path must be short
        app = HubHere(Path(short), scene.others)
        async with app.run_test(size=scene.size) as pilot:
            await pilot.pause()
            await scene.prepare(pilot)
            await pilot.pause()
            name = f"{scene.name}.svg"
            app.save_screenshot(name, str(directory))
    return directory / name


def save_all(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for scene in NET_SCENES:
        with scene.seeded():
            paths.append(asyncio.run(_shoot(scene, directory)))
    return paths
