"""A terminal driver that sends only the cells that changed (`ScreenDiff`), for SSH sessions,
and drops the keys beyond the app's key budget before they reach the app."""

from __future__ import annotations

import time

from textual import events
from textual.driver import Driver
from textual.message import Message

from dicepoker_tui.net.client import TokenBucket
from dicepoker_tui.ui.screen_diff import ScreenDiff


class KeysDropped(Message):
    """Keys beyond the key budget were dropped (sent at most once a second)."""


class _Diffing(Driver):
    """A base put before a Textual driver (`diffing(LinuxDriver)`): every write goes
    through a `ScreenDiff`."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._diff = ScreenDiff()
        self._diff_size: object = None
        budget = getattr(self._app, "key_budget", None)
        self._keys = None if budget is None else TokenBucket(budget.rate, budget.burst)
        self._dropped_at = 0.0

    def process_message(self, message: Message) -> None:
        """(In the input thread.) A key beyond the app's key budget is dropped here: it
        costs the app's event loop nothing (`KeysDropped` tells the app, once a second)."""
        if isinstance(message, events.Key) and self._keys is not None and not self._keys.take():
            now = time.monotonic()
            if now - self._dropped_at >= 1.0:
                self._dropped_at = now
                super().process_message(KeysDropped())
            return
        super().process_message(message)

    def write(self, data: str) -> None:
        size = getattr(self._app, "size", None)
        if size != self._diff_size:  # a new size: the app draws everything again
            self._diff_size = size
            self._diff.reset()
        data = self._diff.feed(data)
        if data:
            super().write(data)


def diffing(driver: type[Driver]) -> type[Driver]:
    """`driver`, sending only what changed on the screen."""
    return type(f"Diffing{driver.__name__}", (_Diffing, driver), {})  # type: ignore[return-value]
