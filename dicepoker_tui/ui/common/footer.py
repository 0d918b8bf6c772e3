"""The one footer every screen shows: the screen's keys on one compact line.

How the palette key (`^p palette`, at the right end) is shown is the screen's choice:
always, never (a table whose line is full of game keys; ctrl+p still opens it), or only
when it fits beside the screen's keys (long words in some languages).

Textual's `Footer` composes empty, waits for the screen's bindings to settle, then
recomposes after the next refresh — so a screen is drawn twice before its keys show, and
the footer is rebuilt whenever focus moves. Here it is rebuilt only when what it shows
changes; with `first_frame`, the keys are composed at once too (the first screen an SSH
player sees, where every frame crosses the network).

When the keys do not fit the width (long words in some languages, a narrow terminal), no
key leaves the line: a key with alternatives shows its last one (`space/r` → `r`), then the
longest descriptions are cut, with an ellipsis, until the line fits.
"""

from __future__ import annotations

from typing import Literal

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from dicepoker_tui.ui.common.text import shorten
from dicepoker_tui.ui.common.textual_private import FooterKey, footer_ready, mark_footer_ready

PALETTE_ROOM = 12
"""Cells the palette key takes at the right end (`▏^p palette`, padded)."""

PaletteKey = Literal["shown", "hidden", "fit"]

SHORTEST_WORD = 4
"""Cells a cut description keeps at least (`Дов…`)."""


def key_cells(key: FooterKey) -> int:
    """Cells a compact footer key takes: `key description` and its right margin."""
    words = cell_len(key.description)
    return cell_len(key.key_display) + (words + 1 if words else 0) + 1


def fit_keys(keys: list[FooterKey], room: int) -> None:
    """Make `keys` fit `room` cells without leaving one out (see the module's note)."""
    if sum(map(key_cells, keys)) <= room:
        return
    for key in keys:
        if "/" in key.key_display.strip("/"):
            key.key_display = key.key_display.rsplit("/", 1)[-1]
    while sum(map(key_cells, keys)) > room:
        longest = max(keys, key=lambda k: cell_len(k.description))
        size = cell_len(longest.description)
        if size <= SHORTEST_WORD:
            return
        longest.description = shorten(longest.description, size - 1)


class KeysFooter(Footer):
    """A compact footer of the screen's keys.

    `palette`: "shown", "hidden", or "fit" — left out when the keys of the screen and the
    palette key do not fit the width together, so the screen's keys, up to `esc`, stay
    readable. `first_frame`: keys in the screen's first frame. Either way the footer is
    recomposed only when the keys it shows change, and not while a widget with a true
    `keeps_footer` (a chat line) has the focus."""

    def __init__(self, palette: PaletteKey = "shown", first_frame: bool = False) -> None:
        super().__init__(compact=True, show_command_palette=palette != "hidden")
        self.palette = palette
        self.first_frame = first_frame
        self._palette_shown: bool | None = None
        self._shown: tuple | None = None
        self._rebuilding = False
        self._fitted_width = 0
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
        if not footer_ready(self) or self.size.width == self._fitted_width:
            return
        palette_changed = self.palette == "fit" and self._palette_shown not in (
            None,
            self._palette_fits(),
        )
        if palette_changed or self._fitted_width:
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
        if self.first_frame or footer_ready(self):
            self._shown = self._keys()
        widgets: list[Widget] = list(super().compose())
        keys = [
            w for w in widgets if isinstance(w, FooterKey) and not w.has_class("-command-palette")
        ]
        width = self.size.width or self.app.size.width
        palette = len(keys) < len(widgets) and self.show_command_palette
        fit_keys(keys, width - (PALETTE_ROOM if palette else 0))
        self._fitted_width = width
        yield from widgets

    def bindings_changed(self, screen: Screen) -> None:
        if getattr(screen.focused, "keeps_footer", False):
            return  # a line typed in (the chat) takes the keys: the screen's keys stay shown
        if not self.first_frame:
            if self._shown is None or self._keys() != self._shown:
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
