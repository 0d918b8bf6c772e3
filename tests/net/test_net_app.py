"""The server's app (lobby, waiting room, shared table, chat) driven with Pilot."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.widgets import DataTable, Input

from dicepoker_tui.families.scoresheet.views.shared_table import NetTableScreen
from dicepoker_tui.ui.net.app import NetApp
from dicepoker_tui.ui.net.lobby import NetLobbyScreen
from dicepoker_tui.ui.net.waiting import WaitingScreen

from .helpers import Recorder, until


async def bobs_table(hub, connect) -> None:
    """Bob (a client of the hub) opens a two-seat Yahtzee table."""
    bob = await connect("bob")
    bob.create("yahtzee", seats=2)
    await until(lambda: hub.tables, what="bob's table")


async def test_open_a_table_wait_play_and_chat(hub_socket, connect):
    hub, path = hub_socket
    app = NetApp(path, hub.issue_token("alice"))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: app.client.welcome is not None, what="the welcome")
        assert isinstance(app.screen, NetLobbyScreen)
        await pilot.press("n")
        await pilot.press("ctrl+s")
        await until(lambda: isinstance(app.screen, WaitingScreen), what="the waiting room")
        bob = await connect("bob")
        bob.join(next(iter(hub.tables)))
        await until(lambda: isinstance(app.screen, NetTableScreen), what="the table")
        await pilot.pause()
        assert [type(s) for s in app.screen_stack] == [NetLobbyScreen, NetTableScreen]
        await pilot.press("r")
        table = next(iter(hub.tables.values()))
        await until(lambda: table.game.state.turn.dice is not None, what="the throw")
        await pilot.press("c")
        await pilot.press("z", "q", "x")
        assert app.focused is not None and isinstance(app.focused, Input)
        assert app.focused.value == "zqx"
        await pilot.press("enter")
        await until(lambda: any(line.text == "zqx" for line in bob.chat), what="the chat line")


async def test_sitting_down_at_the_last_free_seat_opens_the_table_once(hub_socket, connect):
    hub, path = hub_socket
    await bobs_table(hub, connect)
    app = NetApp(path, hub.issue_token("alice"))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: app.client.welcome is not None, what="the welcome")
        await pilot.pause()
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, NetTableScreen), what="the table")
        for _ in range(5):
            await pilot.pause()
        assert [type(s) for s in app.screen_stack] == [NetLobbyScreen, NetTableScreen]
        await pilot.press("c", "z", "q")
        assert isinstance(app.focused, Input) and app.focused.value == "zq"


async def test_finished_games_go_to_the_servers_history_seen_from_a_session(
    game_server, monkeypatch
):
    from dicepoker_tui.net.client import HubClient
    from dicepoker_tui.store import Store
    from dicepoker_tui.ui.history.history import HistoryScreen

    from .helpers import play_turn

    hub = game_server.hub
    alice = HubClient(game_server.socket_path, hub.issue_token("alice"))
    await alice.connect()
    alice.create("yatzy", seats=1, bots=["heuristic"])
    await until(lambda: alice.game is not None and alice.game.started, what="the start")
    while not alice.game.finished:
        if alice.game.current == 0:
            await play_turn(alice)
        await asyncio.sleep(0.01)
    total = alice.game.state.sheets[0].total
    await alice.aclose()

    home = game_server.session_dir("alice")
    assert (home / "history.db").resolve() == (game_server.data_dir / "history.db").resolve()
    store = Store.open(home / "history.db").store
    games = store.finished()
    assert len(games) == 1 and games[0].players[0].name == "alice"
    assert games[0].players[0].total == total
    store.close()

    monkeypatch.setenv("DICEPOKER_HOME", str(home))
    app = NetApp(game_server.socket_path, hub.issue_token("alice"))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: app.client.welcome is not None, what="the welcome")
        await pilot.press("h")
        await until(lambda: isinstance(app.screen, HistoryScreen), what="the history")


async def test_the_lobby_shows_every_cell_whole(hub_socket, connect):
    """Columns fit their widest cell at once, not after the table next measures itself."""
    hub, path = hub_socket
    await bobs_table(hub, connect)
    app = NetApp(path, hub.issue_token("carol"))
    async with app.run_test(size=(100, 30)):
        await until(lambda: app.client.welcome is not None, what="the welcome")
        lobby = app.screen_stack[0]
        assert isinstance(lobby, NetLobbyScreen)
        table = app.client.tables[0].model_copy(
            update={"name": "the long table by the window", "name_key": None}
        )
        lobby.show_tables([table], [])  # and straight away, before any idle moment:
        grid = lobby.query_one("#net-tables", DataTable)
        widths = [
            column.get_render_width(grid) - 2 * grid.cell_padding for column in grid.ordered_columns
        ]
        cells = [Text(c) if isinstance(c, str) else c for c in grid.get_row_at(0)]
        assert (cells[1].plain, cells[-1].plain) == ("the long table by the window", "~bob, —")
        assert all(w >= c.cell_len for w, c in zip(widths, cells, strict=True)), (widths, cells)


async def test_a_flood_of_the_same_refusal_is_shown_once_not_stacked(hub_socket):
    hub, path = hub_socket
    app = NetApp(path, hub.issue_token("alice"))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: app.client.welcome is not None, what="the welcome")
        shown: list[str] = []
        notify = app.notify
        app.notify = lambda message, **kw: (shown.append(str(message)), notify(message, **kw))
        heard = Recorder(app.client)
        for _ in range(30):  # thirty requests the hub refuses the same way
            app.client.join("no-such-table")
        await until(lambda: len(heard.errors()) == 30, what="every refusal")
        await pilot.pause()
        assert len(shown) == 1  # one notice, not thirty stacked
