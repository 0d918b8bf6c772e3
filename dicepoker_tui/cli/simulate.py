"""`dicepoker simulate`: seeded solitaire games played by the solver's bots."""

from __future__ import annotations

import argparse
import json

from dicepoker_tui.ai.noise import LEVEL_NOISE
from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.solver_tables import table_for, variant_or_error
from dicepoker_tui.cli.texts import whole_number
from dicepoker_tui.i18n import _, ngettext

MAX_GAMES = 10_000_000


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", required=True, help=_("variant id"))
    p.add_argument(
        "--bot",
        default="optimal",
        metavar="LEVEL",
        help=_("one of {levels}").format(levels=", ".join(LEVEL_NOISE)),
    )
    p.add_argument("--games", default="1000", metavar="N", help=_("how many games (1000)"))
    p.add_argument("--seed", default="0", metavar="S", help=_("seed of the dice (0)"))
    p.add_argument("--json", action="store_true", help=_("one line of JSON"))
    p.add_argument("--save", action="store_true", help=_("store the games in the history"))


def _count(text: str, name: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise CliError(whole_number(f"--{name}", text)) from None
    if not low <= value <= high:
        raise CliError(
            _("{flag} must be between {low} and {high}, not {value}").format(
                flag=f"--{name}", low=low, high=high, value=value
            )
        )
    return value


def run(args: argparse.Namespace) -> int:
    variant = variant_or_error(args.variant)
    if args.bot not in LEVEL_NOISE:
        raise CliError(
            _("unknown bot level {level} (simulate plays {levels})").format(
                level=repr(args.bot), levels=", ".join(LEVEL_NOISE)
            )
        )
    games = _count(args.games, "games", 1, MAX_GAMES)
    seed = _count(args.seed, "seed", 0, 2**63 - 1)
    from dicepoker_tui.ai.simulate import simulate

    table = table_for(variant)
    result = simulate(table, args.bot, games, seed, record=games if args.save else 0)
    saved = _save(result) if args.save else None
    s = result.summary()
    if args.json:
        print(json.dumps({k: s[k] for k in (*_KEYS,)}))
        return 0
    print(
        ngettext(
            "{variant}: {n} game by the {bot} bot (seed {seed})",
            "{variant}: {n} games by the {bot} bot (seed {seed})",
            games,
        ).format(variant=variant.display_name, n=games, bot=args.bot, seed=seed)
    )
    rows = [
        (_("mean"), f"{s['mean']:10.2f}"),
        (_("stdev"), f"{s['stdev']:10.2f}"),
        (_("min"), f"{s['min']:10d}"),
        (_("median"), f"{s['median']:10.1f}"),
        (_("max"), f"{s['max']:10d}"),
        (_("seconds"), f"{s['seconds']:10.2f}"),
    ]
    width = max(7, *(len(label) for label, _value in rows))
    for label, value in rows:
        print(f"{label:<{width}}  {value}")
    if saved is not None:
        print(
            ngettext(
                "saved {n} game to the history", "saved {n} games to the history", saved
            ).format(n=saved)
        )
    return 0


_KEYS = ("variant", "bot", "games", "mean", "stdev", "min", "median", "max", "seconds")


def _save(result) -> int:
    """Store every simulated game in the history (replayed through the engine)."""
    from dicepoker_tui.ai.simulate import replay_record
    from dicepoker_tui.cli.history_store import open_store
    from dicepoker_tui.store import StoreError

    try:
        with open_store() as store:
            for i, turns in enumerate(result.records):
                game = replay_record(result.variant, turns, level=result.bot, seed=i)
                store.create_game(game)
    except StoreError as exc:
        raise CliError(_("could not save the games: {reason}").format(reason=exc)) from None
    return len(result.records)
