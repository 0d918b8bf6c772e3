"""`--variant-file FILE`: play, serve, solve and simulate by a house-rules file."""

from __future__ import annotations

import argparse
from pathlib import Path

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.i18n import _


def add_variant_options(p: argparse.ArgumentParser, default: str | None = None) -> None:
    """`--variant ID` and `--variant-file FILE`, one of them (`default` when neither)."""
    group = p.add_mutually_exclusive_group(required=default is None)
    group.add_argument(
        "--variant", default=default, help=_("variant id (see `dicepoker variants`)")
    )
    add_file_option(group)


def add_file_option(p: argparse.ArgumentParser | argparse._MutuallyExclusiveGroup) -> None:
    p.add_argument(
        "--variant-file",
        metavar="FILE",
        type=Path,
        help=_("a house-rules file (TOML) deriving a variant from a built-in one"),
    )


def apply_variant_file(args: argparse.Namespace) -> None:
    """Register the file's variant and make it `args.variant`; CliError (status 2, one
    line naming the key and why) for a bad file."""
    path = getattr(args, "variant_file", None)
    if path is None:
        return
    from dicepoker_tui.family import variant_from_file

    try:
        args.variant = variant_from_file(path)
    except ValueError as exc:
        raise CliError(str(exc)) from None
