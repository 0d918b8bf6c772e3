"""A footer whose keys are in the screen's first frame.

Textual's `Footer` composes empty, waits for the screen's bindings to settle, then
recomposes after the next refresh — so a screen is drawn twice before its keys show, and
the footer is rebuilt whenever focus moves, even when the keys shown stay the same.
`ReadyFooter` composes its keys at once and rebuilds only when what it shows changes.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer


class ReadyFooter(Footer):
    """`Footer` with its keys from the first frame, recomposed only when they change."""

    def __init__(self, *children: Widget, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*children, **kwargs)
        self.set_reactive(Footer._bindings_ready, True)
        self._shown: tuple | None = None
        self._rebuilding = False

    def _keys(self) -> tuple:
        """What the footer draws from: the shown bindings and the palette's, enabled or not."""
        palette = self.app.COMMAND_PALETTE_BINDING
        return tuple(
            (key, binding, enabled, tooltip)
            for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == palette
        )

    def compose(self) -> ComposeResult:
        self._shown = self._keys()
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        if not self._rebuilding and self._keys() != self._shown:
            self._rebuilding = True  # one recompose, however many changes come before it
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuilding = False
        await self.recompose()
