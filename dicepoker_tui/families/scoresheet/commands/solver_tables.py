"""Getting a solved table for a subcommand, with progress on a terminal."""

from __future__ import annotations

import sys
from pathlib import Path

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.texts import unknown_variant
from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.families.scoresheet.solver import Table, cached, get_table
from dicepoker_tui.i18n import _


def variant_or_error(variant_id: str, command: str | None = None) -> Variant:
    """The scoresheet variant `command` was given; one line naming the problem otherwise."""
    try:
        return get_variant(variant_id)
    except KeyError:
        raise CliError(unknown_variant(variant_id, command=command)) from None


def progress_line(variant_id: str):
    """A progress line on a terminal while a table is built, else None."""
    if not sys.stderr.isatty():
        return None

    def show(done: float) -> None:
        line = _("solving {variant}: {done}").format(variant=variant_id, done=f"{done:4.0%}")
        end = "\r\033[K" if done >= 1 else ""
        print(f"\r{line}{end}", end="", file=sys.stderr, flush=True)

    return show


def winner_tables(variant: Variant) -> dict[str, Path]:
    """Build (or load) the cached tables the `winner` bot and help to win read for this
    variant; their names and the files they are cached in."""
    from dicepoker_tui.families.scoresheet.bots import winner_bot
    from dicepoker_tui.families.scoresheet.solver.risk import get_risk, risk_path
    from dicepoker_tui.families.scoresheet.solver.spread import get_spread, spread_path
    from dicepoker_tui.families.scoresheet.solver.targets import (
        get_targets,
        has_targets,
        targets_path,
    )

    progress = progress_line(variant.id)
    model = get_spread(variant, progress=progress).model
    files = {"spread": spread_path(model)}
    if winner_bot.needs_risk_tables(variant.id):
        get_risk(variant, progress=progress)
        files["risk"] = risk_path(model)
    if has_targets(variant.id):
        get_targets(variant, progress=progress)
        files["targets"] = targets_path(model)
    if progress is not None:
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    return files


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
