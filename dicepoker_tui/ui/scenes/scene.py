"""One seeded picture of the app (`Scene`): an app, a terminal size and the keys pressed
before the shot. Shared by the scenes of `screenshots` and of each family's
`views/scenes.py`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from textual.pilot import Pilot

from dicepoker_tui import i18n
from dicepoker_tui.engine.session import Session
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp

Prepare = Callable[[Pilot], Awaitable[None]]


def app(
    setup: GameSetup | None = None, game: Session | None = None, settings: Path | None = None
) -> DicePokerApp:
    """The app at the lobby, at a table set up by `setup`, or at `game`; no history kept."""
    return DicePokerApp(setup, game=game, bot_pace=0, keep_history=False, settings_file=settings)


def _humans_turn(pilot: Pilot) -> Callable[[], bool]:
    def ready() -> bool:
        screen = pilot.app.screen
        game = getattr(screen, "game", None)
        return game is not None and (
            game.finished or game.state.players[game.current].kind == "human"
        )

    return ready


async def _until(pilot: Pilot, condition: Callable[[], bool]) -> None:
    for _ in range(1000):
        if condition():
            break
        await pilot.pause(0.01)
    await pilot.pause()


def keys(*pressed: str, wait_for_humans: bool = False) -> Prepare:
    """Press `pressed` in turn (after each, with `wait_for_humans`, until a person is to
    act or the game is over)."""

    async def prepare(pilot: Pilot) -> None:
        for key in pressed:
            await pilot.press(key)
            if wait_for_humans:
                await _until(pilot, _humans_turn(pilot))
        await pilot.pause()

    return prepare


@dataclass(frozen=True)
class Scene:
    """One picture: an app, a terminal size and what to do before the shot."""

    name: str
    size: tuple[int, int]
    build: Callable[[Path | None], DicePokerApp]
    prepare: Prepare = field(default=keys())
    lang: str = "en"


async def shoot(scene: Scene, directory: Path, settings: Path | None = None) -> Path:
    """Run one scene headless, in its language, and save its SVG."""
    before = i18n.current_language()
    i18n.set_language(scene.lang)
    try:
        built = scene.build(settings)
        async with built.run_test(size=scene.size) as pilot:
            await pilot.pause()
            await scene.prepare(pilot)
            await pilot.pause()
            name = f"{scene.name}.svg"
            built.save_screenshot(name, str(directory))
    finally:
        i18n.set_language(before)
    return directory / name
