"""`dicepoker solve`: build (or load) a variant's table of optimal play."""

from __future__ import annotations

import argparse
import json
import time

from dicepoker_tui.ai.solver import table_path
from dicepoker_tui.cli.solver_tables import table_for, variant_or_error
from dicepoker_tui.i18n import _


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", required=True, help=_("variant id"))
    p.add_argument(
        "--no-cache", action="store_true", help=_("solve afresh; neither read nor write the cache")
    )
    p.add_argument("--json", action="store_true", help=_("one line of JSON"))


def run(args: argparse.Namespace) -> int:
    variant = variant_or_error(args.variant, "solve")
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
    if args.no_cache:
        where = _("not cached")
    else:
        where = _("cached in {path}").format(path=table_path(table.model))
    print(
        _("{variant}: expected score with optimal play {score}").format(
            variant=variant.display_name, score=f"{table.start:.7f}"
        )
    )
    print(
        _("{states} turn-start states, {seconds} s ({where})").format(
            states=table.states, seconds=f"{seconds:.2f}", where=where
        )
    )
    return 0
