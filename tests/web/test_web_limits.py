"""The limits of `serve --web-port` and `dicepoker web`, each made to happen for real:
more tabs than the server takes, more from one address than it allows, a tab left
idle, a flood of input, a page of another site, an app killed, the server stopping
(or killed: its tabs' apps end too).
Each ends its session with one line in the page, never a traceback."""

from __future__ import annotations

import asyncio
import json
import os
import signal
from pathlib import Path

import aiohttp
import pytest

from dicepoker_tui.serve.door import DoorLimits

from ..net.helpers import until
from ..net.ssh_client import Terminal, connect
from .browser import BrowserTab, needs_chromium


async def _page_says(tab: BrowserTab, line: str) -> None:
    """The page shows `line` where textual-serve's says only "Session ended."."""
    await until(lambda: line in tab.page_text(), what=f"the page saying {line!r}", timeout=20)
    assert "Traceback" not in tab.page_text()


@needs_chromium
async def test_a_tab_past_the_session_cap_is_told_in_one_line(web_server, chromium):
    server = await web_server(max_sessions=2)
    first = await BrowserTab.open(chromium, server.web.url)
    await first.shows("your name at the tables", timeout=60)
    async with await connect(server.port, "carol") as conn:  # SSH sessions count too
        term = await Terminal.open(conn)
        await term.wait_for("online as carol", timeout=30)
        second = await BrowserTab.open(chromium, server.web.url, new_tab=True)
        line = await second.closes()
        assert line == "dicepoker: the server is full (2 sessions); try again later."
        await _page_says(second, line)
        assert len(server.web.tabs) == 1
        term.send("q")
        await term.closed()


@needs_chromium
async def test_tabs_past_the_limit_of_one_address_are_refused(web_server, chromium):
    server = await web_server(door=DoorLimits(connections_per_address=1))
    first = await BrowserTab.open(chromium, server.web.url)
    await first.shows("your name at the tables", timeout=60)
    second = await BrowserTab.open(chromium, server.web.url, new_tab=True)
    line = await second.closes()
    assert line == "dicepoker: too many connections from 127.0.0.1 at once."
    await _page_says(second, line)


@needs_chromium
async def test_an_idle_tab_is_closed_saying_why(web_server, chromium):
    server = await web_server(idle_timeout=2.0)
    tab = await BrowserTab.open(chromium, server.web.url)
    await tab.shows("your name at the tables", timeout=60)
    line = await tab.closes()
    assert line == "dicepoker: closed after 2 s without a key pressed."
    await _page_says(tab, line)
    await until(lambda: not server.web.tabs, what="the tab's session gone")


@needs_chromium
async def test_a_killed_app_and_a_stopping_server_are_one_line_each(web_server, chromium):
    server = await web_server()
    tab = await BrowserTab.open(chromium, server.web.url)
    await tab.shows("your name at the tables", timeout=60)
    (session,) = server.web.tabs
    os.kill(session.service.pid, signal.SIGKILL)
    line = await tab.closes()
    assert line == "dicepoker: the game stopped unexpectedly (signal 9)."
    await _page_says(tab, line)
    again = await BrowserTab.open(chromium, server.web.url, new_tab=True)
    await again.shows("your name at the tables", timeout=60)
    await server.web.close()
    assert await again.closes() == "dicepoker: the server is shutting down."


async def _open_socket(http: aiohttp.ClientSession, url: str, **kw):
    return await http.ws_connect(url.replace("http:", "ws:") + "/ws?width=100&height=30", **kw)


async def _first_frame(ws) -> None:
    while True:
        message = await asyncio.wait_for(ws.receive(), 60)
        if message.type == aiohttp.WSMsgType.BINARY and len(message.data) > 100:
            return
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message


async def test_a_flood_of_input_reaches_the_app_at_the_input_rate(web_server):
    server = await web_server()
    rate, burst = server.web.limits.input_rate, server.web.limits.input_burst
    async with aiohttp.ClientSession() as http:
        flood = await _open_socket(http, server.web.url)
        await _first_frame(flood)
        (tab,) = server.web.tabs
        loop = asyncio.get_running_loop()
        started = loop.time()
        chunk = '["stdin", "' + "a" * 4000 + '"]'
        for _ in range(250):  # a megabyte, as fast as the socket takes it
            await flood.send_str(chunk)
        await until(
            lambda: tab.bytes_dropped >= 240 * len(chunk),
            what="the flood read (and dropped) by the server",
        )
        elapsed = loop.time() - started
        assert burst - len(chunk) < tab.bytes_in <= burst + rate * elapsed
        assert tab.bytes_dropped > 0  # the rest is dropped, not queued up
        # the server answers everyone else meanwhile: another tab opens and is drawn
        other = await _open_socket(http, server.web.url)
        await _first_frame(other)
        await other.send_str('["ping", "x"]')
        message = await asyncio.wait_for(other.receive(), 10)
        while message.type != aiohttp.WSMsgType.TEXT:  # (frames of the app, drawn meanwhile)
            message = await asyncio.wait_for(other.receive(), 10)
        assert message.json() == ["pong", "x"]
        assert tab.bytes_in < 250 * 4000  # still held back
        closing = loop.time()
        await flood.close()
        await other.close()
    await until(lambda: not server.web.tabs, what="both tabs' sessions gone")
    assert loop.time() - closing < 10  # a tab closed mid-flood is seen at once


async def test_a_socket_opened_by_another_sites_page_is_refused(web_server):
    server = await web_server()
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await _open_socket(http, server.web.url, origin="http://elsewhere.example")
        assert refused.value.status == 403
    assert not server.web.tabs


async def test_the_page_asks_nothing_of_other_sites(web_server):
    server = await web_server()
    async with aiohttp.ClientSession() as http, http.get(server.web.url + "/") as page:
        html = await page.text()
    assert "fonts.googleapis" not in html and "end-line" in html
    assert f"ws://127.0.0.1:{server.web.port}/ws" in html
    assert "<title>dicepoker</title>" in html  # the browser's tab is named
    assert ">Play again<" in html and "the connection to the game was lost" in html
    assert "background.png" not in html  # nothing to wait for before the tab connects


async def test_the_page_speaks_the_browsers_language(web_server):
    server = await web_server()
    asked = {"Accept-Language": "uk-UA,uk;q=0.9,en;q=0.5"}
    async with aiohttp.ClientSession() as http, http.get(server.web.url, headers=asked) as page:
        html = await page.text()
    assert ">Грати знову<" in html  # the button under the line that ended the session
    assert json.dumps("dicepoker: зв'язок із грою втрачено.") in html  # a socket cut short


async def test_a_public_url_ending_in_a_slash_gives_the_page_its_own_links(web_server):
    server = await web_server(public_url="https://dice.example.org/")
    assert server.web.url == "https://dice.example.org"
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"http://127.0.0.1:{server.web.port}/") as page,
    ):
        html = await page.text()
    assert 'data-session-websocket-url="wss://dice.example.org/ws"' in html
    assert 'src="https://dice.example.org/static/js/textual.js"' in html
    assert "dice.example.org//" not in html


async def test_dicepoker_web_limits_are_its_own(web_command):
    web = await web_command("--max-sessions", "1")
    async with aiohttp.ClientSession() as http:
        first = await _open_socket(http, web.url)
        await _first_frame(first)
        second = await _open_socket(http, web.url)
        message = await asyncio.wait_for(second.receive(), 30)
        assert message.type == aiohttp.WSMsgType.CLOSE
        assert message.extra == "dicepoker: the server is full (1 session); try again later."
        await first.close()


def _alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


async def test_a_tabs_app_ends_when_its_server_is_killed(web_command):
    web = await web_command()
    async with aiohttp.ClientSession() as http:
        tab = await _open_socket(http, web.url)
        await _first_frame(tab)
        pid = web.proc.pid
        (app,) = map(int, Path(f"/proc/{pid}/task/{pid}/children").read_text().split())
        web.proc.kill()  # no word to the app: its input just ends
        await web.proc.wait()
        await until(lambda: not _alive(app), what="the tab's app ended", timeout=30)


async def test_homes_left_by_the_tabs_of_a_killed_server_are_cleared(web_server, short_tmp):
    sessions = short_tmp / "home" / "sessions"
    (sessions / "~web-left" / "settings").mkdir(parents=True)  # its tab's app was killed too
    (sessions / "carol").mkdir()  # an SSH player's home stays
    await web_server()
    assert sorted(p.name for p in sessions.iterdir()) == ["carol"]
