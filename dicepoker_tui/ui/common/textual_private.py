"""Every use of a private Textual attribute, in one place, each with why it is needed.

Textual gives no public way to change a node's key bindings after it is created, to
know whether a footer has its keys yet, to keep parsed CSS between apps, to compose a
screen before it is first shown, or to end an app in a browser tab whose server is
gone. The app needs all five (and a few more conveniences below); this module is the
only one that reaches past Textual's public API, and `tests/ui/test_textual_private.py`
fails when an upgrade changes what it relies on.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.console import Console
from textual import constants
from textual.app import _NullFile
from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode
from textual.drivers.web_driver import WebDriver
from textual.messages import ExitApp
from textual.notifications import Notification, Notify
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["FooterKey"]

if TYPE_CHECKING:
    from textual.app import App


# -- key bindings --------------------------------------------------------------------------
def declared_bindings(cls: type[DOMNode]) -> BindingsMap | None:
    """The bindings a class declared, merged with its bases' (`_merged_bindings`, built by
    `DOMNode.__init_subclass__`): the English descriptions translations start from."""
    return cls.__dict__.get("_merged_bindings")


def set_class_bindings(cls: type[DOMNode], bindings: BindingsMap) -> None:
    """Give the nodes of `cls` created from now on these bindings: Textual copies a
    class's `_merged_bindings` into every new node, so translated words go there."""
    cls._merged_bindings = bindings


def set_node_bindings(node: DOMNode, bindings: BindingsMap) -> None:
    """Replace one existing node's bindings (`_bindings`): a screen made before a language
    switch shows its footer words in the new language."""
    node._bindings = bindings


def key_bindings(bindings: BindingsMap) -> dict[str, list[Binding]]:
    """Key → its bindings (`key_to_bindings`, the map `BindingsMap` looks keys up in)."""
    return bindings.key_to_bindings


def with_key_bindings(bindings: BindingsMap, keys: dict[str, list[Binding]]) -> BindingsMap:
    """A copy of `bindings` holding `keys` (the same bindings with translated words)."""
    out = bindings.copy()
    out.key_to_bindings = keys
    return out


def show_key(node: DOMNode, key: str, show: bool, action: str | None = None) -> None:
    """Show or hide `key` (only its bindings to `action`, when given) in the footer of
    `node`, a screen: a key leaves a full footer line yet keeps working. Textual reads
    `show` from the node's own `_bindings`; the caller then calls `refresh_bindings()`."""
    keys = node._bindings.key_to_bindings
    keys[key] = [
        replace(b, show=show) if action is None or b.action == action else b for b in keys[key]
    ]


def node_key_bindings(node: DOMNode) -> dict[str, list[Binding]]:
    """The node's own key → bindings (from its `_bindings`), as the footer reads them."""
    return node._bindings.key_to_bindings


# -- the footer ----------------------------------------------------------------------------
# `FooterKey` (from the private `textual.widgets._footer`): the widget of one footer key,
# whose `key_display` and `description` the footer shortens when the keys do not fit.
def footer_ready(footer: Footer) -> bool:
    """Whether the footer has had its screen's bindings (`_bindings_ready`): before that
    it composes empty."""
    return bool(footer._bindings_ready)


def mark_footer_ready(footer: Footer) -> None:
    """Let the footer compose its keys at once, in the screen's first frame, instead of
    waiting for the screen's first bindings change (`_bindings_ready`)."""
    footer.set_reactive(Footer._bindings_ready, True)


# -- parsed CSS ----------------------------------------------------------------------------
def parsed_styles(app: App) -> tuple[dict, dict]:
    """(parsed CSS rules, the CSS variables they were parsed with) of a started app: its
    stylesheet's `_parse_cache` and `_variables`, so later apps skip parsing."""
    cache = app.stylesheet._parse_cache
    keys = list(cache.keys())  # an LRUCache, not a dict
    return {key: cache[key] for key in keys}, dict(app.stylesheet._variables)


def reuse_parsed_styles(app: App, styles: tuple[dict, dict]) -> None:
    """Seed a new app's stylesheet with rules parsed before, when its CSS variables (its
    theme) are the ones they were parsed with."""
    rules, variables = styles
    if app.stylesheet._variables == variables:
        for key, parsed in rules.items():
            app.stylesheet._parse_cache.set(key, parsed)


# -- a screen made ahead -------------------------------------------------------------------
def compose_ahead(app: App, name: str) -> None:
    """Start an installed screen that is not shown yet, composing its widgets, as
    `push_screen` does first (`_get_screen`): shown later, it is only laid out and drawn."""
    app._get_screen(name)


# -- the screen as text --------------------------------------------------------------------
def screen_lines(app: App) -> list[str]:
    """The lines the terminal shows now, as plain text: the screen's compositor
    (`_compositor`, what `App.export_screenshot` draws from) printed to a recording
    console with the app's size."""
    import io  # deferred: only the layout checks and tests read the screen as text

    from rich.console import Console

    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    lines = console.export_text(styles=False).split("\n")
    return [line.ljust(width) for line in lines[:height]]


# -- notes that can be taken back ---------------------------------------------------------
def notify_note(app: App, message: str, title: str, timeout: float) -> Notification:
    """Show a toast as `App.notify` does, and give back the note itself so that it can be
    withdrawn before its time (`App.notify` returns nothing)."""
    note = Notification(message, title, "information", timeout, markup=False)
    app.post_message(Notify(note))
    return note


def notes_shown(app: App) -> list[Notification]:
    """The toasts on the screen now (`App._notifications`)."""
    return list(app._notifications)


def withdraw_note(app: App, note: Notification) -> None:
    """Take a toast off the screen before its time (`App._unnotify`); nothing when it has
    gone already."""
    if note in app._notifications:
        app._unnotify(note)


# -- crashes -------------------------------------------------------------------------------
def quiet_exit_errors(app: App) -> None:
    """Have `app` drop, not print, the traceback Textual shows when it crashes
    (`_print_error_renderables`, called as the app exits): the command line reports the
    crash in one line and logs the traceback itself (`cli.crash`)."""
    app._print_error_renderables = app._exit_renderables.clear  # type: ignore[method-assign]


def app_crash(app: App) -> BaseException | None:
    """The exception that ended `app`, if one did (`_exception`, kept for test pilots)."""
    return app._exception


# -- a browser tab's driver ------------------------------------------------------------------
KEPT_DELIVERIES = 8
"""Files a tab's app keeps offered to its browser (each `e` in a review offers one)."""


class TabDriver(WebDriver):
    """Textual's web driver, which also ends the app when its input ends: the server that
    drew the tab is gone (killed), so nobody can see or play it (`exit_event` is set
    only when the app itself stops; `_app` is the driver's app)."""

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():
            self._app.post_message(ExitApp())

    def deliver_binary(self, binary, **kw) -> None:  # type: ignore[no-untyped-def]
        """Offer a file to the browser, keeping at most `KEPT_DELIVERIES` waiting (the
        oldest go first, as on the server: `serve.web_downloads`)."""
        super().deliver_binary(binary, **kw)
        waiting = self._deliveries  # (key -> file, oldest first)
        for key in list(waiting)[: max(0, len(waiting) - KEPT_DELIVERIES)]:
            waiting.pop(key).close()


# -- an app made before its player arrives ---------------------------------------------------
def console_for_environment(app: App) -> None:
    """The app's console as `App.__init__` makes it, for the environment of now (its colour
    system comes from `TERM` and `COLORTERM`): an app made in another process's
    environment draws in its player's terminal's colours."""
    environ = dict(os.environ)
    environ.pop("NO_COLOR", None)
    app.console = Console(
        color_system=constants.COLOR_SYSTEM,
        file=_NullFile(),
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        _environ=environ,
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
    )


def app_driver(app: App) -> object:
    """The driver the app runs on (`_driver`; None before it starts)."""
    return app._driver


def resize_pending(app: App) -> bool:
    """Whether the app has a terminal resize it has not yet sent its screens
    (`_resize_event`: Textual sends the newest one a moment later, on a timer)."""
    return app._resize_event is not None
