"""`dicepoker export GAME_ID`: a stored game as JSON, CSV, text or SVG."""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.history_store import open_store
from dicepoker_tui.cli.texts import game_id_arg, no_game
from dicepoker_tui.i18n import _
from dicepoker_tui.store import GameNotFound, StoreError
from dicepoker_tui.store.export import ExportedGame, export_game, render

SVG_MODULE = "dicepoker_tui.ui.common.svg_export"
"""Draws the sheet as the app shows it: `render_svg(doc: ExportedGame) -> str`."""


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "game_id", type=game_id_arg, metavar="GAME_ID", help=_("id from `dicepoker history`")
    )
    p.add_argument(
        "--format", choices=("json", "csv", "txt", "svg"), default="json", help=_("default json")
    )
    p.add_argument("-o", "--output", metavar="FILE", help=_("write to FILE instead of stdout"))


def run(args: argparse.Namespace) -> int:
    with open_store() as store:
        try:
            doc = export_game(store, args.game_id)
        except GameNotFound:
            raise CliError(no_game(args.game_id)) from None
        except StoreError as exc:
            raise CliError(str(exc), status=1) from None
    text = render_svg(doc) if args.format == "svg" else render(doc, args.format)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CliError(
            _("cannot write {file}: {reason}").format(file=args.output, reason=exc.strerror)
        ) from None
    return 0


def render_svg(doc: ExportedGame) -> str:
    try:
        module = importlib.import_module(SVG_MODULE)
    except ImportError:
        raise CliError(_("svg export needs the terminal UI module")) from None
    return str(module.render_svg(doc))
