"""A browser tab's tables count against its address's cap, with the SSH sessions of that
address (issue 24, point 1): a real browser and a real SSH client, both on 127.0.0.1."""

from __future__ import annotations

from ..net.helpers import until
from ..net.ssh_client import Terminal, connect
from .browser import needs_chromium
from .test_web_tables import ctrl, named

pytestmark = needs_chromium


async def test_a_tab_is_refused_a_table_when_its_address_has_as_many_open(web_server, chromium):
    server = await web_server(max_tables_per_address=1)
    async with await connect(server.port, "sshy") as conn:
        term = await Terminal.open(conn)
        await term.wait_for("online as", timeout=30)
        term.send("n")
        await term.wait_for("Open the table")
        term.send("\x13")  # ctrl+s
        await term.wait_for("Waiting for 1 more player")
        tab = await named(chromium, server.web.url, "webby")
        tab.keys("n")
        await tab.shows("Open the table")
        tab.keys(ctrl("s"))
        await tab.shows("Your address has as many")
        assert len(server.hub.tables) == 1
        term.send("\x1b")  # sshy leaves its waiting table: the address may open one
        await until(lambda: not server.hub.tables, timeout=30, what="sshy's table gone")
        tab.keys("n")
        await tab.shows("Open the table")
        tab.keys(ctrl("s"))
        await tab.shows("Waiting for 1 more player")
