"""The parked app's driver: the app is composed and laid out with no terminal, then the
player's driver takes over every call, up to the app's end (`ParkedDriver`)."""

from __future__ import annotations

import asyncio

from textual.driver import Driver

from dicepoker_tui.ui.common.textual_private import app_driver
from dicepoker_tui.ui.net.lobby import NetLobbyScreen
from dicepoker_tui.ui.net.parked_driver import PARKED_SIZE, ParkedDriver
from dicepoker_tui.ui.net.warm_start import parked_app

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


async def test_a_parked_app_is_laid_out_unseen_and_then_drawn_by_its_players_driver():
    Recording.log = []
    app = parked_app()
    run = asyncio.get_running_loop().create_task(app.run_async())
    try:
        await until(
            lambda: (
                bool(app.screen_stack)
                and isinstance(app.screen, NetLobbyScreen)
                and app.screen.is_mounted
            ),
            what="the parked lobby",
        )
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
