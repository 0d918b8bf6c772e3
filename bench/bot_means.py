"""Mean final score of each solver bot level in each variant, with the exact optimum.

    .venv/bin/python bench/bot_means.py [--games 20000] [--seed 1]

Solves (or loads from the cache) every built-in variant, plays `--games` seeded
solitaire games per bot level with the fast simulation, and prints a Markdown table:
the solver's start value, then each level's mean (± its standard error).
"""

from __future__ import annotations

import argparse
import math

from dicepoker_tui.families.scoresheet.bots.noise import LEVEL_NOISE
from dicepoker_tui.families.scoresheet.bots.simulate import simulate
from dicepoker_tui.families.scoresheet.rules.variants import all_variants
from dicepoker_tui.families.scoresheet.solver import get_table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    levels = list(LEVEL_NOISE)
    print("| variant | exact optimum | " + " | ".join(levels) + " |")
    print("|---|---:|" + "---:|" * len(levels))
    for variant in all_variants():
        table = get_table(variant)
        cells = []
        for level in levels:
            s = simulate(table, level, args.games, seed=args.seed).summary()
            cells.append(f"{s['mean']:.2f} ± {s['stdev'] / math.sqrt(s['games']):.2f}")
        print(f"| `{variant.id}` | {table.start:.7f} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
