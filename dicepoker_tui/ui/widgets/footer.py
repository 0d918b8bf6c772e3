"""A footer whose palette key gives way when the screen's own keys need the whole line."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.widgets import Footer

PALETTE_ROOM = 12
"""Cells the palette key takes at the right end (`▏^p palette`, padded)."""


class FittingFooter(Footer):
    """A compact footer. When the keys of the screen and the palette key do not fit the
    width together (long words in some languages), the palette key is left out so the
    screen's keys, up to `esc`, stay readable; ctrl+p still opens the palette."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("compact", True)
        super().__init__(**kwargs)
        self._palette_shown: bool | None = None

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

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self._palette_shown = self._palette_fits()
            self.set_reactive(Footer.show_command_palette, self._palette_shown)
        yield from super().compose()

    def on_resize(self) -> None:
        if self._bindings_ready and self._palette_shown not in (None, self._palette_fits()):
            self.call_after_refresh(self.recompose)
