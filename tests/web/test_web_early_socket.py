"""The page opens its websocket as it starts, before textual-serve's script has loaded,
and hands it to the terminal when it asks: one socket, one app, the first frame kept for
the terminal; when the terminal asks for another size than the page guessed, the app is
told it and draws anew."""

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


def early_socket(tab: BrowserTab) -> str | None:
    return tab._js("return document.documentElement.dataset.earlySocket || null")


@needs_chromium
async def test_the_socket_opened_early_is_the_tabs_one_socket(web_server, chromium):
    server = await web_server()
    tab = await BrowserTab.open(chromium, server.web.url)
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
        chromium, server.web.url, new_tab=True, scripts=(WRONG_FIRST_MEASURE,)
    )
    await until(lambda: early_socket(wrong) == "resized", what="the terminal asking another size")
    assert wrong.size() == right.size()  # the size the terminal asked for
    await until(lambda: wrong.screen() == shown, what="the screen drawn anew at that size")
    wrong.keys("guess", "\n")
    await wrong.shows("online as guess", timeout=30)
    assert len(server.web.tabs) == 2
