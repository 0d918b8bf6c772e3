"""`dicepoker export GAME_ID`: a stored game as JSON, CSV, text or SVG (the formats its
family writes)."""

from __future__ import annotations

import argparse
import importlib
import os
import secrets
import sys
from pathlib import Path
from typing import Any

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.history_store import open_store
from dicepoker_tui.cli.texts import game_id_arg, no_game
from dicepoker_tui.engine.names import plain
from dicepoker_tui.family import FamilySpec, family_of
from dicepoker_tui.i18n import _
from dicepoker_tui.store import GameNotFound, StoreError

VIEWS_MODULE = "dicepoker_tui.ui.views"
"""Renders the text formats a family leaves to the terminal UI: `export_text(doc, fmt)`."""


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
            family = family_of(store.game(args.game_id).variant)
            if args.format not in family.export_formats:
                raise CliError(
                    _("game {id} is {kind}: it exports as {formats}").format(
                        id=args.game_id,
                        kind=_(family.game_kind),
                        formats=", ".join(family.export_formats),
                    )
                )
            doc = family.export(store, args.game_id)
        except GameNotFound:
            raise CliError(no_game(args.game_id)) from None
        except StoreError as exc:
            raise CliError(str(exc), status=1) from None
        except KeyError as exc:  # a variant no family plays
            raise CliError(str(exc.args[0]), status=1) from None
    text = _render(family, doc, args.format)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        write_whole(Path(args.output), text)
    except OSError as exc:
        raise CliError(
            _("cannot write {file}: {reason}").format(
                file=plain(args.output), reason=exc.strerror or exc
            ),
            status=1,
        ) from None
    return 0


def write_whole(path: Path, text: str) -> None:
    """Write `text` to `path` whole or not at all: into a new file beside it, renamed over
    it once complete (a full disk leaves `path` as it was and no partial file). A path
    that is not a regular file (`/dev/stdout`, a pipe) is written in place."""
    if path.exists() and not path.is_file():
        with path.open("w", encoding="utf-8") as out:
            out.write(text)
        return
    temp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def _render(family: FamilySpec, doc: Any, fmt: str) -> str:
    text = family.render_export(doc, fmt)
    if text is not None:
        return text
    try:
        views = importlib.import_module(VIEWS_MODULE)
    except ImportError:
        raise CliError(
            _("{format} export needs the terminal UI module").format(format=fmt)
        ) from None
    return str(views.export_text(doc, fmt))
