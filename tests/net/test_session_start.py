"""Starting session apps: a few at a time, a slot freed by the app's hello or its end;
the lobby's footer keys in its first frame."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Input
from textual.widgets._footer import FooterKey

from dicepoker_tui.net.client import HubClient
from dicepoker_tui.net.hub import Hub
from dicepoker_tui.net.hub_socket import serve_hub
from dicepoker_tui.serve.spawner import TOKEN_ENV, Spawner
from dicepoker_tui.ui.common.footer import KeysFooter


def fake_spawner(slots: int) -> tuple[Spawner, list[str]]:
    """A spawner whose children are only pids (and exit futures): which tokens started."""
    spawner = Spawner(prefork=False, start_slots=slots)
    spawned: list[str] = []

    async def spawn(slave: int, env: dict[str, str], cwd: str, args: list[str]) -> int:
        spawned.append(env[TOKEN_ENV])
        pid = 1000 + len(spawned)
        spawner._exits[pid] = asyncio.get_running_loop().create_future()
        return pid

    spawner._spawn = spawn  # type: ignore[method-assign]
    return spawner, spawned


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_apps_start_a_few_at_a_time_in_order() -> None:
    spawner, spawned = fake_spawner(slots=2)
    first = await spawner.spawn(-1, {TOKEN_ENV: "a"}, "/", [])
    await spawner.spawn(-1, {TOKEN_ENV: "b"}, "/", [])
    third = asyncio.create_task(spawner.spawn(-1, {TOKEN_ENV: "c"}, "/", []))
    fourth = asyncio.create_task(spawner.spawn(-1, {TOKEN_ENV: "d"}, "/", []))
    await settle()
    assert spawned == ["a", "b"]  # both slots taken: c and d wait

    spawner.started("b")  # b has drawn its first screen
    await asyncio.wait_for(third, 5)
    await settle()
    assert spawned == ["a", "b", "c"] and not fourth.done()

    spawner._exited(first, 1)  # a ended without ever saying hello: its slot is free too
    await asyncio.wait_for(fourth, 5)
    assert spawned == ["a", "b", "c", "d"]


async def test_a_stuck_app_frees_its_slot_after_the_timeout(monkeypatch) -> None:
    monkeypatch.setattr("dicepoker_tui.serve.spawner.START_TIMEOUT", 0.05)
    spawner, spawned = fake_spawner(slots=1)
    await spawner.spawn(-1, {TOKEN_ENV: "slow"}, "/", [])
    await asyncio.wait_for(spawner.spawn(-1, {TOKEN_ENV: "next"}, "/", []), 5)
    assert spawned == ["slow", "next"]


async def test_a_failed_spawn_gives_its_slot_back() -> None:
    spawner, spawned = fake_spawner(slots=1)

    async def broken(slave: int, env: dict[str, str], cwd: str, args: list[str]) -> int:
        raise OSError("no more processes")

    good = spawner._spawn
    spawner._spawn = broken  # type: ignore[method-assign]
    try:
        await spawner.spawn(-1, {TOKEN_ENV: "x"}, "/", [])
    except OSError:
        pass
    else:
        raise AssertionError("the spawn should have failed")
    spawner._spawn = good  # type: ignore[method-assign]
    await asyncio.wait_for(spawner.spawn(-1, {TOKEN_ENV: "y"}, "/", []), 5)
    assert spawned == ["y"]


async def test_the_hub_socket_tells_of_every_hello(short_tmp) -> None:
    hub = Hub(bot_pace=0.0)
    heard: list[str] = []
    path = short_tmp / "hub.sock"
    server = await serve_hub(hub, path, heard.append)
    token = hub.issue_token("ann")
    client = HubClient(path, token)
    try:
        welcome = await client.connect()
        assert welcome.nick == "ann"
        assert heard == [token]
    finally:
        await client.aclose()
        server.close()
        await hub.aclose()


class KeysScreen(Screen[None]):
    BINDINGS = [Binding("n", "new", "New"), Binding("w", "watch", "Watch")]

    def compose(self) -> ComposeResult:
        yield Button("one", id="one")
        yield Input(id="two")
        yield KeysFooter(first_frame=True)

    def action_new(self) -> None:
        pass

    def action_watch(self) -> None:
        pass


class KeysApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.first_frame_keys: list[str] | None = None
        self.recomposed = 0

    def get_default_screen(self) -> Screen:
        return KeysScreen()

    def on_mount(self) -> None:
        self.call_after_refresh(self._first_frame)

    def _first_frame(self) -> None:
        self.first_frame_keys = [k.description for k in self.screen.query(FooterKey)]


def footer_keys(app: App) -> list[str]:
    return [k.description for k in app.screen.query(FooterKey)]


async def test_the_footer_has_its_keys_in_the_first_frame() -> None:
    app = KeysApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.first_frame_keys is not None
        assert "New" in app.first_frame_keys and "Watch" in app.first_frame_keys
        assert footer_keys(app) == app.first_frame_keys


async def test_the_footer_follows_the_keys_of_the_focused_widget() -> None:
    app = KeysApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        keys_before = list(footer.query(FooterKey))
        app.screen.query_one("#one").focus()
        await pilot.pause()
        assert list(footer.query(FooterKey)) == keys_before  # same keys: not rebuilt
        app.screen.query_one("#two", Input).focus()  # an Input takes the letter keys
        await pilot.pause()
        await pilot.pause()
        assert "New" not in footer_keys(app)
        app.screen.query_one("#one").focus()
        await pilot.pause()
        await pilot.pause()
        assert "New" in footer_keys(app)


def test_after_the_warm_up_an_app_parses_no_css(monkeypatch) -> None:
    from textual.css.stylesheet import Stylesheet

    from dicepoker_tui.ui.net import app as net_app

    net_app.warm_up()
    parsed: list[object] = []
    parse = Stylesheet._parse_rules

    def spy(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):  # type: ignore[no-untyped-def]
        if (css, read_from, is_default_rules, tie_breaker, scope) not in self._parse_cache:
            parsed.append(read_from)
        return parse(self, css, read_from, is_default_rules, tie_breaker, scope)

    monkeypatch.setattr(Stylesheet, "_parse_rules", spy)
    app = net_app.NetApp("", "", keep_history=False)
    app._connect = net_app._no_hub  # type: ignore[method-assign]
    app.run(headless=True, size=(100, 30), auto_pilot=net_app._draw_and_quit)
    assert parsed == []
