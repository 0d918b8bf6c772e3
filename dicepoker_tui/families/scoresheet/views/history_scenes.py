"""A seeded history and the pictures of the history screens, for screenshots and snapshots.

`python -m dicepoker_tui.families.scoresheet.views.history_scenes DIR` saves every picture
as DIR/NAME.svg.

`sample_history()` fills a store with the same games every time (fixed seeds, fixed
dates, a simple deterministic player), so the pictures never change by themselves.
"""

from __future__ import annotations

import asyncio
import functools
import random
import sys
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from textual.pilot import Pilot

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.store import Store
from dicepoker_tui.ui.history.app import HistoryApp

FIRST_GAME = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)
ANN = Player(name="Ann")
BOB = Player(name="Bob")
CY = Player(name="Cy")
BOT = Player(name="Bot 1", kind="bot", level="heuristic")
TABLES = ((ANN, BOT), (ANN, BOB), (ANN,), (ANN, BOB, CY), (BOB, BOT))


def play_simply(game: Game, seed: int) -> Game:
    """Play to the end: keep the most common face, stop early now and then, write the best box."""
    rng = random.Random(seed)
    while not game.finished:
        game.throw()
        while game.throws_left() and rng.random() < 0.85:
            dice = game.state.turn.dice  # type: ignore[union-attr]
            face, _ = max(Counter(dice).items(), key=lambda kv: (kv[1], kv[0]))
            keep = [i for i, d in enumerate(dice) if d == face][:4]
            game.throw(keep=keep)
        options = game.preview()
        game.write(max(sorted(options), key=options.__getitem__))
    return game


@functools.cache
def sample_games(games: int = 60) -> tuple[Game, ...]:
    """The games of the sample history, played once per process."""
    variants = ["yahtzee", "yahtzee", "yatzy", "yahtzee", "dice-poker", "dice-poker-bank"]
    return tuple(
        play_simply(
            Game.new(variants[n % len(variants)], list(TABLES[n % len(TABLES)]), seed=1000 + n),
            n,
        )
        for n in range(games)
    )


def sample_history(store: Store, games: int = 60) -> Store:
    """`games` finished games, one every 47 minutes from `FIRST_GAME`, mostly Yahtzee."""
    for n, game in enumerate(sample_games(games)):
        start = FIRST_GAME + timedelta(minutes=47 * n)
        scoresheet_games(store).create(
            game, started_at=start, updated_at=start + timedelta(minutes=21)
        )
    return store


def history_app(game_id: int | None = None) -> HistoryApp:
    """The `dicepoker review` app on the sample history (kept in memory): times in UTC, the
    default theme."""
    return HistoryApp(sample_history(Store.memory()), game_id, time_zone=UTC, saved_theme=False)


Prepare = Callable[[Pilot], Awaitable[None]]


def keys(*pressed: str) -> Prepare:
    async def prepare(pilot: Pilot) -> None:
        await pilot.pause()  # the first screen is mounted
        for key in pressed:
            await pilot.press(key)
        await pilot.pause()

    return prepare


@dataclass(frozen=True)
class HistoryScene:
    """One picture of the history screens."""

    name: str
    size: tuple[int, int]
    build: Callable[[], HistoryApp]
    prepare: Prepare = field(default_factory=keys)


HISTORY_SCENES: tuple[HistoryScene, ...] = (
    HistoryScene("history", (80, 24), history_app),
    HistoryScene("history-best-yahtzee", (110, 30), history_app, keys("o", "v", "down", "enter")),
    HistoryScene("review", (80, 24), lambda: history_app(56), keys("home", *["right"] * 9)),
    HistoryScene("review-narrow", (80, 24), lambda: history_app(54), keys("left", "left")),
    HistoryScene("review-wide", (200, 60), lambda: history_app(59), keys("home", *["j"] * 20)),
    HistoryScene("stats", (80, 24), history_app, keys("down", "down", "s")),
    HistoryScene("stats-wide", (200, 60), history_app, keys("down", "down", "s")),
)


async def shoot(scene: HistoryScene, directory: Path) -> Path:
    """Run one scene headless and save its SVG as `directory/NAME.svg`."""
    app = scene.build()
    async with app.run_test(size=scene.size) as pilot:
        await scene.prepare(pilot)
        await pilot.pause()
        app.save_screenshot(f"{scene.name}.svg", str(directory))
    return directory / f"{scene.name}.svg"


def save_all(directory: Path) -> list[Path]:
    """Every history scene, saved in `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    return [asyncio.run(shoot(scene, directory)) for scene in HISTORY_SCENES]


if __name__ == "__main__":  # python -m dicepoker_tui.families.scoresheet.views.history_scenes DIR
    for saved in save_all(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots")):
        print(saved)
