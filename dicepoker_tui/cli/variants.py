"""`dicepoker variants [--json]`: the ids, names and one-line descriptions."""

from __future__ import annotations

import argparse
import json

from dicepoker_tui.family import all_variants
from dicepoker_tui.i18n import _


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help=_("one JSON list"))


def run(args: argparse.Namespace) -> int:
    variants = all_variants()
    if args.json:  # every family's; `boxes` empty for games without a scoresheet
        print(
            json.dumps(
                [
                    {
                        "id": v.id,
                        "name": v.name,
                        "description": v.description,
                        "family": v.family,
                        "boxes": list(getattr(v, "box_ids", ())),
                    }
                    for v in variants
                ],
                ensure_ascii=False,
            )
        )
        return 0
    width = max(len(v.id) for v in variants)
    for v in variants:
        print(f"{v.id:<{width}}  {v.display_name} — {v.display_description}")
    return 0
