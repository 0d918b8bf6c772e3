"""The hub served on a local unix socket (mode 0600), one JSON line per message.

Every peer has an outgoing queue bounded in messages and in bytes, drained by its own
task: a peer that cannot keep up is told so and dropped (its player connects again and
gets a fresh snapshot) instead of holding up the hub or the other peers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import stat
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel

from dicepoker_tui.i18n import N_
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.hub import Hub

log = logging.getLogger(__name__)

SLOW = p.Error(
    code="too_slow",
    message=N_("Your connection did not keep up with the table; connect again."),
    key=N_("Your connection did not keep up with the table; connect again."),
)

QUEUE_LIMIT = 1000
"""Messages waiting for one peer before it counts as stuck and is dropped."""
QUEUE_BYTES = 2 * p.MAX_HUB_LINE
"""Bytes waiting for one peer before it counts as stuck and is dropped."""
SLOW_GRACE = 10.0
"""Seconds a dropped peer has to read the notice before its connection is cut."""


class SocketPeer:
    """One app connected to the hub socket."""

    def __init__(
        self,
        hub: Hub,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        on_hello: Callable[[str], None] | None = None,
    ):
        self.hub = hub
        self.on_hello = on_hello
        self.reader = reader
        self.writer = writer
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(QUEUE_LIMIT + 1)
        self.queued_bytes = 0
        self.closed = False

    def send(self, message: BaseModel) -> None:
        if self.closed:
            return
        data = p.encode(message)
        if self.queue.qsize() >= QUEUE_LIMIT or self.queued_bytes + len(data) > QUEUE_BYTES:
            self._drop_slow()
            return
        self.queued_bytes += len(data)
        self.queue.put_nowait(data)

    def _drop_slow(self) -> None:
        """Too far behind: what waits is dropped, the peer is told why and leaves the hub
        now; its connection gets `SLOW_GRACE` seconds to take the notice, then is cut."""
        log.warning("dropping a hub peer that does not keep up")
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queued_bytes = 0
        self.queue.put_nowait(p.encode(SLOW))
        self.close("too slow")
        loop = asyncio.get_running_loop()
        loop.call_soon(self.hub.disconnect, self)
        loop.call_later(SLOW_GRACE, self.writer.transport.abort)

    def close(self, reason: str) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.writer.transport.abort()

    async def _drain(self) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            while True:
                data = await self.queue.get()
                if data is None or self.writer.transport.is_closing():
                    break  # (writing on would log every write to a peer gone)
                self.queued_bytes -= len(data)
                self.writer.write(data)
                await self.writer.drain()
        self.writer.close()

    async def run(self) -> None:
        self.hub.connect(self)
        drain = asyncio.create_task(self._drain())
        try:
            while not self.closed:
                try:
                    line = await self.reader.readline()
                except (ValueError, asyncio.LimitOverrunError):
                    self.send(p.Error(code="bad_message", message="message too long"))
                    break
                if not line:
                    break
                if not line.strip():
                    continue
                try:
                    message = p.decode_client(line)
                except p.BadMessage as exc:
                    self.send(p.Error(code="bad_message", message=str(exc)))
                    continue
                if self.on_hello is not None and isinstance(message, p.Hello):
                    self.on_hello(message.token)
                self.hub.handle(self, message)
        except (ConnectionError, OSError):
            pass
        finally:
            self.hub.disconnect(self)
            self.close("gone")
            try:
                await asyncio.wait_for(drain, 5)
            except (Exception, asyncio.CancelledError):
                drain.cancel()
            self.writer.transport.abort()


async def serve_hub(
    hub: Hub, path: Path, on_hello: Callable[[str], None] | None = None
) -> asyncio.AbstractServer:
    """Listen on the unix socket `path`, readable and writable by this user only.
    `on_hello(token)` hears of every app's hello, with the token it gives."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileNotFoundError):
        if stat.S_ISSOCK(path.lstat().st_mode):
            path.unlink()

    async def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        # Ending quietly when the server stops: a cancelled connection task would be
        # reported by asyncio's stream callback as an error.
        with contextlib.suppress(asyncio.CancelledError):
            await SocketPeer(hub, reader, writer, on_hello).run()

    old = os.umask(0o177)
    try:
        server = await asyncio.start_unix_server(accept, path=str(path), limit=p.MAX_LINE)
    finally:
        os.umask(old)
    os.chmod(path, 0o600)
    return server
