"""The app in a browser: textual-serve's server, with the limits `dicepoker serve` keeps.

Each browser tab opens a websocket; each websocket gets its own app process
(`web_tab.TabService`), as textual-serve does. Added here:

- the page and its websocket come from the address the browser used (or the
  `public_url` given, for a reverse proxy: `https://` there makes the socket `wss:`);
- a request whose `Host` is not this server (DNS rebinding) is refused, any request; a
  websocket from another site's page (its `Origin` is not this server) too;
- every plain connection passes the gate (`web_gate`): counted per address and in all,
  closed if it sends no whole request in time;
- the files a tab offers (exports) are bounded, expire and go with the tab
  (`web_downloads`); `/static/` lists no directory;
- the door's limits per address (`door.Door`: connections at once, new ones a minute),
  the session cap, the idle timeout and an input rate (a token bucket of bytes: past it
  the tab's input waits, and so does its websocket), each said in one line;
- a session ended by anything (quit, a limit, the server stopping, a crash) shows one
  line in the page, in the browser's language; a traceback goes to the log only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.server import Server

from dicepoker_tui.i18n import N_, load_translation, normalize
from dicepoker_tui.serve.door import Door, DoorLimits
from dicepoker_tui.serve.pty_bridge import INPUT_BURST, INPUT_RATE, sane_size
from dicepoker_tui.serve.session_host import EndReason, idle_reason, server_full
from dicepoker_tui.serve.web_downloads import TabDownloads
from dicepoker_tui.serve.web_gate import (
    ACCEPT_BATCH,
    LISTEN_QUEUE,
    WILDCARD,
    GateLimits,
    Gates,
    gate_limits,
    names_this_server,
)
from dicepoker_tui.serve.web_page import page_with_end_line
from dicepoker_tui.serve.web_tab import Launch, Tab, TabService, close_saying, end_line

log = logging.getLogger(__name__)

MAX_MESSAGE = 64 * 1024
"""Bytes of one websocket message from a browser (a paste is far less)."""
MESSAGE_COST = 16
"""Input bytes a message costs at least (resizes and pings are paced too)."""
Audit = Callable[[str, str, str], None]
"""`(address, nickname or "-", outcome)`: a line of the login log."""


@dataclass(frozen=True)
class WebLimits:
    max_sessions: int = 50
    idle_timeout: float = 3600.0
    input_rate: float = INPUT_RATE
    """Input bytes a second a tab's app gets, on average."""
    input_burst: float = INPUT_BURST
    trust_forwarded: bool = False
    """Take the browser's address from `X-Forwarded-For` when a proxy on loopback sent it."""
    gate: GateLimits | None = None
    """The plain connections' caps and deadlines (by default, fitting `max_sessions`)."""


class WebServer(Server):
    """`start()` / `close()` on the running loop; `port` is the port bound."""

    def __init__(
        self,
        launch: Callable[[Tab], Launch],
        host: str = "127.0.0.1",
        port: int = 8000,
        public_url: str | None = None,
        limits: WebLimits | None = None,
        door: Door | None = None,
        others: Callable[[], int] = lambda: 0,
        title: str = "dicepoker",
        audit: Audit | None = None,
    ) -> None:
        self.fixed_url = public_url.rstrip("/") if public_url else None
        """`public_url` without its last slash: the page's links add their own."""
        super().__init__("dicepoker", host=host, port=port, title=title, public_url=self.fixed_url)
        self.launch = launch
        self.limits = limits or WebLimits()
        self.door = door or Door(DoorLimits())
        self.others = others
        """Sessions the server holds besides these tabs (its SSH sessions): one cap for all."""
        self.audit = audit
        """Where refused tabs are told (the login log), if anywhere."""
        self.tabs: set[Tab] = set()
        self.wrong_hosts = [0, 0]
        """Requests refused for another host name, [others, tabs] (a few are logged)."""
        self.download_manager = TabDownloads()
        self.gates: Gates | None = None
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.AbstractServer | None = None
        self._idle_task: asyncio.Task | None = None

    # -- start and stop -----------------------------------------------------------------------
    async def start(self) -> None:
        app = await self._make_app()
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        assert self._runner.server is not None
        limits = self.limits
        self.gates = Gates(
            limits.gate
            or gate_limits(
                limits.max_sessions,
                self.door.limits.connections_per_address,
                limits.trust_forwarded,
            ),
            self._runner.server,
        )
        loop = asyncio.get_running_loop()
        self._listener = await loop.create_server(
            self.gates, self.host or None, self.port, reuse_address=True, backlog=ACCEPT_BATCH
        )
        self.port = self._listener.sockets[0].getsockname()[1]  # the port bound, for port 0
        for listening in self._listener.sockets:  # a queue as long as usual, taken 16 at a time
            with contextlib.closing(listening.dup()) as same:
                same.listen(LISTEN_QUEUE)
        self.gates.start()
        if self.limits.idle_timeout > 0:
            self._idle_task = asyncio.get_running_loop().create_task(self._close_idle())

    @property
    def url(self) -> str:
        host = self.host if self.host not in WILDCARD else "HOST"
        host = f"[{host}]" if ":" in host else host
        return self.fixed_url or f"http://{host}:{self.port}"

    async def close(self, reason: EndReason | None = None) -> None:
        if self._idle_task is not None:
            self._idle_task.cancel()
        for tab in list(self.tabs):
            tab.terminate(reason or EndReason(N_("the server is shutting down")))
        loop = asyncio.get_running_loop()
        until = loop.time() + 5.0
        while self.tabs and loop.time() < until:  # their apps end and they say why
            await asyncio.sleep(0.05)
        if self._listener is not None:
            self._listener.close()
        if self.gates is not None:
            self.gates.stop()
        if self._runner is not None:
            await self._runner.cleanup()

    async def on_startup(self, app: web.Application) -> None:
        """(textual-serve prints its banner here; the command prints its own line.)"""

    async def _close_idle(self) -> None:
        limit = self.limits.idle_timeout
        while True:
            await asyncio.sleep(min(30.0, max(0.5, limit / 4)))
            now = asyncio.get_running_loop().time()
            for tab in list(self.tabs):
                if tab.idle_for(now) > limit and tab.end_reason is None:
                    tab.terminate(idle_reason(limit))

    # -- every request ----------------------------------------------------------------------------
    async def _make_app(self) -> web.Application:
        """textual-serve's routes, behind the guard; `/static/` lists no directory."""
        app = web.Application(middlewares=[self._guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
            ]
        )
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler) -> web.StreamResponse:  # type: ignore[no-untyped-def]
        """A request for another host name is refused; a request under way holds off its
        connection's header deadline (a websocket, for good)."""
        if not names_this_server(request.headers.get("Host", ""), self.host, self.fixed_url):
            tab = request.path == "/ws"
            self.wrong_hosts[tab] += 1
            count = self.wrong_hosts[tab]
            if count in (1, 10, 100) or count % 1000 == 0:  # (of a flood, a few lines)
                address, host = self.address_of(request), request.headers.get("Host", "")[:80]
                log.warning("request refused from %s: Host %r (%d so far)", address, host, count)
                if tab and self.audit is not None:
                    said = f" ({count} so far)" if count > 1 else ""
                    self.audit(address, "-", f"refused: browser tab for another host name{said}")
            wrong_host = N_("this server does not answer for that host name")
            said = load_translation(browser_language(request)).gettext(wrong_host)
            return web.Response(status=421, text=f"dicepoker: {said}.\n")
        gate = self.gates.of(request.protocol) if self.gates is not None else None
        if gate is None:
            return await handler(request)
        loop = asyncio.get_running_loop()
        gate.busy += 1
        gate.since = loop.time()
        try:
            return await handler(request)
        finally:
            gate.busy -= 1
            gate.since = loop.time()

    async def handle_download(self, request: web.Request) -> web.StreamResponse:
        """A file a tab offers, while it waits for its browser; else one line."""
        try:
            await self.download_manager.get_download_metadata(request.match_info["key"])
        except KeyError:
            raise web.HTTPNotFound(
                text="dicepoker: no such download (gone with its tab, or expired)."
            ) from None
        return await super().handle_download(request)

    # -- the page -------------------------------------------------------------------------------
    async def handle_index(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        if self.fixed_url is None:  # the address this browser used (no await until rendered)
            self.public_url = f"{request.scheme}://{request.host}"
        response = await super().handle_index(request)
        return page_with_end_line(response, self.title, load_translation(browser_language(request)))

    # -- a tab ----------------------------------------------------------------------------------
    def address_of(self, request: web.Request) -> str:
        address = request.remote or "?"
        forwarded = request.headers.get("X-Forwarded-For")
        if self.limits.trust_forwarded and forwarded and address in ("127.0.0.1", "::1"):
            address = forwarded.split(",")[-1].strip() or address
        return address

    def _foreign(self, request: web.Request) -> bool:
        """Whether the websocket was opened by another site's page."""
        origin = request.headers.get("Origin")
        if not origin:
            return False  # not a browser's page (a script; the door's limits still hold)
        allowed = {request.host}
        if self.fixed_url:
            allowed.add(urlsplit(self.fixed_url).netloc)
        return urlsplit(origin).netloc not in allowed

    def _refusal(self, address: str) -> EndReason | None:
        """Why a new tab from `address` cannot come in now, counted in if it can."""
        why = self.door.enter(address)
        if why is not None:
            return why
        if len(self.tabs) + self.others() >= self.limits.max_sessions:
            self.door.leave(address)
            return server_full(self.limits.max_sessions)
        return None

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:  # type: ignore[override]
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        address = self.address_of(request)
        lang = browser_language(request)
        if self._foreign(request):
            log.warning("tab refused from %s: opened by another site's page", address)
            if self.audit is not None:
                self.audit(address, "-", "refused: browser tab opened by another site's page")
            own_page = N_("this game is played from its own page")
            raise web.HTTPForbidden(text=f"dicepoker: {load_translation(lang).gettext(own_page)}")
        await websocket.prepare(request)
        gate = self.gates.of(request.protocol) if self.gates is not None else None
        if gate is not None:
            gate.websocket = True  # a tab: the door's limits and the idle timeout hold it
        refusal = self._refusal(address)
        if refusal is not None:
            why = refusal.text(load_translation("en"))
            log.warning("tab refused from %s: %s", address, why)
            if self.audit is not None:
                self.audit(address, "-", f"refused: browser tab: {why}")
            await close_saying(websocket, end_line(refusal, None, None, load_translation(lang)))
            return websocket
        tab = Tab(address, websocket, lang)
        self.tabs.add(tab)
        log.info("tab opened from %s", address)
        try:
            await self._run_tab(request, tab)
        finally:
            self.tabs.discard(tab)
            self.door.leave(address)
        return websocket

    async def _run_tab(self, request: web.Request, tab: Tab) -> None:
        websocket = tab.websocket
        width, height = sane_size(
            _int(request.query.get("width")), _int(request.query.get("height"))
        )
        status: int | None = None
        launch: Launch | None = None
        service: TabService | None = None
        try:
            launch = self.launch(tab)
            service = tab.service = TabService(
                launch,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                download_manager=self.download_manager,
            )
            await service.start(width, height)
            ended = asyncio.ensure_future(service.exited())
            messages = asyncio.ensure_future(self._pump(request, tab, service))
            await asyncio.wait((ended, messages), return_when=asyncio.FIRST_COMPLETED)
            messages.cancel()
            ended.cancel()
        except Exception as exc:
            log.exception("the tab from %s failed", tab.address)
            tab.end_reason = tab.end_reason or EndReason(
                N_("the game could not start ({error})"), {"error": exc}
            )
        finally:
            if service is not None:
                status = await service.end()
                if status not in (0, 3, 4, None) and service.stderr_tail:
                    log.warning(
                        "the app of a tab from %s ended (status %s):\n%s",
                        tab.address,
                        status,
                        service.stderr_tail.decode("utf-8", "replace").rstrip(),
                    )
            if launch is not None:
                with contextlib.suppress(Exception):
                    launch.cleanup()
        said = service.last_said() if service is not None else None
        if not websocket.closed:
            await close_saying(websocket, end_line(tab.end_reason, status, said, tab.translation))

    async def _pump(self, request: web.Request, tab: Tab, service: TabService) -> None:
        """The browser's messages to the app, at the input rate; what a gone browser left
        queued is dropped, not paced through."""
        limits = self.limits
        loop = asyncio.get_running_loop()
        async for message in tab.websocket:
            transport = request.transport
            if transport is None or transport.is_closing():
                return
            if message.type != WSMsgType.TEXT:
                continue
            if not tab.pace(
                max(MESSAGE_COST, len(message.data)), limits.input_rate, limits.input_burst
            ):
                continue
            try:
                kind, data = message.json()
            except (ValueError, TypeError):
                continue  # not an envelope: ignored, like any unknown message
            if kind == "stdin" and isinstance(data, str):
                tab.last_input = loop.time()
                tab.bytes_in += len(data)
                if not await service.send_bytes(data.encode("utf-8", "replace")):
                    return
            elif kind == "resize" and isinstance(data, dict):
                cols, rows = sane_size(_int(data.get("width")), _int(data.get("height")))
                await service.set_terminal_size(cols, rows)
            elif kind == "ping":
                await tab.websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()


def browser_language(request: web.Request) -> str:
    """The game's language the browser asks for first (English if none of them)."""
    return normalize(request.headers.get("Accept-Language", "").split(",")[0]) or "en"


def _int(value: object) -> int:
    try:
        return int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0
