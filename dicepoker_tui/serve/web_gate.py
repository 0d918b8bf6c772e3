"""The web port's gate: every plain TCP connection is counted (per address and in all)
before aiohttp sees it, and one that has not sent a whole request in time is closed.

A connection past a cap gets one line (an HTTP 503) and is closed at once. A connection
that is not in a request (none yet, half a request line, or idle between requests) has
`header_timeout` seconds to send the next request's headers; a request that is not a
websocket has `request_timeout` seconds to be answered. A websocket is a tab: the
door's own limits and the idle timeout hold it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import resource
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from dicepoker_tui.i18n import N_
from dicepoker_tui.serve.door import EndReason

log = logging.getLogger(__name__)

LOOPBACK = ("127.0.0.1", "::1")
WILDCARD = ("", "0.0.0.0", "::")
"""Listening addresses that mean all of the machine's."""
ACCEPT_BATCH = 16
"""Connections accepted at a time (asyncio accepts as many as its backlog at once, before
the gate can count them), within `FDS_RESERVED`."""
LISTEN_QUEUE = 1024
"""Connections the kernel holds until they are accepted."""
FDS_RESERVED = 64
"""Descriptors the server keeps for itself (listeners, the history, the hub, logs)."""
FDS_PER_SESSION = 8
"""Descriptors a session may hold (its socket, its app's pipes or pty, the hub's socket)."""


@dataclass(frozen=True)
class GateLimits:
    per_address: int = 28
    """Plain connections open at once from one address (a browser opens a few a page)."""
    in_all: int = 264
    """Plain connections open at once in all."""
    header_timeout: float = 10.0
    """Seconds a connection has to send a whole request's headers."""
    request_timeout: float = 60.0
    """Seconds a request that is not a websocket has to be answered."""
    proxied: bool = False
    """A proxy on loopback brings the browsers (`--trust-forwarded`): not capped per address."""


def gate_limits(max_sessions: int, connections_per_address: int, proxied: bool) -> GateLimits:
    """Caps fitting the sessions allowed and what the descriptor limit leaves for them."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 4 * max_sessions + 64
    spare = soft - FDS_RESERVED - FDS_PER_SESSION * max_sessions if soft > 0 else wanted
    return GateLimits(
        per_address=2 * connections_per_address + 8,
        in_all=max(16, min(wanted, spare)),
        proxied=proxied,
    )


def fds_needed(max_sessions: int) -> int:
    """Descriptors a server of `max_sessions` sessions (and a web port) may need."""
    return FDS_RESERVED + FDS_PER_SESSION * max_sessions + 4 * max_sessions + 64


def raise_fd_limit(max_sessions: int) -> tuple[int, int] | None:
    """Raise the soft descriptor limit as far as `max_sessions` need (the hard limit
    allowing); `(limit, needed)` when it stays too low for them."""
    needed = fds_needed(max_sessions)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return None
    target = needed if hard == resource.RLIM_INFINITY else min(hard, needed)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return None if soft >= needed else (soft, needed)


def names_this_server(host: str, listening: str, public_url: str | None) -> bool:
    """Whether `host` (a request's `Host`) names this server: its listening address,
    `localhost` or the public URL's host; listening on all addresses, any address (a
    name another site's DNS gives, as in DNS rebinding, never)."""
    try:
        name = urlsplit("//" + host).hostname
    except ValueError:
        return False
    if not name:
        return False
    names = {"localhost", listening.lower().strip("[]")}
    if public_url:
        names.add((urlsplit(public_url).hostname or "").lower())
    if name in names:
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return listening in WILDCARD


class Gate(asyncio.Protocol):
    """One plain connection to the web port, in front of aiohttp's handler of it."""

    def __init__(self, gates: Gates, handler: asyncio.Protocol) -> None:
        self.gates = gates
        self.protocol = handler
        """aiohttp's handler of the connection (what a request knows as `protocol`)."""
        self.handler: asyncio.Protocol | None = handler
        """The same, while the connection is let through."""
        self.transport: asyncio.Transport | None = None
        self.address = "?"
        self.busy = 0
        self.websocket = False
        self.since = 0.0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.since = asyncio.get_running_loop().time()
        refusal = self.gates.enter(self)
        if refusal is not None:
            self.handler = None
            body = f"dicepoker: {refusal.in_server_language()}.\n".encode()
            head = (
                "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
            )
            with contextlib.suppress(Exception):
                transport.write(head.encode() + body)
            transport.close()
            return
        assert self.handler is not None
        self.handler.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.handler is not None:
            self.handler.data_received(data)

    def eof_received(self) -> bool | None:
        return self.handler.eof_received() if self.handler is not None else None

    def pause_writing(self) -> None:
        if self.handler is not None:
            self.handler.pause_writing()

    def resume_writing(self) -> None:
        if self.handler is not None:
            self.handler.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        handler, self.handler = self.handler, None
        if handler is not None:
            self.gates.leave(self)
            handler.connection_lost(exc)

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


class Gates:
    """The open plain connections of one web port, and their caps and deadlines."""

    def __init__(self, limits: GateLimits, handlers: Callable[[], asyncio.Protocol]) -> None:
        self.limits = limits
        self.handlers = handlers
        self.open: dict[object, Gate] = {}
        """Each open connection by its aiohttp handler (what a request knows as `protocol`)."""
        self.per_address: dict[str, int] = {}
        self.refused = 0
        self._sweeper: asyncio.Task | None = None

    def __call__(self) -> Gate:
        """A new connection's protocol (the factory the listening socket uses)."""
        return Gate(self, self.handlers())

    def enter(self, gate: Gate) -> EndReason | None:
        """Count `gate` in; or why it is refused (said before any request: in the server's
        language)."""
        address = gate.address
        capped = not (self.limits.proxied and address in LOOPBACK)
        if capped and self.per_address.get(address, 0) >= self.limits.per_address:
            why = EndReason(N_("too many connections from {address} at once"), {"address": address})
        elif len(self.open) >= self.limits.in_all:
            why = EndReason(N_("the server is busy; try again later"))
        else:
            self.per_address[address] = self.per_address.get(address, 0) + 1
            self.open[gate.protocol] = gate
            return None
        self.refused += 1
        if self.refused in (1, 10, 100) or self.refused % 1000 == 0:
            log.warning(
                "web connection refused from %s: %s (%d so far)",
                address,
                why.english(),
                self.refused,
            )
        return why

    def leave(self, gate: Gate) -> None:
        self.open.pop(gate.protocol, None)
        left = self.per_address.get(gate.address, 0) - 1
        if left > 0:
            self.per_address[gate.address] = left
        else:
            self.per_address.pop(gate.address, None)

    def of(self, protocol: object) -> Gate | None:
        """The gate of the connection a request came on."""
        return self.open.get(protocol)

    def start(self) -> None:
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()

    async def _sweep(self) -> None:
        """Close the connections past their deadline, every little while."""
        loop = asyncio.get_running_loop()
        while True:
            limits = self.limits
            await asyncio.sleep(max(0.1, min(1.0, limits.header_timeout / 4)))
            now = loop.time()
            for gate in list(self.open.values()):
                if gate.websocket:
                    continue
                limit = limits.request_timeout if gate.busy else limits.header_timeout
                if now - gate.since > limit:
                    gate.close()
