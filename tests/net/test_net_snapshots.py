"""The server's lobby, new-table form and waiting room at 80×24 in Ukrainian.

Each picture's app has the hub in its own event loop (a snapshot runs the app's loop),
with other players as plain hub clients; the clock is fixed so chat times do not move.
Update after an intended change with `pytest tests/net/test_net_snapshots.py
--snapshot-update` and look at the new SVGs before committing them.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets import Input

from dicepoker_tui import i18n
from dicepoker_tui.families.scoresheet.views.shared_table import NetTableScreen
from dicepoker_tui.ui.net.panel import presence_text
from dicepoker_tui.ui.scenes import net_scenes
from dicepoker_tui.ui.scenes.net_scenes import (
    HubHere,
    lobby_rows,
    nobody,
    wait_with_a_spectator,
    watcher,
)

from .helpers import until


@pytest.fixture
def ukrainian():
    i18n.set_language("uk")
    yield
    i18n.set_language("en")


@pytest.fixture
def short_dir():
    with tempfile.TemporaryDirectory(prefix="dp-") as d:
        yield Path(d)


async def three_tables(app: HubHere) -> None:
    await net_scenes.three_tables(app, perudo_name="Вечірній перудо")


def test_lobby(snap_compare, ukrainian, short_dir) -> None:
    async def prepare(pilot) -> None:
        await lobby_rows(pilot, 3)

    app = HubHere(short_dir, three_tables)
    assert snap_compare(app, terminal_size=(80, 24), run_before=prepare)


def test_new_table_form(snap_compare, ukrainian, short_dir) -> None:
    async def prepare(pilot) -> None:
        await lobby_rows(pilot, 0)
        await pilot.press("n")
        await pilot.pause()

    app = HubHere(short_dir, nobody)
    assert snap_compare(app, terminal_size=(80, 24), run_before=prepare)


def test_waiting_room_with_a_spectator(snap_compare, ukrainian, short_dir) -> None:
    app = HubHere(short_dir, watcher)
    assert snap_compare(app, terminal_size=(80, 24), run_before=wait_with_a_spectator)


async def test_the_shared_table_fits_80_columns_in_ukrainian(ukrainian, short_dir) -> None:
    async def bob_plays(app: HubHere) -> None:
        bob = await app.client_for("bob")
        bob.create("yatzy", seats=2, bots=["heuristic"], turn_timeout=120)
        await until(lambda: app.hub.tables, what="bob's table")

    app = HubHere(short_dir, bob_plays)
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_rows(pilot, 1)
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, NetTableScreen), what="the table")
        await pilot.pause()
        screen = app.screen
        state, variant = screen.game.state, screen.game.variant
        top = screen._top_line(state, variant)
        assert "стіл 1" in top.plain and "хід: bob" in top.plain
        assert cell_len(top.plain) <= 80
        presence = presence_text(app.client.game.table, "olena")
        assert "olena (ви)" in presence.plain and "Бот 1 (бот)" in presence.plain
        assert "120 с на хід, потім грає бот" in presence.plain
        status = screen._status(state, variant).plain
        assert status.startswith("bob зараз кине…")
        notices = [line.shown() for line in app.client.chat]
        assert "olena сідає за стіл." in notices
        assert "Усі місця зайняті: гра починається." in notices
        # the table's own keys fill the footer: the chat key stays, the words get shorter
        chat_keys = [b for b in screen.active_bindings.values() if b.binding.action == "chat"]
        assert chat_keys and chat_keys[0].binding.show
        await pilot.press("c")
        assert isinstance(app.focused, Input)


async def test_in_english_the_chat_key_stays_in_the_footer(short_dir) -> None:
    async def bob_plays(app: HubHere) -> None:
        bob = await app.client_for("bob")
        bob.create("yatzy", seats=2)
        await until(lambda: app.hub.tables, what="bob's table")

    app = HubHere(short_dir, bob_plays)
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_rows(pilot, 1)
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, NetTableScreen), what="the table")
        await pilot.pause()
        chat_keys = [b for b in app.screen.active_bindings.values() if b.binding.action == "chat"]
        assert chat_keys and chat_keys[0].binding.show
