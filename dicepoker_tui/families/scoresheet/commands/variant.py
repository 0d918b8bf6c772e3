"""`dicepoker variant check FILE`: is a house-rules file good, and what does it change."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.rules.variants.house import changes, register_rules
from dicepoker_tui.families.scoresheet.rules.variants.house_file import HouseRuleError, read
from dicepoker_tui.i18n import _


def add_parser(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = sub.add_parser(
        "check",
        help=_("check a house-rules file (TOML) and show what it changes"),
        description=_("check a house-rules file (TOML) and show what it changes"),
    )
    check.add_argument("file", type=Path, metavar="FILE")
    check.add_argument("--json", action="store_true", help=_("one line of JSON"))


def run(args: argparse.Namespace) -> int:
    try:
        variant = register_rules(read(args.file))
    except HouseRuleError as exc:
        raise CliError(str(exc)) from None
    definition = variant.definition  # type: ignore[attr-defined]
    if args.json:
        print(json.dumps({"id": variant.id, "definition": definition}, ensure_ascii=False))
        return 0
    print(
        _("{file}: good. {name} ({id}), {n} boxes.").format(
            file=args.file.name, name=variant.display_name, id=variant.id, n=len(variant.boxes)
        )
    )
    for line in changes(definition, get_variant(definition["base"])):
        print(f"  {line}")
    return 0
