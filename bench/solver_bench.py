"""The exact solver against `yatzy-solver` 1.0.0 (Rust core), side by side.

    .venv/bin/pip install yatzy-solver==1.0.0      # for this benchmark only
    .venv/bin/python bench/solver_bench.py [--rounds 3] [--games 20000]

Builds the Hasbro Yahtzee table (forced Joker; the peer's `american+forced-joker`)
with both solvers, alternating, in the same process, and then plays `--games` optimal
solitaire games with both simulators. Prints the best and median times, both start
values, and the ratios (peer time / our time: above 1 means we are faster).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    try:
        import yatzy_solver as ys
    except ImportError:
        print("yatzy-solver is not installed: .venv/bin/pip install yatzy-solver==1.0.0")
        return 2

    from dicepoker_tui.families.scoresheet.bots.simulate import simulate
    from dicepoker_tui.families.scoresheet.rules.variants import get_variant
    from dicepoker_tui.families.scoresheet.solver import solve

    variant = get_variant("yahtzee")
    peer_variant = ys.Variant("american+forced-joker")
    ours, peer = [], []
    table = peer_solver = None
    for _ in range(args.rounds):
        t = time.perf_counter()
        table = solve(variant, workers=args.workers)
        ours.append(time.perf_counter() - t)
        t = time.perf_counter()
        peer_solver = ys.Solver.build(peer_variant)
        peer.append(time.perf_counter() - t)
    assert table is not None and peer_solver is not None
    peer_start = peer_solver.state_value("upper 0 | filled -")

    t = time.perf_counter()
    result = simulate(table, "optimal", args.games, seed=1, workers=args.workers)
    our_sim = time.perf_counter() - t
    t = time.perf_counter()
    peer_result = peer_solver.simulate(args.games, seed=1)
    peer_sim = time.perf_counter() - t

    print(f"machine: {os.cpu_count()} cpus, Python {sys.version.split()[0]}")
    print(f"Hasbro Yahtzee table, {args.rounds} rounds (seconds)")
    print(f"  dicepoker-tui  best {min(ours):6.2f}  median {statistics.median(ours):6.2f}")
    print(f"  yatzy-solver   best {min(peer):6.2f}  median {statistics.median(peer):6.2f}")
    ratio = statistics.median(peer) / statistics.median(ours)
    print(f"  ratio (peer / ours, medians): {ratio:.2f}x")
    print(f"  start values: {table.start:.7f} (ours)  {peer_start:.7f} (peer)")
    print(f"{args.games} optimal games")
    print(
        f"  dicepoker-tui  {our_sim:6.2f} s  {args.games / our_sim:8.0f} games/s"
        f"  mean {result.scores.mean():.2f}"
    )
    print(
        f"  yatzy-solver   {peer_sim:6.2f} s  {args.games / peer_sim:8.0f} games/s"
        f"  mean {peer_result['mean']:.2f}"
    )
    print(f"  ratio (peer / ours): {peer_sim / our_sim:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
