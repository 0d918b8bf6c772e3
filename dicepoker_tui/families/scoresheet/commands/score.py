"""`dicepoker score`: what each roll scores in every box of a fresh sheet."""

from __future__ import annotations

import argparse
import json

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.texts import roll_problem, unknown_variant
from dicepoker_tui.engine.dice import parse_roll
from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.rules.variants.base import WriteContext
from dicepoker_tui.i18n import _


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", required=True, help=_("variant id"))
    p.add_argument(
        "--first-throw", action="store_true", help=_("score as written after the first throw")
    )
    p.add_argument("--json", action="store_true", help=_("one JSON object per roll, per line"))
    p.add_argument("rolls", nargs="+", metavar="ROLL", help=_("five digits 1-6, like 13456"))


def run(args: argparse.Namespace) -> int:
    try:
        variant = get_variant(args.variant)
    except KeyError:
        raise CliError(unknown_variant(args.variant, command="score")) from None
    rolls = []
    for text in args.rolls:
        try:
            rolls.append(parse_roll(text))
        except ValueError:
            raise CliError(roll_problem(text)) from None
    ctx = WriteContext(throws=1 if args.first_throw else 2)
    lines = []
    if args.json:
        for roll in rolls:
            scores = {box: variant.score(box, roll, ctx) for box in variant.box_ids}
            lines.append(json.dumps({"roll": list(roll), "scores": scores}))
    else:
        label_width = max(len(variant.label(b)) for b in variant.box_ids)  # in the language
        header = " " * label_width + "".join(f"  {''.join(map(str, r)):>5}" for r in rolls)
        lines.append(header)
        for box in variant.boxes:
            row = "".join(f"  {variant.score(box.id, r, ctx):>5}" for r in rolls)
            lines.append(f"{variant.label(box.id):<{label_width}}{row}")
    print("\n".join(lines))
    return 0
