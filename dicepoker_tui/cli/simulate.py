"""`dicepoker simulate`: seeded solitaire games played by the solver's bots."""

from __future__ import annotations

import argparse
import json

from dicepoker_tui.ai.noise import LEVEL_NOISE
from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.solver_tables import table_for, variant_or_error
from dicepoker_tui.cli.texts import ascii_int, whole_number
from dicepoker_tui.i18n import _, ngettext

MAX_GAMES = 10_000_000
MAX_SAVED = 10_000
"""`--save` plays every game through the rules, one at a time: this many at most."""
SEED_MAX = 2**63 - 1


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
    p.add_argument(
        "--save",
        action="store_true",
        help=_("store the games in the history (seeded, replayable; game k has seed S+k)"),
    )


def _count(text: str, name: str, low: int, high: int) -> int:
    value = ascii_int(text)
    if value is None:
        raise CliError(whole_number(f"--{name}", text))
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
    games = _count(args.games, "games", 1, MAX_SAVED if args.save else MAX_GAMES)
    seed = _count(args.seed, "seed", 0, SEED_MAX - (games - 1 if args.save else 0))
    table = table_for(variant)
    if args.save:
        result = _play_and_save(variant.id, args.bot, games, seed)
        saved: int | None = games
    else:
        from dicepoker_tui.ai.simulate import simulate

        result = simulate(table, args.bot, games, seed)
        saved = None
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


def _play_and_save(variant: str, level: str, games: int, seed: int):
    """Play `games` games through the rules with seeded dice (game k: seed `seed + k`),
    each stored as it ends: replayable and checked by an import like any other game."""
    import time

    import numpy as np

    from dicepoker_tui.ai.simulate import SimResult
    from dicepoker_tui.cli.history_store import open_store
    from dicepoker_tui.engine.players import Player
    from dicepoker_tui.engine.scoresheet.game import Game
    from dicepoker_tui.families import bot_driver, family_of
    from dicepoker_tui.store import StoreError

    t0 = time.perf_counter()
    family = family_of(variant)
    scores = []
    with open_store(write=True) as store:
        for k in range(games):
            player = Player(name=level.capitalize(), kind="bot", level=level)
            game = Game.new(variant, [player], seed=seed + k)
            bot = family.make_bots(game.state.players, seed + k)[0]
            while not game.finished:
                bot_driver.play(game, bot_driver.choose(game, game.current, bot))
            try:
                store.create_game(game)
            except StoreError as exc:
                raise CliError(str(exc), status=1) from None
            scores.append(game.state.sheets[0].total)
    return SimResult(variant, level, np.array(scores), time.perf_counter() - t0)
