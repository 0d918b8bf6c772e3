"""textual-serve's page, made to start sooner and to show the one line that ended the session.

- **The socket opens as the page starts.** textual-serve's script opens the tab's websocket
  once it is loaded and its terminal made, a few hundred ms after the page arrives in a
  browser that has not seen the script before. The page's first script opens it at once,
  at the size the terminal will ask for (its font measured as the terminal measures it),
  so that the app starts and draws while the browser loads; it keeps what comes and hands
  the socket, with it, to the terminal when it asks. When the terminal asks for another
  size, the page tells the app that size (the terminal itself tells it only when its size
  is not xterm's first 80×24), and the app draws anew, as for a resized window; what came
  before is handed on all the same (the terminal's modes, mouse and paste, are set there).
  `data-early-socket` on the page says what happened: `opened`, then `used` or `resized`.
- **The end line:** the reason the server gives when it closes the socket replaces the
  page's "Session ended." (and its Restart button reads "Play again"), in the browser's
  language; the page gets a title.
- The page's link to an outside font is dropped: the page asks nothing of any other site;
  and so is its background image, one request and 60 KB fewer before the tab connects.
"""

from __future__ import annotations

import gettext
import html
import json
import re

from aiohttp import web

from dicepoker_tui.i18n import N_

PAGE_SCRIPT = """<script>
(function () {
  const {LOST, SOCKET_URL, FONT_SIZE, FONT_FAMILY} = SETTINGS;
  const Native = window.WebSocket;
  function opened(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("close", function (event) {
      const line = event.reason || LOST;
      function show() {
        document.title = line;
        const shown = document.querySelector(".closed-dialog .message");
        if (shown) { shown.textContent = line; shown.id = "end-line"; }
      }
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
      else show();
    });
    return socket;
  }
  function mark(state) { document.documentElement.dataset.earlySocket = state; }
  function guessedSize() {
    const context = new OffscreenCanvas(100, 100).getContext("2d");
    context.font = FONT_SIZE + "px " + FONT_FAMILY;
    const w = context.measureText("W");
    const ratio = window.devicePixelRatio || 1;
    const width = Math.floor(w.width * ratio) / ratio;
    const height = Math.ceil((w.fontBoundingBoxAscent + w.fontBoundingBoxDescent) * ratio) / ratio;
    if (!(width > 0 && height > 0)) return null;
    const box = document.createElement("div");  // as the terminal's: 100vw by 100vh
    box.style.cssText = "position: absolute; visibility: hidden; width: 100vw; height: 100vh";
    document.documentElement.appendChild(box);
    const style = window.getComputedStyle(box);
    const [boxWidth, boxHeight] = [parseInt(style.width), parseInt(style.height)];
    box.remove();
    return {
      cols: Math.max(2, Math.floor(Math.max(0, boxWidth) / width)),
      rows: Math.max(1, Math.floor(boxHeight / height)),
    };
  }
  class Handed extends EventTarget {
    constructor(socket, url) { super(); this.socket = socket; this.url = url; }
    get readyState() { return this.socket.readyState; }
    get bufferedAmount() { return this.socket.bufferedAmount; }
    get protocol() { return this.socket.protocol; }
    get binaryType() { return this.socket.binaryType; }
    set binaryType(value) { this.socket.binaryType = value; }
    send(data) { this.socket.send(data); }
    close(code, reason) { this.socket.close(code, reason); }
    relay(event) {
      let copy;
      if (event.type === "message") copy = new MessageEvent("message", {data: event.data});
      else if (event.type === "close") {
        const {code, reason, wasClean} = event;
        copy = new CloseEvent("close", {code: code, reason: reason, wasClean: wasClean});
      } else copy = new Event(event.type);
      this.dispatchEvent(copy);
    }
  }
  function tellSize(socket, width, height) {
    if (!(width > 0 && height > 0)) return;
    const resize = JSON.stringify(["resize", {width: width, height: height}]);
    if (socket.readyState === 1) socket.send(resize);
    else if (socket.readyState === 0) socket.addEventListener("open", () => socket.send(resize));
  }
  let early = null;
  try {
    const query = new URLSearchParams(window.location.search);
    const size = query.get("delay") || query.get("ping") ? null : guessedSize();
    if (size && SOCKET_URL) {
      const socket = opened(SOCKET_URL + "?width=" + size.cols + "&height=" + size.rows);
      socket.binaryType = "arraybuffer";
      early = {socket: socket, size: size, events: [], handed: null, taken: false};
      for (const type of ["open", "message", "error", "close"]) {
        socket.addEventListener(type, function (event) {
          if (early.handed) early.handed.relay(event); else early.events.push(event);
        });
      }
      mark("opened");
    }
  } catch (error) {
    early = null;
  }
  function Socket(url, protocols) {
    const [base, search] = String(url).split("?");
    if (early && !early.taken && protocols === undefined && base === SOCKET_URL) {
      early.taken = true;
      const asked = new URLSearchParams(search || "");
      const same = asked.get("width") === String(early.size.cols)
        && asked.get("height") === String(early.size.rows);
      const handed = new Handed(early.socket, String(url));
      queueMicrotask(function () {
        for (const event of early.events) handed.relay(event);
        early.events = [];
        early.handed = handed;
      });
      if (!same) tellSize(early.socket, Number(asked.get("width")), Number(asked.get("height")));
      mark(same ? "used" : "resized");
      return handed;
    }
    return opened(url, protocols);
  }
  Socket.prototype = Native.prototype;
  for (const name of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) { Socket[name] = Native[name]; }
  window.WebSocket = Socket;
})();
</script>
"""
FONT_FAMILY = "'Roboto Mono', Monaco, 'Courier New', monospace"
"""The font the page's terminal asks for (textual-serve's script), its cells measured here
as the terminal measures them."""
SOCKET_URL = re.compile(r'data-session-websocket-url="([^"]*)"')
FONT_SIZE = re.compile(r'data-font-size="(\d{1,3})"')
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
    page = BACKGROUND_IMAGE.sub("", FONT_LINK.sub("", response.text))
    socket_url = SOCKET_URL.search(page)
    font_size = FONT_SIZE.search(page)
    settings = {
        "LOST": f"dicepoker: {lost}.",
        "SOCKET_URL": html.unescape(socket_url.group(1)) if socket_url else "",
        "FONT_SIZE": int(font_size.group(1)) if font_size else 16,
        "FONT_FAMILY": FONT_FAMILY,
    }
    script = PAGE_SCRIPT.replace("SETTINGS", json.dumps(settings).replace("</", "<\\/"), 1)
    head = f"<head>\n<title>{html.escape(title)}</title>\n{script}"
    page = page.replace("<head>", head, 1)
    again = html.escape(translation.gettext(N_("Play again")))
    page = page.replace(">Restart<", f">{again}<")
    out = web.Response(text=page, content_type="text/html", charset="utf-8")
    out.headers["Cache-Control"] = "no-store"
    out.headers["Referrer-Policy"] = "no-referrer"
    return out
