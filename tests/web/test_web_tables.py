"""`dicepoker serve --web-port`: browser players at the same tables as SSH players.

Two browser tabs and a real OpenSSH client (in tmux) at one table: a browser player
opens it, the SSH player sits down, the other browser tab watches; the browser player
throws and all three see the same dice. Names: picked in the tab, unkeyed and marked so;
a name a key holds is refused; with keys required a browser may only watch."""

from __future__ import annotations

import asyncio
import shutil

import pytest

from dicepoker_tui.serve.door import DoorLimits

from ..net.helpers import until
from ..net.test_openssh_tmux import Pane
from .browser import BrowserTab, dice_shown, needs_chromium
from .test_web_command import thrown

pytestmark = needs_chromium

needs_openssh = pytest.mark.skipif(
    not (shutil.which("ssh") and shutil.which("tmux")), reason="needs OpenSSH and tmux"
)


async def pane_dice(pane: Pane, timeout: float = 30.0) -> list[int]:
    """Wait until the SSH player's terminal shows five dice; their faces."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not (dice := dice_shown(shown := await pane.text())):
        assert loop.time() < end, f"no dice thrown; the pane:\n{shown}"
        await asyncio.sleep(0.2)
    return dice


async def named(driver, url: str, nick: str, new_tab: bool = False) -> BrowserTab:
    tab = await BrowserTab.open(driver, url, new_tab=new_tab)
    await tab.shows("your name at the tables", timeout=60)
    tab.keys(nick + "\n")
    await tab.shows(f"online as {nick}")
    return tab


def ctrl(key: str) -> str:
    from selenium.webdriver.common.keys import Keys

    return Keys.CONTROL + key + Keys.NULL  # (NULL lets go of the modifier)


@needs_openssh
async def test_two_tabs_and_an_ssh_player_see_the_same_throw(web_server, chromium, tmp_path):
    server = await web_server()
    alice = await named(chromium, server.web.url, "alice")
    alice.keys("n")
    await alice.shows("Open the table")
    alice.keys(ctrl("s"))
    await alice.shows("Waiting for 1 more player")
    carol = await Pane.ssh(server.port, "carol", tmp_path, 100, 30)
    try:
        await carol.shows("~alice")  # the browser player's table, marked unkeyed
        await carol.keys("Enter")
        table = next(iter(server.hub.tables.values()))
        await until(lambda: table.status == "playing", what="the game under way")
        bob = await named(chromium, server.web.url, "bob", new_tab=True)
        await bob.shows("~alice")
        bob.keys("w")
        hub = server.hub
        await until(
            lambda: any(
                s.table == table.id and not s.playing for s in hub.broadcast.peers.values()
            ),
            what="bob watching",
        )
        alice.keys("r")
        await until(lambda: table.game.state.turn.dice is not None, what="alice's throw")
        dice = list(table.game.state.turn.dice)
        assert await thrown(alice) == dice
        assert await thrown(bob) == dice
        assert await pane_dice(carol) == dice
        assert len(server.web.tabs) == 2 and len(server.sessions) == 1
    finally:
        await carol.close()


async def test_a_name_held_by_a_key_is_refused_in_a_browser(web_server, chromium):
    server = await web_server()
    server.claims.check("dana", "SHA256:dana")  # dana logged in once with her key
    tab = await BrowserTab.open(chromium, server.web.url)
    await tab.shows("your name at the tables", timeout=60)
    tab.keys("dana\n")
    shown = await tab.shows("belongs to a key here")
    assert "Traceback" not in shown
    tab.keys("dan\n")  # another name will do (the name refused is selected: replaced)
    await tab.shows("online as dan")


async def test_with_keys_required_a_browser_only_watches(web_server, chromium):
    server = await web_server(door=DoorLimits(require_keys=True))
    tab = await BrowserTab.open(chromium, server.web.url)
    await tab.shows("your name at the tables", timeout=60)
    tab.keys("eve\n")
    await tab.shows("online as eve")
    tab.keys("n")
    await tab.shows("Open the table")
    tab.keys(ctrl("s"))
    await tab.shows("Only players with an SSH key may sit down here")
    assert not server.hub.tables
