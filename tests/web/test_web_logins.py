"""The login log of browser tabs, for real: a tab's player picking a nickname (refused,
then accepted) and a tab refused at the door each leave one line in `logins.log`."""

from __future__ import annotations

import asyncio

import aiohttp

from dicepoker_tui.serve.door import DoorLimits

from ..net.helpers import until


async def _screen(ws, text: str) -> None:
    """Until the tab's screen has drawn `text`."""
    seen = b""
    while text.encode() not in seen:
        message = await asyncio.wait_for(ws.receive(), 60)
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
        if message.type == aiohttp.WSMsgType.BINARY:
            seen = seen[-4000:] + message.data


async def test_each_browser_login_and_refused_tab_has_a_line_in_the_login_log(web_server):
    server = await web_server(door=DoorLimits(connections_per_address=1))
    server.claims.check("dana", "SHA256:dana")  # dana logged in once with her key
    log = server.data_dir / "logins.log"
    lines = lambda: log.read_text().splitlines() if log.exists() else []  # noqa: E731
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(f"ws://127.0.0.1:{server.web.port}/ws?width=100&height=30")
        await _screen(ws, "your name at the tables")
        await ws.send_str('["stdin", "dana\\r"]')
        await until(lambda: any(" dana " in line for line in lines()), what="dana's line")
        await ws.send_str('["stdin", "dan\\r"]')
        await until(lambda: any(" dan " in line for line in lines()), what="dan's line")
        second = await http.ws_connect(f"ws://127.0.0.1:{server.web.port}/ws?width=80&height=24")
        message = await asyncio.wait_for(second.receive(), 30)
        assert message.type == aiohttp.WSMsgType.CLOSE
        await until(lambda: len(lines()) == 3, what="the refused tab's line")
        await ws.close()
    dana, dan, refused = (line.split(" ", 1)[1] for line in lines())  # (after the time)
    assert dana == (
        "127.0.0.1 dana browser refused: The name dana belongs to a key here; pick another name."
    )
    assert dan == "127.0.0.1 dan browser accepted"
    assert refused == (
        "127.0.0.1 - browser refused: browser tab: too many connections from 127.0.0.1 at once"
    )
