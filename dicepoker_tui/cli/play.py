"""`dicepoker play` (straight to the table) and the bare `dicepoker` (the lobby)."""

from __future__ import annotations

import argparse

from dicepoker_tui.cli.crash import run_app
from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.texts import seed_arg, unknown_variant
from dicepoker_tui.cli.variant_file import add_variant_options, apply_variant_file
from dicepoker_tui.engine.players import Player
from dicepoker_tui.i18n import _


def add_parser(p: argparse.ArgumentParser) -> None:
    add_variant_options(p, default="yahtzee")
    p.add_argument(
        "--player", action="append", default=[], metavar="NAME", help=_("a human seat (repeatable)")
    )
    p.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="LEVEL",
        help=_("a bot seat (repeatable); a table short of the variant's seats gets bots"),
    )
    p.add_argument(
        "--seed", type=seed_arg, default=None, help=_("dice seed (same seed, same dice)")
    )
    p.add_argument("--real-dice", action="store_true", help=_("type the values of real dice"))


def default_name(stem: str, number: int) -> str:
    """A seat's default name in the language shown ("Player 1", "Гравець 1"), as the lobby
    names its seats."""
    return f"{stem} {number}"


def setup_from_args(args: argparse.Namespace):
    """The `GameSetup` the options describe; CliError naming the problem otherwise."""
    from dicepoker_tui.family import GameSetup, family_of, name_problem

    apply_variant_file(args)
    try:
        family = family_of(args.variant)
    except KeyError:
        raise CliError(unknown_variant(args.variant, family=None)) from None
    names = [name.strip() for name in args.player]
    for name in names:
        problem = name_problem(name)
        if problem:
            raise CliError(problem[0].lower() + problem[1:].rstrip("."))
    if not names and not args.bot:
        names = [default_name(_("Player"), 1)]
    seats = [Player(name=name) for name in names]
    for i, level in enumerate(args.bot, start=1):
        seats.append(Player(name=default_name(_("Bot"), i), kind="bot", level=level))
    bots = len(args.bot)
    while len(seats) < family.min_seats:  # a short table is filled with default bots
        bots += 1
        seats.append(
            Player(name=default_name(_("Bot"), bots), kind="bot", level=family.default_level)
        )
    setup = GameSetup(
        variant=args.variant, seats=tuple(seats), seed=args.seed, real_dice=args.real_dice
    )
    problem = setup.problem()
    if problem:
        raise CliError(problem[0].lower() + problem[1:].rstrip("."))
    return setup


def run(args: argparse.Namespace) -> int:
    from dicepoker_tui.ui.app import DicePokerApp

    setup = setup_from_args(args)
    return run_app(DicePokerApp(setup), "play")


def run_lobby() -> int:
    from dicepoker_tui.ui.app import DicePokerApp

    return run_app(DicePokerApp())
