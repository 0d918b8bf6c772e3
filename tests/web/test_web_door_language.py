"""The web door's refusals are said in the browser's language (its Accept-Language), the
log keeps them in English; a browser asking for none reads English."""

from __future__ import annotations

import asyncio

import aiohttp

from dicepoker_tui.serve.door import DoorLimits

UK = {"Accept-Language": "uk-UA,uk;q=0.9,en;q=0.5"}
HR = {"Accept-Language": "hr"}


async def _first_frame(ws) -> None:
    while True:
        message = await asyncio.wait_for(ws.receive(), 60)
        if message.type == aiohttp.WSMsgType.BINARY and len(message.data) > 100:
            return
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message


async def test_a_tab_past_the_limit_of_one_address_is_told_in_its_language(web_server):
    server = await web_server(door=DoorLimits(connections_per_address=1))
    url = f"ws://127.0.0.1:{server.web.port}/ws?width=80&height=24"
    async with aiohttp.ClientSession() as http:
        first = await http.ws_connect(url)
        await _first_frame(first)
        for headers, line in (
            (UK, "dicepoker: забагато одночасних підключень з 127.0.0.1."),
            ({}, "dicepoker: too many connections from 127.0.0.1 at once."),
        ):
            refused = await http.ws_connect(url, headers=headers)
            message = await asyncio.wait_for(refused.receive(), 30)
            assert message.type == aiohttp.WSMsgType.CLOSE
            assert message.extra == line
        await first.close()
    log = (server.data_dir / "logins.log").read_text(encoding="utf-8")
    assert "refused: browser tab: too many connections from 127.0.0.1 at once" in log


async def test_another_sites_page_and_a_wrong_host_are_refused_in_the_browsers_language(
    web_server,
):
    server = await web_server()
    port = server.web.port
    async with aiohttp.ClientSession() as http:
        foreign = {**HR, "Origin": "http://attacker.example"}
        async with http.get(f"http://127.0.0.1:{port}/ws", headers=foreign) as answer:
            assert answer.status == 403
            assert await answer.text() == "dicepoker: ova se igra igra sa svoje stranice"
        forged = {**UK, "Host": f"attacker.example:{port}"}
        async with http.get(f"http://127.0.0.1:{port}/", headers=forged) as answer:
            assert answer.status == 421
            text = await answer.text()
    assert text.startswith("dicepoker: ") and "host" not in text and text.endswith(".\n")
