"""`dicepoker advise`: the best play for real dice on the table, every option valued."""

from __future__ import annotations

import argparse
import json

from dicepoker_tui.ai.policy import Option, Policy
from dicepoker_tui.ai.solver.model import NOT_JOKER, Model
from dicepoker_tui.cli import CliError
from dicepoker_tui.cli.solver_tables import table_for, variant_or_error
from dicepoker_tui.engine.dice import all_rolls, parse_roll
from dicepoker_tui.engine.scoresheet.state import Sheet
from dicepoker_tui.variants.base import Variant, WriteContext


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", required=True, help="variant id")
    p.add_argument("--dice", required=True, help="the five dice on the table, like 13456")
    p.add_argument(
        "--throws-left",
        required=True,
        metavar="N",
        help="throws left in this turn (not counting banked throws)",
    )
    p.add_argument(
        "--filled",
        action="append",
        default=[],
        metavar="BOX=POINTS",
        help="a filled box of the sheet and its points (repeat for each)",
    )
    p.add_argument("--bank", default="0", metavar="K", help="throws in the bank (roll bank)")
    p.add_argument("--json", action="store_true", help="one line of JSON")


def run(args: argparse.Namespace) -> int:
    variant = variant_or_error(args.variant)
    dice = _dice(args.dice)
    throws_left = _number(args.throws_left, "--throws-left")
    bank = _number(args.bank, "--bank")
    if throws_left >= variant.throws_per_turn:
        raise CliError(
            f"--throws-left is 0 to {variant.throws_per_turn - 1} once the dice are thrown, "
            f"not {throws_left}"
        )
    table = table_for(variant)
    sheet = build_sheet(variant, table.model, args.filled, bank)
    throws_made = variant.throws_per_turn - throws_left
    try:
        options = Policy(table).options(sheet, dice, throws_made)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print(json.dumps({"options": [_json(o) for o in options]}))
        return 0
    left = f"{throws_left} throw{'s' if throws_left != 1 else ''} left"
    if bank:
        left += f" and {bank} in the bank"
    print(f"{variant.name}: dice {' '.join(map(str, dice))}, {left}; sheet total {sheet.total}")
    print(f"{'expected':>9}  {'gives up':>8}  option")
    for o in options:
        print(f"{o.expected:9.2f}  {o.loss:8.2f}  {o.describe()}")
    return 0


def _json(o: Option) -> dict:
    if o.action == "keep":
        return {"action": "keep", "keep": list(o.keep), "expected": round(o.expected, 2)}
    return {"action": "write", "box": o.box, "expected": round(o.expected, 2)}


def _dice(text: str) -> tuple[int, ...]:
    try:
        return parse_roll(text)
    except ValueError as exc:
        raise CliError(f"--dice: {exc}") from None


def _number(text: str, flag: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise CliError(f"{flag} takes a whole number, not {text!r}") from None
    if value < 0:
        raise CliError(f"{flag} cannot be negative ({value})")
    return value


def possible_points(variant: Variant, model: Model, box: str) -> frozenset[int]:
    """Every score a box can take (any roll, first throw or later, Jokers included)."""
    return frozenset(
        variant.score(box, roll, WriteContext(sheet=sheet, throws=throws))
        for roll in all_rolls()
        for throws in (1, 2)
        for sheet in model.probe_sheets()
    )


def build_sheet(variant: Variant, model: Model, filled: list[str], bank: int) -> Sheet:
    """The sheet given by its filled boxes; bonuses follow from them. CliError if illegal."""
    scores: dict[str, int] = {}
    for item in filled:
        box, sep, text = item.partition("=")
        box = box.strip()
        if not sep:
            raise CliError(f"--filled takes BOX=POINTS, like sixes=18, not {item!r}")
        if box not in variant.box_ids:
            raise CliError(f"no box {box!r} in {variant.id} (boxes: {', '.join(variant.box_ids)})")
        if box in scores:
            raise CliError(f"{box} is filled twice")
        try:
            points = int(text)
        except ValueError:
            raise CliError(f"{box}: points must be a whole number, not {text!r}") from None
        if points not in possible_points(variant, model, box):
            raise CliError(f"{box} cannot hold {points} points in {variant.id}")
        scores[box] = points
    for box in scores:
        stage = variant.box(box).stage
        missing = [b.id for b in variant.boxes if b.stage < stage and b.id not in scores]
        if missing:
            raise CliError(
                f"{box} is a stage-{stage} box, but stage {stage - 1} is not finished "
                f"({', '.join(missing)} open)"
            )
    if len(scores) == len(variant.box_ids):
        raise CliError("every box is filled: the game is over")
    sheet = Sheet()
    for box in sorted(scores, key=variant.box_ids.index):
        before = sheet
        sheet = before.model_copy(deep=True)
        sheet.scores[box] = scores[box]
        ctx = WriteContext(sheet=before, throws=2)
        for bonus in variant.bonuses_after_write(before, sheet, box, NOT_JOKER, ctx):
            sheet.bonuses[bonus.id] = sheet.bonuses.get(bonus.id, 0) + bonus.points

    def banks(box: str) -> int:
        return variant.banked_throws(box, WriteContext(throws=1))

    if bank and not any(banks(b) for b in variant.box_ids):
        raise CliError(f"{variant.id} has no roll bank (--bank must be 0)")
    most = sum(banks(b) for b in scores)
    if bank > most:
        raise CliError(f"--bank {bank} is more than the filled boxes could have banked ({most})")
    sheet.bank = bank
    return sheet
