"""Seeded scenes of the bidding table (Perudo, Liar's Dice) at 80×24: the snapshot tests
check them and `make screenshots` saves them as SVG."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from textual.pilot import Pilot

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families import GameSetup
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.bidding.flow import open_bidding_game

ANN = Player(name="Ann")
BOTS = (
    Player(name="Bot 1", kind="bot", level="strong"),
    Player(name="Bot 2", kind="bot", level="novice"),
)


@dataclass(frozen=True)
class BiddingScene:
    name: str
    variant: str
    seats: tuple[Player, ...]
    keys: tuple[str, ...] = ()
    size: tuple[int, int] = (80, 24)
    seed: int = 3

    def build(self) -> DicePokerApp:
        return DicePokerApp(bot_pace=0, keep_history=False)

    @property
    def prepare(self) -> Callable[[Pilot], object]:
        async def run_before(pilot: Pilot) -> None:
            app = pilot.app
            setup = GameSetup(variant=self.variant, seats=self.seats, seed=self.seed)
            open_bidding_game(app, setup)
            await pilot.pause()
            table = app.screen_stack[-1]
            await _until_a_human_acts(pilot, table)
            for key in self.keys:  # each key only once the bots before it have played
                await pilot.press(key)
                await pilot.pause()
                await _until_a_human_acts(pilot, table)
            await pilot.pause()

        return run_before


async def _until_a_human_acts(pilot: Pilot, table: object, most: float = 60.0) -> None:
    """Wait until a human seat acts again at `table` (the bots play one move per refresh,
    so on a busy machine that takes a while) or another screen is on top; a scene that
    never gets there fails instead of being drawn half way."""
    loop = asyncio.get_running_loop()
    until = loop.time() + most
    while not (getattr(table, "_my_turn", True) or pilot.app.screen is not table):
        if loop.time() > until:
            raise TimeoutError(f"the bots did not hand the table back within {most} s")
        await pilot.pause(0.01)


BIDDING_SCENES: tuple[BiddingScene, ...] = (
    BiddingScene("perudo-opening", "perudo", (ANN, *BOTS)),
    BiddingScene("perudo-after-bots", "perudo", (ANN, *BOTS), ("up", "enter")),
    BiddingScene("perudo-reveal", "perudo", (ANN, *BOTS), ("up", "enter", "c")),
    BiddingScene("liars-dice-hand-over", "liars-dice", (ANN, Player(name="Bob")), ("enter",) * 2),
)


async def _shoot(scene: BiddingScene, directory: Path) -> Path:
    app = scene.build()
    async with app.run_test(size=scene.size) as pilot:
        await pilot.pause()
        await scene.prepare(pilot)
        name = f"{scene.name}.svg"
        app.save_screenshot(name, str(directory))
    return directory / name


def save_all(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    return [asyncio.run(_shoot(scene, directory)) for scene in BIDDING_SCENES]
