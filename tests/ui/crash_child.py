"""Child of the crash test: plays into the app headless, prints the table, then dies (SIGKILL).

Usage: python -m tests.ui.crash_child KEY... (DICEPOKER_HOME says where the history is)
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.views.table import TableScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.common.dice import DiceRow

SETUP = GameSetup(
    variant="dice-poker-bank", seats=(Player(name="Ann"), Player(name="Bob")), seed=41
)


async def main(keys: list[str]) -> None:
    app = DicePokerApp(SETUP, bot_pace=0)
    async with app.run_test() as pilot:
        await pilot.press(*keys)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen), screen
        state = screen.game.state
        row = screen.query_one(DiceRow)
        shown = {
            "events": len(screen.game.events),
            "player": state.turn.player,
            "round": state.turn.round,
            "dice": list(row.dice or []),
            "held": list(row.held),
            "throws_left": screen.game.throws_left(),
        }
        print(json.dumps(shown), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)  # no clean-up of any kind


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
