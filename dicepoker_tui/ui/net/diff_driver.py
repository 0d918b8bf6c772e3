"""A terminal driver that sends only the cells that changed (`ScreenDiff`), for SSH sessions."""

from __future__ import annotations

from textual.driver import Driver

from dicepoker_tui.ui.screen_diff import ScreenDiff


class _Diffing:
    """Mixed in before a Textual driver: every write goes through a `ScreenDiff`."""

    _app: object

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._diff = ScreenDiff()
        self._diff_size: object = None

    def write(self, data: str) -> None:
        size = getattr(self._app, "size", None)
        if size != self._diff_size:  # a new size: the app draws everything again
            self._diff_size = size
            self._diff.reset()
        data = self._diff.feed(data)
        if data:
            super().write(data)  # type: ignore[misc]


def diffing(driver: type[Driver]) -> type[Driver]:
    """`driver`, sending only what changed on the screen."""
    return type(f"Diffing{driver.__name__}", (_Diffing, driver), {})  # type: ignore[return-value]
