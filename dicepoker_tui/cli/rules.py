"""`dicepoker rules VARIANT`: the rules text."""

from __future__ import annotations

import argparse
import shutil
import sys

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.texts import unknown_variant
from dicepoker_tui.family import get_variant
from dicepoker_tui.i18n import _


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", help=_("variant id (see `dicepoker variants`)"))


def run(args: argparse.Namespace) -> int:
    try:
        variant = get_variant(args.variant)
    except KeyError:
        raise CliError(unknown_variant(args.variant, family=None)) from None
    from dicepoker_tui.ui.common.hanging import rules_lines  # rich only, no Textual

    text = variant.display_rules  # in the language of --lang / LANG
    print("\n".join(rules_lines(text, print_width())))
    return 0


def print_width() -> int:
    """The terminal's width; 80 columns when the output is not a terminal."""
    if not sys.stdout.isatty():
        return 80
    return max(40, shutil.get_terminal_size().columns)
