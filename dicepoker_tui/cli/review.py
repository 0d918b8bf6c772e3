"""`dicepoker review [GAME_ID]`: the history screen, or one game's review straight away."""

from __future__ import annotations

import argparse

from dicepoker_tui.cli.crash import run_app
from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.texts import game_id_arg, no_game
from dicepoker_tui.family import family_of
from dicepoker_tui.i18n import _
from dicepoker_tui.store import GameNotFound, HistoryUnavailable, Store, StoreError


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "game_id",
        type=game_id_arg,
        nargs="?",
        metavar="GAME_ID",
        help=_("id from `dicepoker history`"),
    )


def run(args: argparse.Namespace) -> int:
    try:
        store, notice = Store.open(read_only=True)
    except HistoryUnavailable as exc:
        raise CliError(str(exc), status=1) from None
    try:
        if args.game_id is not None:
            try:
                record = store.game(args.game_id)
                if record.damaged:
                    raise StoreError(
                        _("game {id} is {damaged}").format(id=args.game_id, damaged=record.damaged)
                    )
                family_of(record.variant).load(store, args.game_id)
            except GameNotFound:
                raise CliError(no_game(args.game_id)) from None
            except (StoreError, ValueError) as exc:
                raise CliError(str(exc)) from None
            except KeyError as exc:  # a variant no family plays
                raise CliError(str(exc.args[0])) from None
        from dicepoker_tui.ui.history.app import HistoryApp

        return run_app(HistoryApp(store, args.game_id, notice), "review")
    finally:
        store.close()
