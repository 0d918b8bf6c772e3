"""`dicepoker simulate`: seeded solitaire games played by the solver's bots."""

from __future__ import annotations

import argparse
import json

from dicepoker_tui.ai.noise import LEVEL_NOISE
from dicepoker_tui.cli import CliError
from dicepoker_tui.cli.solver_tables import table_for, variant_or_error

MAX_GAMES = 10_000_000


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", required=True, help="variant id")
    p.add_argument(
        "--bot", default="optimal", metavar="LEVEL", help=f"one of {', '.join(LEVEL_NOISE)}"
    )
    p.add_argument("--games", default="1000", metavar="N", help="how many games (1000)")
    p.add_argument("--seed", default="0", metavar="S", help="seed of the dice (0)")
    p.add_argument("--json", action="store_true", help="one line of JSON")
    p.add_argument("--save", action="store_true", help="store the games in the history")


def _count(text: str, name: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise CliError(f"--{name} takes a whole number, not {text!r}") from None
    if not low <= value <= high:
        raise CliError(f"--{name} must be between {low} and {high}, not {value}")
    return value


def run(args: argparse.Namespace) -> int:
    variant = variant_or_error(args.variant)
    if args.bot not in LEVEL_NOISE:
        raise CliError(f"unknown bot level {args.bot!r} (simulate plays {', '.join(LEVEL_NOISE)})")
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
    print(f"{variant.name}: {games} games by the {args.bot} bot (seed {seed})")
    print(f"mean     {s['mean']:10.2f}")
    print(f"stdev    {s['stdev']:10.2f}")
    print(f"min      {s['min']:10d}")
    print(f"median   {s['median']:10.1f}")
    print(f"max      {s['max']:10d}")
    print(f"seconds  {s['seconds']:10.2f}")
    if saved is not None:
        print(f"saved {saved} games to the history")
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
        raise CliError(f"could not save the games: {exc}") from None
    return len(result.records)
