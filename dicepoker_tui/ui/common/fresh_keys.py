"""Result screens heed only keys typed once they show.

A key pressed as the last write lands (or during a bot's last turn) may reach the app
after the result screen is up; it was meant for the table, so the screen drops it.
Textual stamps every event with the monotonic clock when it is read from the terminal.
"""

from __future__ import annotations

from time import monotonic

from textual import events


class FreshKeys:
    """A screen mixin: keys read before `keys_fresh_from_now` are dropped."""

    _fresh_since: float = 0.0

    def keys_fresh_from_now(self) -> None:
        """From now on keys count; the ones typed before are stale."""
        self._fresh_since = monotonic()

    def on_key(self, event: events.Key) -> None:
        if event.time < self._fresh_since:
            event.stop()
            event.prevent_default()
