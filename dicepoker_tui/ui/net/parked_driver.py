"""A driver for an app made before its player arrives: no terminal at first, then the
player's own driver (`adopt`), which every later call goes to.

Textual keeps the driver it started with until the app ends (it stops that one), so the
app keeps this one all along and this one passes everything on to the player's driver.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.driver import Driver
from textual.geometry import Size

PARKED_SIZE = (80, 24)
"""The size an app is laid out at before its player's terminal says its own."""


class ParkedDriver(Driver):
    """No output until `adopt`; from then on, the player's driver."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.inner: Driver | None = None
        """The player's driver, once adopted."""

    @property
    def is_headless(self) -> bool:
        return self.inner is None or self.inner.is_headless

    @property
    def is_inline(self) -> bool:
        return self.inner is not None and self.inner.is_inline

    @property
    def is_web(self) -> bool:
        return self.inner is not None and self.inner.is_web

    @property
    def can_suspend(self) -> bool:
        return self.inner is not None and self.inner.can_suspend

    def adopt(self, driver_class: type[Driver]) -> Driver:
        """Start the player's driver on this process's terminal (or a tab's pipes); it
        tells the app the terminal's size, which lays the screen out and draws it all."""
        self.inner = driver_class(self._app, debug=self._debug, mouse=self._mouse, size=None)
        self.inner.start_application_mode()
        return self.inner

    # -- everything else: the player's driver's (nothing while parked) ----------------------------
    def write(self, data: str) -> None:
        if self.inner is not None:
            self.inner.write(data)

    def flush(self) -> None:
        if self.inner is not None:
            self.inner.flush()

    def start_application_mode(self) -> None:
        """Parked: the app is laid out at `PARKED_SIZE`, drawn nowhere."""
        size = Size(*PARKED_SIZE)
        self._app.post_message(events.Resize(size, size))

    def disable_input(self) -> None:
        if self.inner is not None:
            self.inner.disable_input()

    def stop_application_mode(self) -> None:
        if self.inner is not None:
            self.inner.stop_application_mode()

    def suspend_application_mode(self) -> None:
        if self.inner is not None:
            self.inner.suspend_application_mode()

    def resume_application_mode(self) -> None:
        if self.inner is not None:
            self.inner.resume_application_mode()

    def close(self) -> None:
        if self.inner is not None:
            self.inner.close()

    def open_url(self, url: str, new_tab: bool = True) -> None:
        if self.inner is not None:
            self.inner.open_url(url, new_tab)

    def deliver_binary(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        if self.inner is not None:
            self.inner.deliver_binary(*args, **kwargs)
