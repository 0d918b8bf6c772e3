"""Apps made before their players arrive.

The session spawner (`serve.zygote`) keeps one app started, its lobby composed, styled and
laid out at `PARKED_SIZE` and drawn nowhere, and forks it for every player. In the
player's own process, `adopt` makes it theirs: their settings, language, terminal and
colours; the terminal's size then lays the screen out and draws it, and the app joins the
hub. A player costs the drawing of a frame, not the making of an app.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Mapping
from pathlib import Path

from textual.events import Resize
from textual.geometry import Size

from dicepoker_tui.i18n import current_language, language_from_env, set_language
from dicepoker_tui.ui.common.i18n_bindings import translate_classes, translate_node
from dicepoker_tui.ui.common.settings import Settings, load_settings
from dicepoker_tui.ui.common.textual_private import (
    app_driver,
    compose_ahead,
    console_for_environment,
    resize_pending,
)
from dicepoker_tui.ui.net.app import NetApp, pick_name_screen
from dicepoker_tui.ui.net.parked_driver import ParkedDriver
from dicepoker_tui.ui.net.pick_name import PickNameScreen

QUIET = 0.002
"""CPU seconds under which a round of the app's messages and layout did nothing more."""
RESIZE_POLL = 0.002
"""Seconds between looks at whether the app has sent its screens a new terminal size."""


def terminal_size(
    env: Mapping[str, str] = os.environ, fd: int | None = 0
) -> tuple[int, int] | None:
    """The size of the terminal on `fd`, or, with none there (a browser tab's pipes), the
    size its environment gives (`COLUMNS` and `ROWS`, as Textual's web driver reads them);
    None when neither says."""
    if fd is not None:
        with contextlib.suppress(OSError):
            size = os.get_terminal_size(fd)
            return size.columns, size.lines
    try:
        return int(env["COLUMNS"]), int(env["ROWS"])
    except (KeyError, ValueError):
        return None


def parked_app() -> NetApp:
    """An app for a player who has not arrived yet: run it, `make_ahead`, then fork it
    (`adopt`)."""
    app = NetApp("", "", parked=True)
    app.settings = Settings()  # nobody's: the spawner's own user's theme is no player's
    app.driver_class = ParkedDriver
    return app


def make_ahead(app: NetApp) -> None:
    """Compose, in the parked app, the first screen a browser tab shows (its nickname)."""
    name = pick_name_screen()
    if not app.is_screen_installed(name):
        app.install_screen(PickNameScreen(), name)
        compose_ahead(app, name)


def show_ahead(app: NetApp, tab: bool) -> bool:
    """Before the fork, what the player's first frame shows: for a browser tab the
    nickname screen made ahead, the app blurred (as Textual's web driver starts it, until
    the page has focus); for an SSH session the lobby, focused. The app stays as the last
    player left it, so a run of either kind switches once. Whether anything changed."""
    made = pick_name_screen()
    on_top = isinstance(app.screen, PickNameScreen)
    changed = False
    if tab and not on_top and app.is_screen_installed(made):
        app.push_screen(made, app.name_picked)
        changed = True
    if not tab and app.app_focus is False:
        app.app_focus = True
        changed = True
    if not tab and on_top:
        app.pop_screen()
        changed = True
    if tab and isinstance(app.screen, PickNameScreen) and app.app_focus:
        app.app_focus = False
        changed = True
    return changed


async def settled(app: NetApp, most: int = 50) -> None:
    """Wait until the app has handled what it was sent and its screen has been laid out
    (drawn nowhere), until a round of that finds nothing left to do (a layout sends
    widgets messages that can lay them out again, over several rounds). Waiting for
    these, not for the process to look idle a while, costs the work and no more."""
    for _ in range(most):
        started = time.process_time()
        await _drained(app)
        await app.screen.wait_for_refresh()
        if time.process_time() - started < QUIET:
            return


async def _drained(app: NetApp) -> None:
    """Wait until the app and each node of its screen have handled the messages they had."""
    drained = asyncio.Event()
    left = 0

    def one_done() -> None:
        nonlocal left
        left -= 1
        if left == 0:
            drained.set()

    for pump in [app, *app.screen.walk_children(with_self=True)]:
        if pump.call_later(one_done):
            left += 1
    if left:
        await drained.wait()


async def fit_to(app: NetApp, size: tuple[int, int]) -> None:
    """Lay the app out at a terminal of `size` (columns, rows), as a resized terminal
    would, and wait until it is."""
    new = Size(*size)
    app.post_message(Resize(new, new))
    await settled(app)  # (the app has the new size, and sends it on a moment later)
    while resize_pending(app):
        await asyncio.sleep(RESIZE_POLL)
    await settled(app)


def adopt(app: NetApp, socket_path: str, token: str, pick_name: bool) -> None:
    """Make the parked app the player's, in the player's process (its terminal or pipes on
    fds 0-2, its environment in `os.environ`), on the app's event loop."""
    driver = app_driver(app)
    if not isinstance(driver, ParkedDriver):
        raise RuntimeError("only a parked app can be adopted")
    app.client.path = Path(socket_path)
    app.client.token = token
    app.pick_name = pick_name
    app.demote_floods = True
    app.settings = load_settings(app.settings_file)
    app.bot_pace = app.settings.bot_pace
    console_for_environment(app)
    spoken = current_language()
    if set_language(app.settings.language or language_from_env()) != spoken:
        translate_classes()
        translate_node(app)
        for screen in app.screen_stack:
            translate_node(screen)
            retranslate = getattr(screen, "retranslate", None)
            if retranslate is not None:
                screen.call_later(retranslate)
    theme = app.settings.theme
    if theme and theme in app.available_themes and theme != app.theme:
        app.theme = theme
    app.parked = False
    if pick_name:  # a tab: its nickname screen (made ahead) is the first frame
        app.start_hub()
    same_size = terminal_size() in (tuple(app.size), None)
    driver.adopt(app.get_driver_class())  # it tells its size: a new one lays out, draws all
    if same_size and not pick_name:
        app.screen.refresh()  # all of it: the terminal shows nothing yet
    if not pick_name:
        app.call_after_refresh(app.start_hub)
