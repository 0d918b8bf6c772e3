"""Getting a solved table for a subcommand, with progress on a terminal."""

from __future__ import annotations

import sys

from dicepoker_tui.ai.solver import Table, cached, get_table
from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.texts import unknown_variant
from dicepoker_tui.engine.scoresheet.variants import get_variant
from dicepoker_tui.engine.scoresheet.variants.base import Variant
from dicepoker_tui.i18n import _


def variant_or_error(variant_id: str, command: str | None = None) -> Variant:
    """The scoresheet variant `command` was given; one line naming the problem otherwise."""
    try:
        return get_variant(variant_id)
    except KeyError:
        raise CliError(unknown_variant(variant_id, command=command)) from None


def table_for(variant: Variant, use_cache: bool = True) -> Table:
    """The variant's table; when it must be solved, a progress line on a terminal."""
    show = sys.stderr.isatty() and not (use_cache and cached(variant))

    def progress(done: float) -> None:
        line = _("solving {variant}: {done}").format(variant=variant.id, done=f"{done:4.0%}")
        print(f"\r{line}", end="", file=sys.stderr, flush=True)

    try:
        return get_table(variant, use_cache=use_cache, progress=progress if show else None)
    finally:
        if show:
            print("\r\033[K", end="", file=sys.stderr, flush=True)
