"""`dicepoker variants [--json]`: the ids, names and one-line descriptions."""

from __future__ import annotations

import argparse
import json

from dicepoker_tui.engine.bidding.variants import BIDDING_VARIANTS
from dicepoker_tui.engine.scoresheet.variants import all_variants
from dicepoker_tui.i18n import _


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help=_("one JSON list"))


def run(args: argparse.Namespace) -> int:
    variants = all_variants()
    if args.json:  # the scoresheet variants only: every entry has its boxes
        print(
            json.dumps(
                [
                    {
                        "id": v.id,
                        "name": v.name,
                        "description": v.description,
                        "boxes": list(v.box_ids),
                    }
                    for v in variants
                ],
                ensure_ascii=False,
            )
        )
        return 0
    bidding = list(BIDDING_VARIANTS.values())
    width = max(len(v.id) for v in [*variants, *bidding])
    for v in variants:
        print(f"{v.id:<{width}}  {v.display_name} — {v.display_description}")
    for b in bidding:  # `play` takes these too
        print(f"{b.id:<{width}}  {b.display_name} — {_(b.description)}")
    return 0
