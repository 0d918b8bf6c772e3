"""Seeded scenes of the app, saved as SVG: `python -m dicepoker_tui.ui.scenes.screenshots DIR`.

The same scenes back the snapshot tests, so the pictures in the README are the ones
the tests check.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from textual.pilot import Pilot

from dicepoker_tui import i18n
from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.bots.bots import KeepAndThrow
from dicepoker_tui.families.scoresheet.bots.levels import make_bot
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.scenes.history_scenes import save_all as save_history_scenes

Prepare = Callable[[Pilot], Awaitable[None]]


def finished_game(variant: str, names: Sequence[str], seed: int) -> Game:
    """A whole game, every seat played by the heuristic bot (for end-of-game pictures)."""
    game = Game.new(variant, list(names), seed=seed)
    bots = [make_bot("heuristic", seed=seed + i) for i in range(len(names))]
    while not game.finished:
        action = bots[game.current].choose(game.state, game.variant)
        if isinstance(action, KeepAndThrow):
            game.throw(keep=list(action.keep) if game.state.turn.dice else None)
        else:
            game.write(action.box)
    return game


def _app(
    setup: GameSetup | None = None, game: Game | None = None, settings: Path | None = None
) -> DicePokerApp:
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


def _keys(*keys: str, wait_for_humans: bool = False) -> Prepare:
    async def prepare(pilot: Pilot) -> None:
        for key in keys:
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
    prepare: Prepare = field(default=_keys())
    lang: str = "en"


ANN_AND_BOT = (Player(name="Ann"), Player(name="Bot 1", kind="bot", level="heuristic"))
THREE = (
    Player(name="Ann"),
    Player(name="Bob"),
    Player(name="Bot 1", kind="bot", level="heuristic"),
)

SCENES: tuple[Scene, ...] = (
    Scene("lobby", (80, 24), lambda s: _app(settings=s), _keys("b")),
    Scene(
        "table-yahtzee",
        (80, 24),
        lambda s: _app(GameSetup("yahtzee", ANN_AND_BOT, seed=12), settings=s),
        _keys("r", "enter", "r", "j", "enter", "r", "2", "4", wait_for_humans=True),
    ),
    Scene(
        "table-dice-poker",
        (80, 24),
        lambda s: _app(GameSetup("dice-poker-bank", ANN_AND_BOT, seed=5), settings=s),
        _keys("r", "enter", "r", "1", "3", "r", wait_for_humans=True),
    ),
    Scene(
        "table-wide",
        (200, 60),
        lambda s: _app(
            game=finished_game_prefix("dice-poker", THREE, seed=21, writes=21), settings=s
        ),
        _keys("enter", "r", "1", "2", "3"),
    ),
    Scene(
        "sheet-yahtzee-end",
        (80, 24),
        lambda s: _app(game=finished_game("yahtzee", ["Ann", "Bob"], seed=4), settings=s),
    ),
    Scene(
        "sheet-dice-poker-end",
        (80, 24),
        lambda s: _app(game=finished_game("dice-poker", ["Ann", "Bob", "Cy"], seed=7), settings=s),
    ),
    Scene(
        "help",
        (80, 24),
        lambda s: _app(GameSetup("dice-poker", seed=1), settings=s),
        _keys("question_mark"),
    ),
    Scene(
        "handover",
        (80, 24),
        lambda s: _app(
            GameSetup("yatzy", (Player(name="Ann"), Player(name="Bob")), seed=2), settings=s
        ),
        _keys("enter", "r", "enter"),
    ),
    Scene(
        "real-dice",
        (80, 24),
        lambda s: _app(GameSetup("yahtzee", seed=3, real_dice=True), settings=s),
        _keys("r", "3", "3", "3", "5", "5"),
    ),
)

TRANSLATED_SCENES: tuple[Scene, ...] = (  # some of the same scenes in the other languages
    Scene(
        "uk-table-yahtzee",
        (80, 24),
        lambda s: _app(GameSetup("yahtzee", ANN_AND_BOT, seed=12), settings=s),
        _keys("r", "enter", "r", "j", "enter", "r", "2", "4", wait_for_humans=True),
        lang="uk",
    ),
    Scene(
        "uk-sheet-yahtzee-end",
        (80, 24),
        lambda s: _app(game=finished_game("yahtzee", ["Ann", "Bob"], seed=4), settings=s),
        lang="uk",
    ),
    Scene("ru-lobby", (80, 24), lambda s: _app(settings=s), _keys("b"), lang="ru"),
    Scene(
        "hr-table-dice-poker",
        (80, 24),
        lambda s: _app(GameSetup("dice-poker-bank", ANN_AND_BOT, seed=5), settings=s),
        _keys("r", "enter", "r", "1", "3", "r", wait_for_humans=True),
        lang="hr",
    ),
    Scene(
        "de-sheet-yatzy-end",
        (80, 24),
        lambda s: _app(game=finished_game("yatzy", ["Ann", "Bob"], seed=4), settings=s),
        lang="de",
    ),
)


def finished_game_prefix(variant: str, players: Sequence[Player], seed: int, writes: int) -> Game:
    """A game `writes` writes in, every seat so far played by the heuristic bot."""
    game = Game.new(variant, list(players), seed=seed)
    bots = [make_bot("heuristic", seed=seed + i) for i in range(len(players))]
    done = 0
    while done < writes and not game.finished:
        action = bots[game.current].choose(game.state, game.variant)
        if isinstance(action, KeepAndThrow):
            game.throw(keep=list(action.keep) if game.state.turn.dice else None)
        else:
            game.write(action.box)
            done += 1
    return game


async def shoot(scene: Scene, directory: Path, settings: Path | None = None) -> Path:
    """Run one scene headless, in its language, and save its SVG."""
    before = i18n.current_language()
    i18n.set_language(scene.lang)
    try:
        app = scene.build(settings)
        async with app.run_test(size=scene.size) as pilot:
            await pilot.pause()
            await scene.prepare(pilot)
            await pilot.pause()
            name = f"{scene.name}.svg"
            app.save_screenshot(name, str(directory))
    finally:
        i18n.set_language(before)
    return directory / name


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    directory = Path(args[0] if args else "screenshots")
    directory.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Path(tmp) / "settings.json"  # the default theme, whatever the user chose
        for scene in (*SCENES, *TRANSLATED_SCENES):
            path = asyncio.run(shoot(scene, directory, settings))
            print(path)
    for path in save_history_scenes(directory):  # history, review, statistics
        print(path)
    from dicepoker_tui.ui.scenes.bidding_scenes import save_all as save_bidding_scenes

    for path in save_bidding_scenes(directory):  # Perudo and Liar's Dice
        print(path)
    from dicepoker_tui.ui.scenes.net_scenes import save_all as save_net_scenes

    for path in save_net_scenes(directory):  # the SSH server's lobby, waiting room and table
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
