"""The lobby's seed field: it takes digits, and leaves every other key to the lobby."""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class SeedInput(Input):
    """A whole-number field that keeps the lobby's keys alive while it is focused: letters
    are the lobby's (`s` starts, and the footer keeps showing them), ⏎ starts too."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and (character.isdigit() or character == "-")

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable and not self.check_consume_key(event.key, event.character):
            event.prevent_default()  # not typed here: it goes on to the lobby's keys
