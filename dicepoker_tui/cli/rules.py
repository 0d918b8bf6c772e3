"""`dicepoker rules VARIANT`: the rules text."""

from __future__ import annotations

import argparse

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.texts import unknown_variant
from dicepoker_tui.families import get_variant
from dicepoker_tui.i18n import _


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", help=_("variant id (see `dicepoker variants`)"))


def run(args: argparse.Namespace) -> int:
    try:
        variant = get_variant(args.variant)
    except KeyError:
        raise CliError(unknown_variant(args.variant, family=None)) from None
    print(variant.display_rules, end="")  # in the language of --lang / LANG
    return 0
