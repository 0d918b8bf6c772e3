"""`dicepoker solve`: build (or load) a variant's table of optimal play."""

from __future__ import annotations

import argparse
import json
import time

from dicepoker_tui.ai.solver import table_path
from dicepoker_tui.cli.solver_tables import table_for, variant_or_error


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", required=True, help="variant id")
    p.add_argument(
        "--no-cache", action="store_true", help="solve afresh; neither read nor write the cache"
    )
    p.add_argument("--json", action="store_true", help="one line of JSON")


def run(args: argparse.Namespace) -> int:
    variant = variant_or_error(args.variant)
    t0 = time.perf_counter()
    table = table_for(variant, use_cache=not args.no_cache)
    seconds = time.perf_counter() - t0
    if args.json:
        print(
            json.dumps(
                {
                    "variant": variant.id,
                    "expected_score": table.start,
                    "states": table.states,
                    "seconds": round(seconds, 3),
                }
            )
        )
        return 0
    where = "not cached" if args.no_cache else f"cached in {table_path(table.model)}"
    print(
        f"{variant.name}: expected score with optimal play {table.start:.7f}\n"
        f"{table.states} turn-start states, {seconds:.2f} s ({where})"
    )
    return 0
