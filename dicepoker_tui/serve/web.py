"""The app in a browser: textual-serve's server, with the limits `dicepoker serve` keeps.

Each browser tab opens a websocket; each websocket gets its own app process
(`web_tab.TabService`), as textual-serve does. Added here:

- the page and its websocket come from the address the browser used (or the
  `public_url` given, for a reverse proxy: `https://` there makes the socket `wss:`);
- a websocket from another site's page (its `Origin` is not this server) is refused;
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

from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.server import Server

from dicepoker_tui.i18n import N_, load_translation, normalize
from dicepoker_tui.serve.door import Door, DoorLimits
from dicepoker_tui.serve.pty_bridge import INPUT_BURST, INPUT_RATE, sane_size
from dicepoker_tui.serve.session_host import EndReason, idle_reason
from dicepoker_tui.serve.web_page import page_with_end_line
from dicepoker_tui.serve.web_tab import Launch, TabService, end_line

log = logging.getLogger(__name__)

MAX_MESSAGE = 64 * 1024
"""Bytes of one websocket message from a browser (a paste is far less)."""
MESSAGE_COST = 16
"""Input bytes a message costs at least (resizes and pings are paced too)."""
CLOSE_LIMIT = 120
"""Bytes of a websocket close reason (the protocol allows 123)."""


@dataclass(frozen=True)
class WebLimits:
    max_sessions: int = 50
    idle_timeout: float = 3600.0
    input_rate: float = INPUT_RATE
    """Input bytes a second a tab's app gets, on average."""
    input_burst: float = INPUT_BURST
    trust_forwarded: bool = False
    """Take the browser's address from `X-Forwarded-For` when a proxy on loopback sent it."""


class Tab:
    """One browser tab's session, as the server sees it (a `session_host.Session`)."""

    def __init__(self, address: str, websocket: web.WebSocketResponse, lang: str) -> None:
        self.address = address
        self.websocket = websocket
        self.translation = load_translation(lang)
        self.lang = lang
        self.end_reason: EndReason | None = None
        loop = asyncio.get_running_loop()
        self.last_input = loop.time()
        self.service: TabService | None = None
        self.bytes_in = 0
        """Input bytes given to the app so far (at most the input rate's)."""
        self._tokens = 0.0
        self._tokens_at = 0.0

    def idle_for(self, now: float) -> float:
        """Seconds since the player last pressed a key (or since the app was first drawn)."""
        if self.service is None or not self.service.first_frame.is_set():
            self.last_input = now  # (no key can be pressed before)
            return 0.0
        return now - self.last_input

    def terminate(self, reason: EndReason) -> None:
        """End the tab from the server side, saying why (its websocket closes, then its app)."""
        if self.end_reason is None:
            self.end_reason = reason
        line = end_line(reason, None, None, self.translation)
        asyncio.get_running_loop().create_task(close_saying(self.websocket, line))

    async def pace(self, cost: int, rate: float, burst: float) -> None:
        """Wait until the token bucket of input bytes can pay `cost` (in debt, the wait
        pays it back): the app gets at most `burst` + `rate` a second."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        if self._tokens_at == 0.0:
            self._tokens = burst
        self._tokens = min(burst, self._tokens + (now - self._tokens_at) * rate) - cost
        self._tokens_at = now
        if self._tokens < 0:
            await asyncio.sleep(-self._tokens / rate)


async def close_saying(websocket: web.WebSocketResponse, line: str) -> None:
    """Close a tab's websocket with its one line (the page shows it)."""
    reason = line.encode()[:CLOSE_LIMIT].decode("utf-8", "ignore").encode()
    with contextlib.suppress(Exception):
        await websocket.close(code=WSCloseCode.POLICY_VIOLATION, message=reason)


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
    ) -> None:
        self.fixed_url = public_url.rstrip("/") if public_url else None
        """`public_url` without its last slash: the page's links add their own."""
        super().__init__("dicepoker", host=host, port=port, title=title, public_url=self.fixed_url)
        self.launch = launch
        self.limits = limits or WebLimits()
        self.door = door or Door(DoorLimits())
        self.others = others
        """Sessions the server holds besides these tabs (its SSH sessions): one cap for all."""
        self.tabs: set[Tab] = set()
        self._runner: web.AppRunner | None = None
        self._idle_task: asyncio.Task | None = None

    # -- start and stop -----------------------------------------------------------------------
    async def start(self) -> None:
        app = await self._make_app()
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        sockets = getattr(site._server, "sockets", None) or []  # the port bound, for port 0
        if sockets:
            self.port = sockets[0].getsockname()[1]
        if self.limits.idle_timeout > 0:
            self._idle_task = asyncio.get_running_loop().create_task(self._close_idle())

    @property
    def url(self) -> str:
        host = self.host if self.host not in ("", "0.0.0.0", "::") else "HOST"
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
            return EndReason(why)  # (the door's lines are English, as SSH clients get them)
        if len(self.tabs) + self.others() >= self.limits.max_sessions:
            self.door.leave(address)
            return EndReason(
                N_("the server is full ({n} sessions); try again later"),
                {"n": self.limits.max_sessions},
            )
        return None

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:  # type: ignore[override]
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        address = self.address_of(request)
        lang = browser_language(request)
        if self._foreign(request):
            log.warning("tab refused from %s: opened by another site's page", address)
            raise web.HTTPForbidden(text="dicepoker: this game is played from its own page")
        await websocket.prepare(request)
        refusal = self._refusal(address)
        if refusal is not None:
            log.warning("tab refused from %s: %s", address, refusal.text(load_translation("en")))
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
            messages = asyncio.ensure_future(self._pump(tab, service))
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

    async def _pump(self, tab: Tab, service: TabService) -> None:
        """The browser's messages to the app, at the input rate."""
        limits = self.limits
        loop = asyncio.get_running_loop()
        async for message in tab.websocket:
            if message.type != WSMsgType.TEXT:
                continue
            await tab.pace(
                max(MESSAGE_COST, len(message.data)), limits.input_rate, limits.input_burst
            )
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
