"""Headless Chromium for the browser tests, driven by selenium.

The page's terminal draws on a canvas, so what a tab shows is read from what its
terminal was handed: a script put in every page before its own keeps the bytes (and the
size the terminal asked for) as the page's listeners, added once it has loaded, get them;
and `TerminalScreen` (the tests' small terminal) replays them. Keys go to the terminal's
input (xterm's textarea), as a person's typing does.
"""

from __future__ import annotations

import asyncio
import re
import shutil
from pathlib import Path

import pytest

from ..net.terminal_screen import TerminalScreen

CHROMIUM = next(
    (p for p in ("/usr/bin/chromium", shutil.which("chromium")) if p and Path(p).exists()), None
)
CHROMEDRIVER = next(
    (p for p in ("/usr/bin/chromedriver", shutil.which("chromedriver")) if p and Path(p).exists()),
    None,
)

try:
    import selenium  # noqa: F401

    HAVE_SELENIUM = True
except ImportError:
    HAVE_SELENIUM = False

needs_chromium = pytest.mark.skipif(
    not (CHROMIUM and CHROMEDRIVER and HAVE_SELENIUM),
    reason="needs Chromium and its driver (Debian: apt-get install chromium chromium-driver) "
    "and selenium (pip install -e '.[test]'); .ci/run installs them",
)

RECORDER = """
window.__dp = {text: "", url: null, closed: null};
(function () {
  const Native = window.WebSocket;
  const add = EventTarget.prototype.addEventListener;
  const decoder = new TextDecoder();
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (type === "message" && this !== window && typeof listener === "function"
        && document.readyState === "complete") {
      const page = listener;
      listener = function (event) {
        window.__dp.url = this.url;
        if (event.data instanceof ArrayBuffer) {
          window.__dp.text += decoder.decode(new Uint8Array(event.data), {stream: true});
        }
        return page.call(this, event);
      };
    }
    return add.call(this, type, listener, options);
  };
  function Recording(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("close", (event) => { window.__dp.closed = event.reason; });
    return socket;
  }
  Recording.prototype = Native.prototype;
  for (const name of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) {
    Recording[name] = Native[name];
  }
  window.WebSocket = Recording;
})();
"""


def start_chromium(width: int = 1100, height: int = 760):
    """A headless Chromium with the recorder in every page."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",  # (runs as root in CI)
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-extensions",
        "--no-first-run",
        f"--window-size={width},{height}",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    return driver


class BrowserTab:
    """One tab of the browser, at the game's page."""

    def __init__(self, driver, handle: str) -> None:
        self.driver = driver
        self.handle = handle

    @classmethod
    async def open(
        cls, driver, url: str, new_tab: bool = False, scripts: tuple[str, ...] = ()
    ) -> BrowserTab:
        """The page at `url` (in a new tab of the browser), `scripts` run in it (and in
        the tab's next pages) before its own."""
        if new_tab:  # (the recorder is put in each tab's pages on its own)
            driver.switch_to.new_window("tab")
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
        for script in scripts:
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
        tab = cls(driver, driver.current_window_handle)
        await asyncio.to_thread(driver.get, url)
        return tab

    def _js(self, script: str):
        if self.driver.current_window_handle != self.handle:
            self.driver.switch_to.window(self.handle)
        return self.driver.execute_script(script)

    def size(self) -> tuple[int, int]:
        url = self._js("return window.__dp.url") or ""
        found = dict(re.findall(r"(width|height)=(\d+)", url))
        return int(found.get("width", 80)), int(found.get("height", 24))

    def screen(self) -> str:
        cols, rows = self.size()
        screen = TerminalScreen(max(cols, 20), max(rows, 5))
        screen.feed(self._js("return window.__dp.text") or "")
        return "\n".join(screen.text())

    def closed_with(self) -> str | None:
        return self._js("return window.__dp.closed")

    def page_text(self) -> str:
        return self._js("return document.body.innerText") or ""

    async def shows(self, text: str, timeout: float = 30.0) -> str:
        """Wait until the tab's screen shows `text`; the screen."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            shown = self.screen()
            if text in shown:
                return shown
            if loop.time() > end:
                raise AssertionError(f"{text!r} never shown; the tab:\n{shown}")
            await asyncio.sleep(0.2)

    async def closes(self, timeout: float = 30.0) -> str:
        """Wait until the tab's websocket closes; the line it closed with."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while (line := self.closed_with()) is None:
            if loop.time() > end:
                raise AssertionError(f"the tab never closed; it shows:\n{self.screen()}")
            await asyncio.sleep(0.2)
        return line

    def keys(self, *keys: str) -> None:
        from selenium.webdriver.common.by import By

        if self.driver.current_window_handle != self.handle:
            self.driver.switch_to.window(self.handle)
        box = self.driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        box.send_keys(*keys)

    def screenshot(self, path: Path) -> None:
        if self.driver.current_window_handle != self.handle:
            self.driver.switch_to.window(self.handle)
        self.driver.save_screenshot(str(path))


def dice_shown(screen: str) -> list[int]:
    """The faces of the dice drawn on `screen` (boxes with pips, held or not), left to right."""
    rows = screen.splitlines()
    for top, row in enumerate(rows):
        corners = [m.start() for m in re.finditer(r"[┌╔]", row)]
        boxes = []
        for left in corners:
            right = next((i for i in range(left + 1, len(row)) if row[i] in "┐╗"), None)
            if right is None or right - left < 4:
                continue
            bottom = next(
                (r for r in range(top + 1, len(rows)) if rows[r][left : left + 1] in ("└", "╚")),
                None,
            )
            if bottom is None:
                continue
            pips = sum(rows[r][left + 1 : right].count("●") for r in range(top + 1, bottom))
            boxes.append(pips)
        if len(boxes) >= 5 and all(1 <= b <= 6 for b in boxes[:5]):
            return boxes[:5]
    return []
