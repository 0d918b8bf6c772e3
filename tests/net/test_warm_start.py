"""Session apps forked from an app made ahead (the spawner's parked app, `serve.zygote_warm`):
each is drawn whole at its own terminal's size, many arriving at once all start, and
without the parked app (`DICEPOKER_COLD_START`) sessions still start, each making its app."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from dicepoker_tui.serve.door import DoorLimits
from dicepoker_tui.serve.server import GameServer, ServeOptions
from dicepoker_tui.serve.zygote import COLD_ENV

from .ssh_client import Terminal, connect

SIZES = [(100, 30), (100, 30), (80, 24), (80, 24), (132, 43), (60, 20)]
"""Terminals in turn: the same size as the one before (the app is laid out already) and a
new one (the spawner lays it out first)."""


def parent_of(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[1])


def bottom_line(term: Terminal) -> str:
    return term.screen().splitlines()[-1]


async def test_each_session_is_drawn_whole_at_its_own_size(game_server):
    zygote = game_server.spawner.zygote_pid
    assert zygote is not None
    for n, (cols, rows) in enumerate(SIZES):
        nick = f"size{n}"
        async with await connect(game_server.port, nick) as conn:
            term = await Terminal.open(conn, cols=cols, rows=rows)
            await term.shows(f"online as {nick}")
            await term.shows("New table")  # the footer, never typed at
            lines = term.screen().splitlines()
            assert len(lines) == rows and all(len(line) <= cols for line in lines)
            assert "New table" in bottom_line(term) and "Quit" in bottom_line(term)
            assert "No tables yet" in term.screen()
            session = next(s for s in game_server.sessions if s.identity.nick == nick)
            assert parent_of(session.pid) == zygote  # a fork of the spawner's parked app


async def test_sessions_arriving_at_once_all_start_and_play(short_tmp):
    """Requests that reach the spawner together: a child never answers one meant for its
    parent (the fork happens while the next request may be waiting on the loop)."""
    door = DoorLimits(connections_per_address=40, connections_per_minute=200)
    server = GameServer(
        ServeOptions(port=0, data_dir=short_tmp / "home", idle_timeout=0, door=door)
    )
    await server.start()
    names = [f"rush{n}" for n in range(16)]
    conns = await asyncio.gather(*(connect(server.port, name) for name in names))
    try:
        terms = await asyncio.gather(*(Terminal.open(conn) for conn in conns))
        await asyncio.gather(
            *(
                term.shows(f"online as {name}", timeout=60)
                for term, name in zip(terms, names, strict=True)
            )
        )
        first = terms[0]
        first.send("n")
        await first.shows("Open the table")
        assert all(not term._reader.done() for term in terms)  # every session still there
    finally:
        for conn in conns:
            conn.close()
        await server.close()


async def test_sessions_start_cold_without_the_parked_app(short_tmp, monkeypatch):
    monkeypatch.setenv(COLD_ENV, "1")
    server = GameServer(ServeOptions(port=0, data_dir=short_tmp / "home", idle_timeout=0))
    await server.start()
    try:
        zygote = server.spawner.zygote_pid
        assert zygote is not None
        for n, (cols, rows) in enumerate(SIZES[1:4]):
            async with await connect(server.port, f"cold{n}") as conn:
                term = await Terminal.open(conn, cols=cols, rows=rows)
                await term.shows(f"online as cold{n}")
                await term.shows("New table")
                assert "New table" in bottom_line(term)
    finally:
        await server.close()


@pytest.mark.parametrize(
    "lang, words", [("uk_UA.UTF-8", "Новий стіл"), ("hr_HR.UTF-8", "Novi stol")]
)
async def test_a_session_in_another_language_gets_its_lobby_in_it(game_server, lang, words):
    async with await connect(game_server.port, "speaker") as conn:
        term = await Terminal.open(conn, env={"LANG": lang})
        await term.shows(words)
        assert words in bottom_line(term)
        assert "New table" not in term.screen()


async def test_each_player_gets_their_own_theme_and_never_the_servers(short_tmp, monkeypatch):
    """The app made ahead follows nobody's settings (not those of the user who runs the
    server); each player's saved theme applies once the app is theirs."""
    server_user = short_tmp / "server-user"  # the server's user's own settings
    monkeypatch.setenv("HOME", str(server_user))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    settings = server_user / ".config" / "dicepoker-tui" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{"theme": "nord"}')
    server = GameServer(ServeOptions(port=0, data_dir=short_tmp / "home", idle_timeout=0))
    await server.start()
    nord = b"48;2;46;52;64"  # nord's background, #2E3440, in a terminal of 24-bit colour
    truecolor = {"COLORTERM": "truecolor"}
    try:
        async with await connect(server.port, "plain") as conn:
            term = await Terminal.open(conn, env=truecolor)
            await term.shows("online as plain")
            assert b"48;2;" in term.output and nord not in term.output
        (server.session_dir("nordic") / "settings.json").write_text('{"theme": "nord"}')
        async with await connect(server.port, "nordic") as conn:
            term = await Terminal.open(conn, env=truecolor)
            await term.shows("online as nordic")
            assert nord in term.output
    finally:
        await server.close()
