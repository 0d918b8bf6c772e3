"""The parked app's driver: the app is composed and laid out with no terminal, then the
player's driver takes over every call, up to the app's end (`ParkedDriver`)."""

from __future__ import annotations

import asyncio

from textual.driver import Driver

from dicepoker_tui.ui.common.textual_private import app_driver
from dicepoker_tui.ui.net.app import NetApp
from dicepoker_tui.ui.net.lobby import NetLobbyScreen
from dicepoker_tui.ui.net.parked_driver import PARKED_SIZE, ParkedDriver
from dicepoker_tui.ui.net.pick_name import PickNameScreen
from dicepoker_tui.ui.net.warm_start import make_ahead, parked_app, show_ahead

from .helpers import until


class Recording(Driver):
    """A player's driver that keeps what it is given."""

    log: list[str] = []

    def write(self, data: str) -> None:
        self.log.append(data)

    def start_application_mode(self) -> None:
        self.log.append("<start>")

    def stop_application_mode(self) -> None:
        self.log.append("<stop>")

    def disable_input(self) -> None:
        self.log.append("<disable>")


async def parked_lobby(app: NetApp) -> None:
    """Wait until the parked app's lobby is composed and mounted."""
    await until(
        lambda: (
            bool(app.screen_stack)
            and isinstance(app.screen, NetLobbyScreen)
            and app.screen.is_mounted
        ),
        what="the parked lobby",
    )


async def test_a_parked_app_is_laid_out_unseen_and_then_drawn_by_its_players_driver():
    Recording.log = []
    app = parked_app()
    run = asyncio.get_running_loop().create_task(app.run_async())
    try:
        await parked_lobby(app)
        driver = app_driver(app)
        assert isinstance(driver, ParkedDriver)
        assert app.is_headless and not app.is_web  # nothing is drawn anywhere yet
        await until(lambda: tuple(app.size) == PARKED_SIZE, what="the parked size")
        assert app.parked and app.client.welcome is None  # no hub joined for nobody

        driver.adopt(Recording)
        assert not app.is_headless
        assert Recording.log == ["<start>"]
        app.screen.refresh()
        await until(
            lambda: any("New table" in line for line in Recording.log),
            what="the lobby drawn by the player's driver",
        )
    finally:
        app.exit()
        await asyncio.wait_for(run, 30)
    # the player's terminal is given back at the end
    assert "<stop>" in Recording.log and "<disable>" in Recording.log


async def test_the_parked_app_shows_each_kind_of_player_its_first_screen_ahead():
    """Before a tab's fork the nickname screen made ahead is on top and the app blurred
    (as the web driver starts it); before an SSH session's the lobby, focused. A run of
    one kind switches once."""
    app = parked_app()
    run = asyncio.get_running_loop().create_task(app.run_async())
    try:
        await parked_lobby(app)
        make_ahead(app)
        assert show_ahead(app, tab=False) is False  # the lobby already
        assert show_ahead(app, tab=True) is True
        await until(lambda: isinstance(app.screen, PickNameScreen), what="the nickname screen")
        assert app.app_focus is False
        assert show_ahead(app, tab=True) is False  # the next tab: nothing to do
        assert show_ahead(app, tab=False) is True
        await until(lambda: isinstance(app.screen, NetLobbyScreen), what="the lobby again")
        assert app.app_focus is True and len(app.screen_stack) == 1
    finally:
        app.exit()
        await run
