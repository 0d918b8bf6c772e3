"""`dicepoker solve`: build (or load) a variant's table of optimal play."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.variant_file import add_variant_options, apply_variant_file
from dicepoker_tui.families.scoresheet.commands.solver_tables import (
    table_for,
    variant_or_error,
    winner_tables,
)
from dicepoker_tui.families.scoresheet.solver import table_path
from dicepoker_tui.i18n import _


def add_parser(p: argparse.ArgumentParser) -> None:
    add_variant_options(p)
    p.add_argument(
        "--no-cache", action="store_true", help=_("solve afresh; neither read nor write the cache")
    )
    p.add_argument(
        "--winner",
        action="store_true",
        help=_("also build the tables the winner bot and help to win read (cached)"),
    )
    p.add_argument("--json", action="store_true", help=_("one line of JSON"))


def run(args: argparse.Namespace) -> int:
    apply_variant_file(args)
    variant = variant_or_error(args.variant, "solve")
    if args.winner and args.no_cache:
        raise CliError(_("--winner builds into the cache: it does not go with --no-cache"))
    t0 = time.perf_counter()
    table = table_for(variant, use_cache=not args.no_cache)
    seconds = time.perf_counter() - t0
    files = winner_tables(variant) if args.winner else {}
    names = list(files)
    winner_seconds = time.perf_counter() - t0 - seconds
    wanted = [*([] if args.no_cache else [table_path(table.model)]), *files.values()]
    unwritten = [path for path in wanted if not path.exists()]
    if args.json:
        doc = {
            "variant": variant.id,
            "expected_score": table.start,
            "states": table.states,
            "seconds": round(seconds, 3),
        }
        if args.winner:
            doc |= {"winner_tables": names, "winner_seconds": round(winner_seconds, 3)}
        print(json.dumps(doc))
        return _report(unwritten)
    if args.no_cache or table_path(table.model) in unwritten:
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
    if args.winner:
        print(
            _("tables of the winner bot ready ({names}), {seconds} s").format(
                names=", ".join(names), seconds=f"{winner_seconds:.2f}"
            )
        )
    return _report(unwritten)


def _report(unwritten: list[Path]) -> int:
    """One line on stderr and status 1 when a table could not be written to the cache."""
    if not unwritten:
        return 0
    line = _("could not write {path}: the tables are solved again when next needed")
    print("dicepoker solve: " + line.format(path=unwritten[0]), file=sys.stderr)
    return 1
