"""`dicepoker web` in a real browser: the page, the lobby, a game started and a throw,
with keys typed into the page; a screenshot of it."""

from __future__ import annotations

import asyncio
import os
import shutil

from .browser import BrowserTab, dice_shown, needs_chromium

pytestmark = needs_chromium

SCREENSHOT_TO = "DICEPOKER_WEB_SCREENSHOT"
"""Set to a path to keep the screenshot (the README's is made so)."""


async def test_the_lobby_in_a_browser_starts_a_game_and_throws(web_command, chromium, tmp_path):
    web = await web_command()
    tab = await BrowserTab.open(chromium, web.url)
    await tab.shows("DICE POKER", timeout=60)
    shown = await tab.shows("Start s")
    assert "Traceback" not in shown
    tab.keys("s")  # Yahtzee, one player: straight to the table
    await tab.shows("Throw")
    tab.keys("r")
    assert len(await thrown(tab)) == 5
    picture = tmp_path / "web.png"
    tab.screenshot(picture)
    assert picture.stat().st_size > 10_000  # a page drawn, not a blank one
    if os.environ.get(SCREENSHOT_TO):
        shutil.copy(picture, os.environ[SCREENSHOT_TO])
    log = await web.stop()
    assert "tab opened from 127.0.0.1" in log
    assert "Traceback" not in log


async def thrown(tab: BrowserTab, timeout: float = 30.0) -> list[int]:
    """Wait until the tab shows five dice; their faces."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not (dice := dice_shown(shown := tab.screen())):
        assert loop.time() < end, f"no dice thrown; the tab:\n{shown}"
        await asyncio.sleep(0.2)
    return dice
