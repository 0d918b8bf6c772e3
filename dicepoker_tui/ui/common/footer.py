"""The one footer every screen shows: the screen's keys on one compact line.

How the palette key (`^p palette`, at the right end) is shown is the screen's choice:
always, never (a table whose line is full of game keys; ctrl+p still opens it), or only
when it fits beside the screen's keys (long words in some languages).

Textual's `Footer` composes empty, waits for the screen's bindings to settle, then
recomposes after the next refresh — so a screen is drawn twice before its keys show, and
the footer is rebuilt whenever focus moves. With `first_frame`, the keys are composed at
once and rebuilt only when what the footer shows changes (the first screen an SSH player
sees, where every frame crosses the network).
"""

from __future__ import annotations

from typing import Literal

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from dicepoker_tui.ui.common.textual_private import footer_ready, mark_footer_ready

PALETTE_ROOM = 12
"""Cells the palette key takes at the right end (`▏^p palette`, padded)."""

PaletteKey = Literal["shown", "hidden", "fit"]


class KeysFooter(Footer):
    """A compact footer of the screen's keys.

    `palette`: "shown", "hidden", or "fit" — left out when the keys of the screen and the
    palette key do not fit the width together, so the screen's keys, up to `esc`, stay
    readable. `first_frame`: keys in the screen's first frame, recomposed only when they
    change."""

    def __init__(self, palette: PaletteKey = "shown", first_frame: bool = False) -> None:
        super().__init__(compact=True, show_command_palette=palette != "hidden")
        self.palette = palette
        self.first_frame = first_frame
        self._palette_shown: bool | None = None
        self._shown: tuple | None = None
        self._rebuilding = False
        if first_frame:
            mark_footer_ready(self)

    # -- the palette key that fits ------------------------------------------------------
    def keys_width(self) -> int:
        """Cells the screen's shown keys take: ` key description ` each, one per action."""
        actions: set[str] = set()
        width = 0
        for _node, binding, _enabled, _tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in actions:
                actions.add(binding.action)
                key = self.app.get_key_display(binding)
                width += cell_len(key) + cell_len(binding.description) + 2
        return width

    def _palette_fits(self) -> bool:
        width = self.size.width or self.app.size.width
        return self.keys_width() + PALETTE_ROOM <= width

    def on_resize(self) -> None:
        if self.palette != "fit":
            return
        if footer_ready(self) and self._palette_shown not in (None, self._palette_fits()):
            self.call_after_refresh(self.recompose)

    # -- composing ------------------------------------------------------------------------
    def _keys(self) -> tuple:
        """What the footer draws from: the shown bindings and the palette's, enabled or not."""
        palette = self.app.COMMAND_PALETTE_BINDING
        return tuple(
            (key, binding, enabled, tooltip)
            for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == palette
        )

    def compose(self) -> ComposeResult:
        if self.palette == "fit" and footer_ready(self):
            self._palette_shown = self._palette_fits()
            self.set_reactive(Footer.show_command_palette, self._palette_shown)
        if self.first_frame:
            self._shown = self._keys()
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        if not self.first_frame:
            super().bindings_changed(screen)
            return
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        if not self._rebuilding and self._keys() != self._shown:
            self._rebuilding = True  # one recompose, however many changes come before it
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuilding = False
        await self.recompose()
