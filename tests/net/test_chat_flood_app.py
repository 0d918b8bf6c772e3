"""A flood of chat in a session's own app: keys typed faster than lines may be said do
nothing expensive, the lines beyond the chat budget stay in the chat line (never lost, never
sent), and chat lines arriving lay out nothing; a line typed at a person's pace shows at once.

The keys are posted as SSH delivers a flood: many lines' keys at once, before the app has
handled the first (Pilot's `press` would wait for each key to be handled)."""

from __future__ import annotations

import contextlib
import os
import time

from textual import events
from textual.app import App
from textual.screen import Screen

from dicepoker_tui.families.scoresheet.views.shared_table import NetTableScreen
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient, TokenBucket
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.net.app import FLOOD_NICE, KEY_BURST, KEY_RATE, TOO_MANY_KEYS, NetApp
from dicepoker_tui.ui.net.panel import ChatInput, ChatLog

from .helpers import until
from .ssh_client import Terminal, connect

KEYS = {"\r": "enter", " ": "space"}


def type_at_once(app: NetApp, text: str) -> None:
    """All of `text`'s keys in the app's queue at once, as one read of a terminal gives them."""
    for char in text:
        app.post_message(events.Key(KEYS.get(char, char), char))


def said_by(hub, nick: str) -> list[str]:
    return [line.text for table in hub.tables.values() for line in table.chat if line.nick == nick]


class Counts:
    """Layouts of the screen, footer rebuilds, notices shown and lines sent by the app."""

    def __init__(self, app: NetApp, monkeypatch) -> None:
        self.layouts = self.rebuilds = 0
        self.notices: list[str] = []
        self.sent: list[str] = []
        layout, rebuild = Screen._refresh_layout, KeysFooter.recompose
        notify, send = App.notify, HubClient.send

        def counted_layout(screen, *args, **kwargs):  # type: ignore[no-untyped-def]
            self.layouts += 1
            return layout(screen, *args, **kwargs)

        async def counted_rebuild(footer):  # type: ignore[no-untyped-def]
            self.rebuilds += 1
            return await rebuild(footer)

        def counted_notify(app, message, **kwargs):  # type: ignore[no-untyped-def]
            self.notices.append(message)
            return notify(app, message, **kwargs)

        def counted_send(client, message):  # type: ignore[no-untyped-def]
            if isinstance(message, p.Say):
                self.sent.append(message.text)
            return send(client, message)

        monkeypatch.setattr(Screen, "_refresh_layout", counted_layout)
        monkeypatch.setattr(KeysFooter, "recompose", counted_rebuild)
        monkeypatch.setattr(App, "notify", counted_notify)
        monkeypatch.setattr(HubClient, "send", counted_send)


async def watching(hub, connect, pilot, app: NetApp) -> None:
    """alice and bob play at a table; the app's player watches it."""
    alice = await connect("alice")
    alice.create("yahtzee", seats=2)
    await until(lambda: alice.game is not None, what="alice's table")
    bob = await connect("bob")
    bob.join(alice.game.table.id)
    await until(lambda: bob.game is not None and bob.game.started, what="the game")
    await until(lambda: app.client.welcome is not None, what="the welcome")
    await pilot.press("w")
    await until(lambda: isinstance(app.screen, NetTableScreen), what="the table screen")
    await pilot.pause()


async def test_a_flood_of_chat_keys_sends_the_burst_and_holds_the_rest_in_the_line(
    hub_socket, connect, monkeypatch
):
    hub, path = hub_socket
    now = [time.time()]  # the clock of the budgets, the app's and the hub's: stopped
    hub.clock = lambda: now[0]
    app = NetApp(path, hub.issue_token("mallory"))
    async with app.run_test(size=(100, 30)) as pilot:
        await watching(hub, connect, pilot, app)
        app.client.chat_budget = TokenBucket(p.CHAT_RATE, p.CHAT_BURST, clock=lambda: now[0])
        app.key_budget = TokenBucket(KEY_RATE, KEY_BURST, clock=lambda: now[0])
        counts = Counts(app, monkeypatch)
        say = app.screen.query_one("#net-say", ChatInput)
        for i in range(5):  # the burst: each line said, and the table has the keys again
            type_at_once(app, f"c spam {i}\r")
            await until(lambda i=i: len(counts.sent) == i + 1, what=f"line {i} sent")
            await until(lambda: app.focused is not say, what="back at the table")
        await until(lambda: len(said_by(hub, "mallory")) == 5, what="the burst said")
        flood = "".join(f"c spam {i}\r" for i in range(5, 205))  # 200 lines at once
        type_at_once(app, flood)
        await until(lambda: TOO_MANY_KEYS in counts.notices, what="the keys beyond the budget")
        await pilot.pause()
        # every key taken went to the chat line (no table key ran: no sheet, no throw
        # refused); the line stays there, as long as a chat line may be, and is not sent
        assert isinstance(app.screen, NetTableScreen)
        assert app.focused is say
        taken = flood[1 : int(KEY_BURST) - 5 * len("c spam 0\r")]  # the burst took the rest
        held = taken.replace("\r", "")[: p.CHAT_MAX]
        assert say.value == held
        assert counts.sent == [f"spam {i}" for i in range(5)]
        # bounded work, whatever the length of the flood: one notice of each kind; the
        # chat line opened six times and left five, with no footer rebuilt; the lines
        # said written to the chat log; no layout of the screen (the notices aside)
        assert sorted(counts.notices) == sorted([p.CHAT_TOO_FAST, TOO_MANY_KEYS])
        assert counts.rebuilds == 0
        assert counts.layouts <= 2, counts.layouts
        # a second later, enter sends the line held, and the table has the keys again
        now[0] += 1.0
        type_at_once(app, "\r")
        await until(lambda: len(counts.sent) == 6, what="the held line sent")
        assert counts.sent[-1] == held.strip()
        await until(lambda: say.value == "" and app.focused is not say, what="the line sent")
        await until(lambda: len(said_by(hub, "mallory")) == 6, what="the held line said")


async def test_c_and_a_line_in_one_read_reach_the_chat_line(hub_socket, connect):
    """A quick typist over a slow link: `c`, the words and enter arrive together; the
    words are said, none is taken for a table key."""
    hub, path = hub_socket
    app = NetApp(path, hub.issue_token("carol"))
    async with app.run_test(size=(100, 30)) as pilot:
        await watching(hub, connect, pilot, app)
        type_at_once(app, "chello 1 2 3\r")
        await until(lambda: said_by(hub, "carol") == ["hello 1 2 3"], what="carol's line")
        log = app.screen.query_one("#net-chat", ChatLog)
        await until(lambda: "hello 1 2 3" in log.lines[-1].text, what="the line shown")
        assert isinstance(app.screen, NetTableScreen)


async def test_chat_lines_arriving_lay_out_nothing(hub_socket, connect, monkeypatch):
    hub, path = hub_socket
    app = NetApp(path, hub.issue_token("dave"))
    async with app.run_test(size=(100, 30)) as pilot:
        await watching(hub, connect, pilot, app)
        table = next(iter(hub.tables))
        log = app.screen.query_one("#net-chat", ChatLog)
        await until(lambda: len(log.lines) > log.size.height, what="a full chat log")
        await pilot.pause()
        counts = Counts(app, monkeypatch)
        talkers = []
        for i in range(12):  # twelve players, a line each (each within the hub's budget)
            talker = await connect(f"t{i}")
            talker.watch(table)
            talkers.append(talker)
        for i, talker in enumerate(talkers):
            await until(lambda t=talker: t.game is not None, what="watching")
            talker.say(f"line {i}")
        await until(lambda: "line 11" in log.lines[-1].text, what="the last line shown")
        await until(lambda: log.scroll_y == log.max_scroll_y, what="the newest line in view")
        await pilot.pause()
        assert counts.layouts == 0
        assert log.vertical_scrollbar.window_virtual_size == len(log.lines)


async def test_over_ssh_keys_beyond_the_budget_are_dropped_with_one_notice(game_server):
    """A real session: a thousand keys in one write; those beyond the key budget are
    dropped by the app's terminal driver (one notice says so), and the app still answers."""
    async with await connect(game_server.port, "masher") as conn:
        term = await Terminal.open(conn)
        await term.shows("online as masher")
        term.send("x" * 1000)
        await term.shows("Too many keys at once")
        assert term.screen().count("Too many keys at once") == 1
        for _ in range(20):  # a key pressed while the budget is still spent is dropped too
            term.send("n")
            with contextlib.suppress(AssertionError, TimeoutError):
                await term.shows("Open the table", timeout=1.0)
                break
        await term.shows("Open the table")


def _nice_values(pid: int) -> set[int]:
    """The nice value of each thread of process `pid`."""
    values = set()
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/stat") as f:
            values.add(int(f.read().rsplit(")", 1)[1].split()[16]))
    return values


async def test_over_ssh_a_session_past_its_key_budget_yields_the_cpu(game_server):
    """The masher's app runs at the lowest CPU priority from then on (every thread of it),
    a player who types as people do keeps the sessions' priority."""
    async with (
        await connect(game_server.port, "masher") as masher,
        await connect(game_server.port, "typist") as typist,
    ):
        mashing, typing = await Terminal.open(masher), await Terminal.open(typist)
        await mashing.shows("online as masher")
        await typing.shows("online as typist")
        pids = {s.identity.nick: s.pid for s in game_server.sessions if s.pid}
        start = _nice_values(pids["typist"])  # the server's own nice value, plus SESSION_NICE
        assert _nice_values(pids["masher"]) == start and max(start) < FLOOD_NICE
        typing.send("n")
        await typing.shows("Open the table")
        mashing.send("x" * 1000)
        await mashing.shows("Too many keys at once")
        await until(lambda: _nice_values(pids["masher"]) == {FLOOD_NICE}, what="demoted")
        assert _nice_values(pids["typist"]) == start


async def test_a_chat_key_before_the_table_is_composed_does_not_stop_the_app(
    hub_socket, connect, monkeypatch
):
    """A flooder's keys: `c` is a priority key, so one that arrives as the table screen is
    pushed reaches it before it has composed its chat panel; the app must not stop."""
    hub, path = hub_socket
    alice = await connect("alice")
    alice.create("yahtzee", seats=2)
    await until(lambda: alice.game is not None, what="alice's table")
    bob = await connect("bob")
    bob.join(alice.game.table.id)
    await until(lambda: bob.game is not None and bob.game.started, what="the game")
    app = NetApp(path, hub.issue_token("mallory"))
    made = NetTableScreen.__init__

    def made_with_keys(screen, *args, **kwargs):  # type: ignore[no-untyped-def]
        made(screen, *args, **kwargs)
        type_at_once(app, "c spam\r" * 3)  # queued before the screen is even pushed

    monkeypatch.setattr(NetTableScreen, "__init__", made_with_keys)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: app.client.welcome is not None, what="the welcome")
        await pilot.pause()
        type_at_once(app, "w")
        await until(lambda: isinstance(app.screen, NetTableScreen), what="the table screen")
        await until(lambda: app.screen.is_mounted, what="the table shown")
        await pilot.pause()
        assert app.is_running and app.return_code is None
        type_at_once(app, "c\x15hello\r")  # the chat line as any key left it, cleared
        await until(lambda: "hello" in said_by(hub, "mallory"), what="a line said")
        assert isinstance(app.screen, NetTableScreen)
