"""textual-serve's page, made to show the one line that ended the session.

The page's own script opens the websocket; wrapped here, the reason the server gives
when it closes the socket replaces the page's "Session ended." (and its Restart
button reads "Play again"), in the browser's language; the page gets a title. The
page's link to an outside font is dropped: the page asks nothing of any other site; and
so is its background image, one request and 60 KB fewer before the tab connects (its
script connects once the page and everything it shows are loaded).
"""

from __future__ import annotations

import gettext
import html
import json
import re

from aiohttp import web

from dicepoker_tui.i18n import N_

END_LINE_SCRIPT = """<script>
(function () {
  const Native = window.WebSocket;
  function Socket(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("close", function (event) {
      const line = event.reason || LOST;
      document.title = line;
      const shown = document.querySelector(".closed-dialog .message");
      if (shown) { shown.textContent = line; shown.id = "end-line"; }
    });
    return socket;
  }
  Socket.prototype = Native.prototype;
  for (const name of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) { Socket[name] = Native[name]; }
  window.WebSocket = Socket;
})();
</script>
"""
FONT_LINK = re.compile(r'<link\s+rel="stylesheet"\s+href="https://fonts[^>]*>', re.S)
BACKGROUND_IMAGE = re.compile(r"\n\s*background-image:\s*url\([^)]*background\.png[^)]*\);")


def page_with_end_line(
    response: web.StreamResponse, title: str, translation: gettext.NullTranslations
) -> web.StreamResponse:
    """The page of `response` with the end-line script in, before textual-serve's own,
    and `title` as the tab's title (textual-serve's page has none)."""
    if not isinstance(response, web.Response) or response.text is None:
        return response
    lost = translation.gettext(N_("the connection to the game was lost"))
    lost_js = json.dumps(f"dicepoker: {lost}.").replace("</", "<\\/")
    script = END_LINE_SCRIPT.replace("LOST", lost_js, 1)
    page = BACKGROUND_IMAGE.sub("", FONT_LINK.sub("", response.text))
    head = f"<head>\n<title>{html.escape(title)}</title>\n{script}"
    page = page.replace("<head>", head, 1)
    again = html.escape(translation.gettext(N_("Play again")))
    page = page.replace(">Restart<", f">{again}<")
    out = web.Response(text=page, content_type="text/html", charset="utf-8")
    out.headers["Cache-Control"] = "no-store"
    out.headers["Referrer-Policy"] = "no-referrer"
    return out
