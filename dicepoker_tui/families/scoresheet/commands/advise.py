"""`dicepoker advise`: the best play for real dice on the table, every option valued."""

from __future__ import annotations

import argparse
import json

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.texts import ascii_int, describe, roll_problem, whole_number
from dicepoker_tui.engine.dice import all_rolls, parse_roll
from dicepoker_tui.families.scoresheet.bots.policy import Option, Policy
from dicepoker_tui.families.scoresheet.commands.solver_tables import table_for, variant_or_error
from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant, WriteContext
from dicepoker_tui.families.scoresheet.solver.model import NOT_JOKER, Model
from dicepoker_tui.i18n import _, ngettext


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", required=True, help=_("variant id"))
    p.add_argument("--dice", required=True, help=_("the five dice on the table, like 13456"))
    p.add_argument(
        "--throws-left",
        required=True,
        metavar="N",
        help=_("throws left in this turn (not counting banked throws)"),
    )
    p.add_argument(
        "--filled",
        action="append",
        default=[],
        metavar="BOX=POINTS",
        help=_("a filled box of the sheet and its points (repeat for each)"),
    )
    p.add_argument("--bank", default="0", metavar="K", help=_("throws in the bank (roll bank)"))
    p.add_argument("--json", action="store_true", help=_("one line of JSON"))


def run(args: argparse.Namespace) -> int:
    variant = variant_or_error(args.variant, "advise")
    dice = _dice(args.dice)
    throws_left = _number(args.throws_left, "--throws-left")
    bank = _number(args.bank, "--bank")
    if throws_left >= variant.throws_per_turn:
        raise CliError(
            _("--throws-left is 0 to {most} once the dice are thrown, not {value}").format(
                most=variant.throws_per_turn - 1, value=throws_left
            )
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
    left = ngettext("{n} throw left", "{n} throws left", throws_left).format(n=throws_left)
    if bank:
        left = _("{throws} and {bank} in the bank").format(throws=left, bank=bank)
    print(
        _("{variant}: dice {dice}, {left}; sheet total {total}").format(
            variant=variant.display_name,
            dice=" ".join(map(str, dice)),
            left=left,
            total=sheet.total,
        )
    )
    expected, gives_up = _("expected"), _("gives up")
    width = max(9, len(expected))
    loss_width = max(8, len(gives_up))
    print(f"{expected:>{width}}  {gives_up:>{loss_width}}  {_('option')}")
    for o in options:
        print(f"{o.expected:{width}.2f}  {o.loss:{loss_width}.2f}  {_describe(o, variant)}")
    return 0


def _describe(o: Option, variant: Variant) -> str:
    if o.action == "write":
        box = variant.label_to_write(o.box) if o.box else None
        return describe(o.action, o.keep, box, o.points)
    return describe(o.action, o.keep, None, None)


def _json(o: Option) -> dict:
    if o.action == "keep":
        return {"action": "keep", "keep": list(o.keep), "expected": round(o.expected, 2)}
    return {"action": "write", "box": o.box, "expected": round(o.expected, 2)}


def _dice(text: str) -> tuple[int, ...]:
    try:
        return parse_roll(text)
    except ValueError:
        raise CliError(f"--dice: {roll_problem(text)}") from None


def _number(text: str, flag: str) -> int:
    value = ascii_int(text)
    if value is None:
        raise CliError(whole_number(flag, text))
    if value < 0:
        raise CliError(_("{flag} cannot be negative ({value})").format(flag=flag, value=value))
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
            raise CliError(
                _("--filled takes BOX=POINTS, like sixes=18, not {value}").format(value=repr(item))
            )
        if box not in variant.box_ids:
            raise CliError(
                _("no box {box} in {variant} (boxes: {boxes})").format(
                    box=repr(box), variant=variant.id, boxes=", ".join(variant.box_ids)
                )
            )
        if box in scores:
            raise CliError(_("{box} is filled twice").format(box=box))
        points = ascii_int(text)
        if points is None:
            raise CliError(
                _("{box}: points must be a whole number, not {value}").format(
                    box=box, value=repr(text)
                )
            )
        if points not in possible_points(variant, model, box):
            raise CliError(
                ngettext(
                    "{box} cannot hold {points} point in {variant}",
                    "{box} cannot hold {points} points in {variant}",
                    points,
                ).format(box=box, points=points, variant=variant.id)
            )
        scores[box] = points
    for box in scores:
        stage = variant.box(box).stage
        missing = [b.id for b in variant.boxes if b.stage < stage and b.id not in scores]
        if missing:
            raise CliError(
                _(
                    "{box} is a stage-{stage} box, but stage {before} is not finished ({open} open)"
                ).format(box=box, stage=stage, before=stage - 1, open=", ".join(missing))
            )
    if len(scores) == len(variant.box_ids):
        raise CliError(_("every box is filled: the game is over"))
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
        raise CliError(
            _("{variant} has no roll bank (--bank must be 0)").format(variant=variant.id)
        )
    most = sum(banks(b) for b in scores)
    if bank > most:
        raise CliError(
            _("--bank {bank} is more than the filled boxes could have banked ({most})").format(
                bank=bank, most=most
            )
        )
    sheet.bank = bank
    return sheet
