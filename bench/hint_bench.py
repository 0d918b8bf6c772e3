"""Time the table's hint (`h`) once the solver's table exists: the key's handler
(every option valued, the note shown, the dice or box marked), in a Pilot-driven app.

    .venv/bin/python bench/hint_bench.py [--turns 12]

Builds (or loads) each variant's table first; prints the median and worst handler time.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.rules.variants import all_variants
from dicepoker_tui.families.scoresheet.views.solver_status import SolverStatus
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp


async def measure(variant: str, turns: int) -> list[float]:
    setup = GameSetup(variant=variant, seats=(Player(name="A"),), seed=5)
    app = DicePokerApp(setup, bot_pace=0, keep_history=False)
    times: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        status = screen.query_one(SolverStatus)
        status.start()
        while status.policy is None:
            await pilot.pause(0.05)
        for _ in range(turns):
            await pilot.press("space")
            while True:
                start = time.perf_counter()
                screen.action_hint()
                times.append((time.perf_counter() - start) * 1000)
                if not screen.game.throws_left():
                    break
                await pilot.press("space")
            await pilot.press("enter")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=12)
    args = parser.parse_args()
    for variant in all_variants():
        if not getattr(variant, "boxes", None):
            continue
        times = asyncio.run(measure(variant.id, args.turns))
        print(
            f"{variant.id:20} hints {len(times):3}  median {statistics.median(times):5.1f} ms"
            f"  worst {max(times):5.1f} ms"
        )


if __name__ == "__main__":
    main()
