"""The files a tab offers to its browser (an export), bounded.

textual-serve keeps each offered file's key until the browser fetches it. Here a tab
keeps at most `PER_TAB` (a new one drops its oldest), a key expires after `KEEP`
seconds, and a tab's keys go with it: a key is fetchable only while its tab is open.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncGenerator, Callable
from typing import TYPE_CHECKING

from textual_serve.download_manager import Download, DownloadManager

if TYPE_CHECKING:
    from textual_serve.app_service import AppService

PER_TAB = 8
"""Offered files a tab keeps waiting for the browser."""
KEEP = 120.0
"""Seconds an offered file waits for the browser."""
CHUNK = 64 * 1024
CHUNK_WAIT = 4.0
"""Seconds the app has to send the next chunk of a file being fetched."""


class TabDownloads(DownloadManager):
    """textual-serve's `DownloadManager`, with each tab's keys bounded, expiring and
    dropped with the tab."""

    def __init__(
        self,
        per_tab: int = PER_TAB,
        keep: float = KEEP,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.per_tab = per_tab
        self.keep = keep
        self.clock = clock
        self._offered: dict[str, float] = {}
        """When each key was offered."""

    def pending(self, app_service_id: str | None = None) -> int:
        """Keys waiting (of one tab's app, or in all)."""
        self._expire()
        return sum(
            1
            for d in self._active_downloads.values()
            if app_service_id is None or d.app_service.app_service_id == app_service_id
        )

    async def create_download(self, *, app_service: AppService, delivery_key: str, **kw) -> None:  # type: ignore[override]
        self._expire()
        mine = [
            key
            for key, d in self._active_downloads.items()
            if d.app_service.app_service_id == app_service.app_service_id
        ]
        for key in mine[: max(0, len(mine) - self.per_tab + 1)]:  # the oldest first
            self._drop(key)
        self._drop(delivery_key)  # (a key offered again starts over)
        await super().create_download(app_service=app_service, delivery_key=delivery_key, **kw)
        self._offered[delivery_key] = self.clock()

    async def get_download_metadata(self, delivery_key: str) -> Download:
        """A key waiting for its browser (KeyError if none: unknown, expired, or being
        fetched already)."""
        self._expire()
        if delivery_key not in self._offered:
            raise KeyError(delivery_key)
        return self._active_downloads[delivery_key]

    async def download(self, delivery_key: str) -> AsyncGenerator[bytes, None]:
        """The file's chunks from its tab's app, as textual-serve's; the key is gone once
        fetched (or cut short)."""
        self._offered.pop(delivery_key, None)  # being fetched: no longer waiting
        download = self._active_downloads.get(delivery_key)
        if download is None:
            return
        request = {"type": "deliver_chunk_request", "key": delivery_key, "size": CHUNK}
        try:
            while await download.app_service.send_meta({**request, "name": download.name}):
                try:
                    chunk = await asyncio.wait_for(download.incoming_chunks.get(), CHUNK_WAIT)
                except TimeoutError:
                    break
                if not chunk:
                    break
                yield chunk
        finally:
            if self._active_downloads.get(delivery_key) is download:
                del self._active_downloads[delivery_key]

    async def cancel_app_downloads(self, app_service_id: str) -> None:
        """The tab has closed: its keys go (a fetch under way ends)."""
        for key, download in list(self._active_downloads.items()):
            if download.app_service.app_service_id == app_service_id:
                self._drop(key)

    def _drop(self, key: str) -> None:
        download = self._active_downloads.pop(key, None)
        self._offered.pop(key, None)
        if download is not None:
            download.incoming_chunks.put_nowait(None)  # a fetch under way ends

    def _expire(self) -> None:
        limit = self.clock() - self.keep
        for key, at in list(self._offered.items()):
            if at < limit:
                self._drop(key)
