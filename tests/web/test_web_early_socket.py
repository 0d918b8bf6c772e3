"""The page opens its websocket as it starts, before textual-serve's script has loaded,
and hands it to the terminal when it asks: one socket, one app, the first frame kept for
the terminal; when the terminal asks for another size than the page guessed, the app is
told it and draws anew, and the terminal still gets the modes the app set at its start."""

from __future__ import annotations

from ..net.helpers import until
from .browser import BrowserTab, needs_chromium

WRONG_FIRST_MEASURE = """
(function () {
  const measure = OffscreenCanvasRenderingContext2D.prototype.measureText;
  let first = true;
  OffscreenCanvasRenderingContext2D.prototype.measureText = function (text) {
    const metrics = measure.call(this, text);
    if (!first) return metrics;
    first = false;  // the page's own guess: a font half as wide again as the terminal's
    return {
      width: metrics.width * 1.5,
      fontBoundingBoxAscent: metrics.fontBoundingBoxAscent,
      fontBoundingBoxDescent: metrics.fontBoundingBoxDescent,
    };
  };
})();
"""
"""Run before the page's scripts: the first measure of a font (the page's) is wrong."""

LATE_TERMINAL = """
(function () {
  let arrived = 0;
  const Native = window.WebSocket;
  function Counting(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("message", () => { arrived += 1; });
    return socket;
  }
  Counting.prototype = Native.prototype;
  for (const name of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Counting[name] = Native[name];
  window.WebSocket = Counting;
  let onload = null;
  Object.defineProperty(window, "onload", {
    configurable: true, get() { return onload; }, set(handler) { onload = handler; },
  });
  window.addEventListener("load", (event) => {
    const later = () => arrived >= 8 ? onload.call(window, event) : setTimeout(later, 20);
    later();
  });
})();
"""
"""Run before the page's scripts: textual-serve's script makes its terminal (and asks for
its socket) only once the socket the page opened has had the app's first messages, as in
a browser slow to load the script."""


def early_socket(tab: BrowserTab) -> str | None:
    return tab._js("return document.documentElement.dataset.earlySocket || null")


@needs_chromium
async def test_the_socket_opened_early_is_the_tabs_one_socket(web_server, chromium):
    server = await web_server()
    tab = await BrowserTab.open(chromium, server.web.url, scripts=(LATE_TERMINAL,))
    await tab.shows("your name at the tables", timeout=60)
    assert early_socket(tab) == "used"
    assert len(server.web.tabs) == 1  # the page's socket and the terminal's are one
    tab.keys("early", "\n")
    await tab.shows("online as early", timeout=30)
    assert len(server.web.tabs) == 1


@needs_chromium
async def test_a_wrong_guess_of_the_size_is_put_right(web_server, chromium):
    server = await web_server()
    right = await BrowserTab.open(chromium, server.web.url)
    shown = await right.shows("your name at the tables", timeout=60)
    wrong = await BrowserTab.open(
        chromium, server.web.url, new_tab=True, scripts=(WRONG_FIRST_MEASURE, LATE_TERMINAL)
    )
    await until(lambda: early_socket(wrong) == "resized", what="the terminal asking another size")
    assert wrong.size() == right.size()  # the size the terminal asked for
    await until(lambda: wrong.screen() == shown, what="the screen drawn anew at that size")
    handed = wrong._js("return window.__dp.text")
    for mode in ("\x1b[?1000h", "\x1b[?2004h", "\x1b[?25l"):  # mouse, paste, no cursor
        assert mode in handed  # (set once, before the guessed size was put right)
    wrong.keys("guess", "\n")
    await wrong.shows("online as guess", timeout=30)
    assert len(server.web.tabs) == 2
