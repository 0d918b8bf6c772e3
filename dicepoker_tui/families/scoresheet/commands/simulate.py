"""`dicepoker simulate`: seeded games played by bots.

One `--bot` (or none): solitaire games of a solver bot of the scoresheet family (mean,
stdev...). Two or more: games between them, in any family (each asked through its spec),
with the seating rotated game by game (`family.head_to_head`): each bot's wins, share of
the wins and mean.
"""

from __future__ import annotations

import argparse
import json

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.texts import ascii_int, unknown_variant, whole_number
from dicepoker_tui.cli.variant_file import add_variant_options, apply_variant_file
from dicepoker_tui.families.scoresheet.bots.noise import LEVEL_NOISE
from dicepoker_tui.families.scoresheet.commands.solver_tables import (
    progress_line,
    table_for,
    variant_or_error,
)
from dicepoker_tui.i18n import _, ngettext

MAX_GAMES = 10_000_000
MAX_SAVED = 10_000
"""`--save` plays every game through the rules, one at a time: this many at most."""
SEED_MAX = 2**63 - 1


def add_parser(p: argparse.ArgumentParser) -> None:
    add_variant_options(p)
    p.add_argument(
        "--bot",
        action="append",
        metavar="LEVEL",
        help=_(
            "alone: one of {levels} (optimal); twice or more: those bots play each other"
            " (any level of the variant's family, such as expert at Perudo)"
        ).format(levels=", ".join(LEVEL_NOISE)),
    )
    p.add_argument("--games", default="1000", metavar="N", help=_("how many games (1000)"))
    p.add_argument("--seed", default="0", metavar="S", help=_("seed of the dice (0)"))
    p.add_argument("--json", action="store_true", help=_("one line of JSON"))
    p.add_argument(
        "--save",
        action="store_true",
        help=_(
            "store the games in the history (seeded, replayable; with one bot, game k has seed S+k)"
        ),
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
    apply_variant_file(args)
    bots = args.bot or ["optimal"]
    if len(bots) > 1:
        return _run_table(args, bots)
    args.bot = bots[0]
    _solitaire_or_error(args.variant)
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
        from dicepoker_tui.families.scoresheet.bots.simulate import simulate

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
    _print_saved(saved)
    return 0


_KEYS = ("variant", "bot", "games", "mean", "stdev", "min", "median", "max", "seconds")


def _play_and_save(variant: str, level: str, games: int, seed: int):
    """Play `games` games through the rules with seeded dice (game k: seed `seed + k`),
    each stored as it ends: replayable and checked by an import like any other game."""
    import time

    import numpy as np

    from dicepoker_tui.cli.history_store import open_store
    from dicepoker_tui.engine.players import Player
    from dicepoker_tui.families.scoresheet.bots.simulate import SimResult
    from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
    from dicepoker_tui.families.scoresheet.rules.game import Game
    from dicepoker_tui.family import bot_driver, family_of
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
                scoresheet_games(store).create(game)
            except StoreError as exc:
                raise not_all_stored(k, games, store.path, exc) from None
            scores.append(game.state.sheets[0].total)
    return SimResult(variant, level, np.array(scores), time.perf_counter() - t0)


def _solitaire_or_error(variant: str) -> None:
    """A variant of a family without solitaire games asks for two or more bots."""
    from dicepoker_tui.family import family_of

    try:
        spec = family_of(variant)
    except KeyError:
        return  # variant_or_error names the known variants
    if spec.min_seats > 1:
        raise CliError(
            _("{variant} needs {n} or more players: give --bot two or more times").format(
                variant=variant, n=spec.min_seats
            )
        )


def _save(games) -> int:
    """Store played games (engine sessions of any family) in the history; how many."""
    from dicepoker_tui.cli.history_store import open_store
    from dicepoker_tui.family import family_of
    from dicepoker_tui.store import StoreError
    from dicepoker_tui.store.connection import sqlite_failures

    games = list(games)
    n = 0
    with open_store(write=True) as store:
        for game in games:
            try:
                with sqlite_failures():
                    family_of(game.state.variant).repository(store).create(game)
            except StoreError as exc:
                raise not_all_stored(n, len(games), store.path, exc) from None
            n += 1
    return n


def not_all_stored(stored: int, total: int, history: object, reason: object) -> CliError:
    """The one line (status 1) of a save that stopped: how many games were kept, where,
    and why the others were not."""
    return CliError(
        ngettext(
            "{stored} of {total} game stored in {history}: {reason}",
            "{stored} of {total} games stored in {history}, the others were not: {reason}",
            total,
        ).format(stored=stored, total=total, history=history, reason=reason),
        status=1,
    )


def _run_table(args: argparse.Namespace, bots: list[str]) -> int:
    """Two or more bots against each other, seats rotated game by game."""
    from dicepoker_tui.family import family_of
    from dicepoker_tui.family.head_to_head import head_to_head

    try:
        spec = family_of(args.variant)
    except KeyError:
        raise CliError(unknown_variant(args.variant)) from None
    levels = spec.bot_levels()
    for bot in bots:
        if bot not in levels:
            raise CliError(
                _("unknown bot level {level} (known: {levels})").format(
                    level=repr(bot), levels=", ".join(levels)
                )
            )
    if not spec.min_seats <= len(bots) <= spec.max_seats:
        raise CliError(
            _("{variant} is played by {low} to {high} bots, not {n}").format(
                variant=args.variant, low=max(2, spec.min_seats), high=spec.max_seats, n=len(bots)
            )
        )
    games = _count(args.games, "games", 1, MAX_SAVED if args.save else MAX_GAMES)
    seed = _count(args.seed, "seed", 0, 2**63 - 1)
    result = head_to_head(
        args.variant, bots, games, seed, keep=args.save, progress=progress_line(args.variant)
    )
    saved = _save(result.played) if args.save else None
    s = result.summary()
    if args.json:
        print(json.dumps(s))
        return 0
    print(
        ngettext(
            "{variant}: {n} game between {bots} (seed {seed}, seats rotated)",
            "{variant}: {n} games between {bots} (seed {seed}, seats rotated)",
            games,
        ).format(variant=args.variant, n=games, bots=", ".join(bots), seed=seed)
    )
    measure = _("mean total") if spec.id == "scoresheet" else _("mean place")
    print(f"  #  {_('bot'):<10} {_('wins'):>10} {_('share'):>8} {measure:>12}")
    for b in s["bots"]:
        print(
            f"{b['seat'] + 1:>3}  {b['bot']:<10} {b['wins']:>10.1f} "
            f"{b['win_share']:>8.2%} {b['mean']:>12.2f}"
        )
    print(f"{_('seconds')}: {s['seconds']:.2f}")
    _print_saved(saved)
    return 0


def _print_saved(saved: int | None) -> None:
    """How many games `--save` kept (nothing without `--save`)."""
    if saved is not None:
        print(
            ngettext(
                "saved {n} game to the history", "saved {n} games to the history", saved
            ).format(n=saved)
        )
