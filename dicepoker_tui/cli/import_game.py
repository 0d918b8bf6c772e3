"""`dicepoker import FILE`: add an exported game to the history, if it checks out."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.history_store import open_store
from dicepoker_tui.i18n import _
from dicepoker_tui.store.export import ImportRefused, import_game, parse_export


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help=_("a JSON export (`-` reads stdin)"))


def run(args: argparse.Namespace) -> int:
    try:
        data = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
    except OSError as exc:
        raise CliError(
            _("cannot read {file}: {reason}").format(file=args.file, reason=exc.strerror)
        ) from None
    try:
        doc, game = parse_export(data)
    except ImportRefused as exc:
        raise CliError(_refused(args.file, exc)) from None
    with open_store() as store:
        try:
            game_id = import_game(store, doc, game)
        except ImportRefused as exc:
            raise CliError(_refused(args.file, exc)) from None
    names = ", ".join(p.name for p in doc.players)
    print(
        _("imported as game {id} ({variant}, {players})").format(
            id=game_id, variant=doc.variant, players=names
        )
    )
    return 0


def _refused(file: str, exc: ImportRefused) -> str:
    return _("{file}: refused: {reason}").format(file=file, reason=exc)
