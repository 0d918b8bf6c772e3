"""How the bidding table looks at 80×24: SVG snapshots of seeded scenes.

After an intended change: `pytest tests/ui/test_bidding_snapshots.py --snapshot-update`,
then look at the SVGs.
"""

from __future__ import annotations

import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.bidding_flow import open_bidding_game
from dicepoker_tui.ui.setup import GameSetup

from .helpers import wait_for

ANN = Player(name="Ann")
BOTS = (
    Player(name="Bot 1", kind="bot", level="strong"),
    Player(name="Bot 2", kind="bot", level="novice"),
)


def scene(variant: str, seats: tuple[Player, ...], keys: tuple[str, ...]):
    async def run_before(pilot) -> None:
        app = pilot.app
        open_bidding_game(app, GameSetup(variant=variant, seats=seats, seed=3))
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        table = app.screen_stack[1]
        await wait_for(pilot, lambda: table._my_turn or app.screen is not table)

    return run_before


SCENES = {
    "perudo-opening": ("perudo", (ANN, *BOTS), ()),
    "perudo-after-bots": ("perudo", (ANN, *BOTS), ("up", "enter")),
    "perudo-reveal": ("perudo", (ANN, *BOTS), ("up", "enter", "c")),
    "liars-dice-hand-over": ("liars-dice", (ANN, Player(name="Bob")), ("enter", "enter")),
}


@pytest.mark.parametrize("name", SCENES)
def test_bidding_scene(snap_compare, name: str) -> None:
    variant, seats, keys = SCENES[name]
    app = DicePokerApp(bot_pace=0, keep_history=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=scene(variant, seats, keys))
