"""How long `dicepoker score --json` takes to answer all 252 rolls of each variant.

    .venv/bin/python bench/score_bench.py [--runs 5]

Runs the installed `dicepoker` command (a fresh process each time, as a user would)
with every five-dice multiset in one call, and prints the best and median wall time
per variant.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from itertools import combinations_with_replacement
from pathlib import Path

VARIANTS = ("yahtzee", "yahtzee-free-joker", "yatzy", "dice-poker", "dice-poker-bank")
ROLLS = ["".join(map(str, r)) for r in combinations_with_replacement(range(1, 7), 5)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    command = Path(sys.executable).with_name("dicepoker")
    for variant in VARIANTS:
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run(
                [str(command), "score", "--variant", variant, "--json", *ROLLS],
                check=True,
                stdout=subprocess.DEVNULL,
            )
            times.append(time.perf_counter() - start)
        print(f"{variant:<20} best {min(times):.3f} s   median {statistics.median(times):.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
