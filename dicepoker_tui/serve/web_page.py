"""textual-serve's page, made to show the one line that ended the session.

The page's own script opens the websocket; wrapped here, the reason the server gives
when it closes the socket replaces the page's "Session ended." (and its Restart
button reads "Play again"). The page's link to an outside font is dropped: the page
asks nothing of any other site.
"""

from __future__ import annotations

import re

from aiohttp import web

END_LINE_SCRIPT = """<script>
(function () {
  const Native = window.WebSocket;
  function Socket(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("close", function (event) {
      const line = event.reason || "dicepoker: the connection to the game was lost.";
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


def page_with_end_line(response: web.StreamResponse) -> web.StreamResponse:
    """The page of `response` with the end-line script in, before textual-serve's own."""
    if not isinstance(response, web.Response) or response.text is None:
        return response
    html = FONT_LINK.sub("", response.text)
    html = html.replace("<head>", "<head>\n" + END_LINE_SCRIPT, 1)
    html = html.replace(">Restart<", ">Play again<")
    out = web.Response(text=html, content_type="text/html", charset="utf-8")
    out.headers["Cache-Control"] = "no-store"
    out.headers["Referrer-Policy"] = "no-referrer"
    return out
