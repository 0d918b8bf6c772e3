"""`dicepoker import FILE`: add an exported game to the history, if it checks out."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import BinaryIO

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.history_store import open_store
from dicepoker_tui.cli.texts import bounded_int
from dicepoker_tui.engine.names import plain
from dicepoker_tui.family import FamilySpec, get_family
from dicepoker_tui.i18n import _
from dicepoker_tui.store import StoreError
from dicepoker_tui.store.import_checks import ImportRefused

DEFAULT_MAX_MB = 4
"""The largest export read without `--max-size` (a long game is well under 1 MB)."""


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help=_("a JSON export (`-` reads stdin)"))
    p.add_argument(
        "--max-size",
        type=bounded_int(1, 1024),
        default=DEFAULT_MAX_MB,
        metavar="MB",
        help=_("refuse files larger than this many megabytes (default {mb})").format(
            mb=DEFAULT_MAX_MB
        ),
    )


def run(args: argparse.Namespace) -> int:
    limit = args.max_size * 1024 * 1024
    try:
        if args.file == "-":
            data = _read_capped(sys.stdin.buffer, limit)
        else:
            with Path(args.file).open("rb") as source:
                data = _read_capped(source, limit)
    except OSError as exc:
        raise CliError(
            _("cannot read {file}: {reason}").format(
                file=plain(args.file), reason=exc.strerror or exc
            )
        ) from None
    if data is None:
        raise CliError(
            _refused(
                args.file,
                _("larger than {mb} MB (raise the limit with --max-size)").format(mb=args.max_size),
            )
        )
    try:
        family = family_of_export(data)
        doc, game = family.parse_import(data)
    except ImportRefused as exc:
        raise CliError(_refused(args.file, exc)) from None
    with open_store(write=True) as store:
        try:
            game_id = family.import_game(store, doc, game)
        except ImportRefused as exc:
            raise CliError(_refused(args.file, exc)) from None
        except StoreError as exc:  # a full disk: the import's one transaction rolled back
            raise CliError(
                _("{file}: not imported into {history}: {reason}").format(
                    file=plain(args.file), history=store.path, reason=exc
                ),
                status=1,
            ) from None
    names = ", ".join(plain(p.name) for p in doc.players)
    print(
        _("imported as game {id} ({variant}, {players})").format(
            id=game_id, variant=doc.variant, players=names
        )
    )
    return 0


def family_of_export(data: bytes) -> FamilySpec:
    """The family whose export `data` says it is (its `family` field; a file without one
    is a scoresheet game, as every export before the other families were kept)."""
    try:
        found = json.loads(data)
    except (ValueError, RecursionError):  # the scoresheet import says what is wrong
        found = None
    name = found.get("family", "scoresheet") if isinstance(found, dict) else "scoresheet"
    try:
        return get_family(str(name))
    except KeyError:
        raise ImportRefused(_("unknown family {family}").format(family=repr(name))) from None


def _read_capped(source: BinaryIO, limit: int) -> bytes | None:
    """At most `limit` bytes of `source`, read a piece at a time; None when it holds more."""
    pieces: list[bytes] = []
    size = 0
    while size <= limit:
        piece = source.read(min(1 << 16, limit + 1 - size))
        if not piece:
            return b"".join(pieces)
        pieces.append(piece)
        size += len(piece)
    return None


def _refused(file: str, reason: object) -> str:
    return _("{file}: refused: {reason}").format(file=plain(file), reason=reason)
