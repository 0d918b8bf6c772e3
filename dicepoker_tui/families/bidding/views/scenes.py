"""Seeded scenes of the bidding table (Perudo, Liar's Dice) at 80×24: the snapshot tests
check them and `make screenshots` saves them as SVG."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from textual.pilot import Pilot

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.views.table import BiddingTableScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.scenes.net_scenes import until

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
            app.start_game(setup)
            await pilot.pause()
            table = next(s for s in app.screen_stack if isinstance(s, BiddingTableScreen))

            def ready() -> bool:
                """A key here goes to a person: their turn, a reveal to read, or a
                hand-over (bots play at once, but a busy machine may take a while)."""
                return table._my_turn or table._reveal_waits or app.screen is not table

            for key in self.keys:
                await until(ready, timeout=60, what="a person's turn")
                await pilot.press(key)
                await pilot.pause()
            await until(ready, timeout=60, what="a person's turn")
            await pilot.pause()

        return run_before


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
