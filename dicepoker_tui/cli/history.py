"""`dicepoker history`: the finished games of every family, newest first."""

from __future__ import annotations

import argparse
import json
import re

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.history_store import open_store
from dicepoker_tui.cli.texts import INT_MAX, ascii_int, unknown_variant
from dicepoker_tui.engine.names import NAME_MAX, plain
from dicepoker_tui.family import get_variant
from dicepoker_tui.i18n import _, shown_name
from dicepoker_tui.store import GameRecord, PlayerRecord


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help=_("one JSON list, one object per game"))
    p.add_argument("--variant", metavar="V", help=_("only games of this variant"))
    p.add_argument("--player", metavar="NAME", help=_("only games with this player (any case)"))
    p.add_argument(
        "--sort", choices=("date", "score"), default="date", help=_("newest or best first")
    )
    p.add_argument("--limit", metavar="N", help=_("at most N games"))
    p.add_argument(
        "--seeded-only",
        action="store_true",
        help=_("leave out games played with real dice (their dice cannot be verified)"),
    )


def run(args: argparse.Namespace) -> int:
    if args.variant is not None and "@" not in args.variant:  # a house variant's id: as stored
        try:
            get_variant(args.variant)
        except KeyError:
            raise CliError(unknown_variant(args.variant, family=None)) from None
    args.limit = None if args.limit is None else _limit(args.limit)
    if args.player is not None and len(args.player) > NAME_MAX:
        raise CliError(_("a player name has at most {most} characters").format(most=NAME_MAX))
    with open_store() as store:
        games = store.finished(
            variant=args.variant,
            player=args.player,
            sort=args.sort,
            limit=args.limit,
            seeded_only=args.seeded_only,
        )
    if args.json:
        print(json.dumps([g.to_json() for g in games], ensure_ascii=False))
        return 0
    if not games and args.limit == 0:
        print(_("--limit 0: no games listed."))
        return 0
    if not games:
        print(_("No finished games."))
        return 0
    print("\n".join(_line(g) for g in games))
    return 0


def _limit(text: str) -> int:
    """`--limit`: a whole number 0 to `INT_MAX` in ASCII digits, else one line (status 2)."""
    digits = text.strip()
    limit = ascii_int(digits)
    if limit is None and re.fullmatch(r"[+-]?[0-9]+", digits) is None:
        raise CliError(_("--limit takes a number of games, 0 or more"))
    if limit is None or not 0 <= limit <= INT_MAX:
        shown = digits if len(digits) <= 40 else digits[:20] + "…"
        raise CliError(
            _("{flag} must be between {low} and {high}, not {value}").format(
                flag="--limit", low=0, high=INT_MAX, value=shown
            )
        )
    return limit


def _line(game: GameRecord) -> str:
    """One game; names as plain text, a damaged record with its id and why, real dice
    marked (their dice cannot be verified)."""
    if game.damaged:
        return f"{game.id:>6}  {plain(game.damaged)}"
    when = game.started_at.astimezone().strftime("%Y-%m-%d %H:%M")
    seats = ", ".join(f"{plain(shown_name(p.name))} {_result(p)}" for p in game.players)
    winners = " & ".join(plain(shown_name(name)) for name in game.winners)
    dice = "  " + _("(real dice)") if game.real_dice else ""
    return f"{game.id:>6}  {when}  {plain(game.variant):<18}  {seats}  — {winners}{dice}"


def _result(player: PlayerRecord) -> str:
    """A seat's final total, or its place in a game without totals (a bidding game)."""
    if player.total is not None or player.place is None:
        return str(player.total)
    return _("#{place}").format(place=player.place)
