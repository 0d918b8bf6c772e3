"""How long the `expert` bidding bot takes to decide, at tables of 2, 4 and 6 seats.

    .venv/bin/python bench/bidding_expert_bench.py [--games 40] [--seed 1]

Plays `--games` seeded games per variant and table size, one expert against `strong`
bots, timing every decision of the expert (its `choose`, from its own view of the
state), and prints a Markdown table: decisions timed, median, 90th percentile and
slowest, in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import time

from dicepoker_tui.families.bidding.bots.levels import (
    CallCalza,
    CallChallenge,
    PlaceBid,
    make_bidding_bot,
)
from dicepoker_tui.families.bidding.rules.game import BiddingGame


def timed_games(variant: str, seats: int, games: int, seed: int) -> list[float]:
    """Milliseconds of each expert decision over `games` games."""
    out: list[float] = []
    for g in range(games):
        levels = ["expert"] + ["strong"] * (seats - 1)
        levels = levels[g % seats :] + levels[: g % seats]
        bots = [make_bidding_bot(lvl, seed + 97 * g + i) for i, lvl in enumerate(levels)]
        game = BiddingGame.new(variant, [f"p{i}" for i in range(seats)], seed=seed + g)
        while not game.finished:
            seat = game.current
            view = game.state.view_for(seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view, game.variant, seat)
            if levels[seat] == "expert":
                out.append((time.perf_counter() - t0) * 1000)
            if isinstance(action, PlaceBid):
                game.bid(action.quantity, action.face)
            elif isinstance(action, CallCalza):
                game.calza()
            else:
                assert isinstance(action, CallChallenge)
                game.challenge()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    make_bidding_bot("expert").choose  # noqa: B018 - load the module and its table first
    print("| variant | seats | decisions | median ms | p90 ms | max ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for variant in ("perudo", "liars-dice"):
        for seats in (2, 4, 6):
            ms = sorted(timed_games(variant, seats, args.games, args.seed))
            p90 = ms[int(0.9 * (len(ms) - 1))]
            print(
                f"| `{variant}` | {seats} | {len(ms)} | {statistics.median(ms):.2f} "
                f"| {p90:.2f} | {ms[-1]:.2f} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
