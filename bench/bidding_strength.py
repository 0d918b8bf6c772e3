"""How strong each bidding level is: head to head against the reference opponents of
`bench/honest_bidder.py` (the binomial honest bidder, the Bayesian bid-reader), against
`expert`, and the ladder of the levels.

    .venv/bin/python bench/bidding_strength.py [--games 400] [--seed 1]
        [--only duels|ladder|tells|exploit] [--variant V]... [--pair BOT:RIVAL:SEATS]...

Every game is seeded and played through the engine, each bot from its own view; the
seats rotate game by game. A share is the test seat's wins over the games (a seat of
a two-seat game: fair share 50 %; one seat against three: 25 %), ± one standard error
√(p(1 − p)/n). `--only tells` measures instead how often each level bids the face its
cup holds most of (two seats against `strong`); `--only exploit` what an exact best
response wins from each level in the solved endgames, and from the expert in the solved
rounds of two dice against one. Prints Markdown tables.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from honest_bidder import BidReader, HonestBidder

from dicepoker_tui.families.bidding.bots.levels import (
    BidChooser,
    CallCalza,
    CallChallenge,
    PlaceBid,
    make_bidding_bot,
)
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.family.head_to_head import game_seed

REFERENCE: dict[str, Callable[[int], BidChooser]] = {"honest": HonestBidder, "reader": BidReader}
LEVELS = ("novice", "casual", "strong", "expert")


def maker(name: str) -> Callable[[int], BidChooser]:
    """A bot of a project level or a reference opponent, by name."""
    if name in REFERENCE:
        return REFERENCE[name]
    return lambda seed: make_bidding_bot(name, seed)


def play(variant: str, names: Sequence[str], seed: int) -> int:
    """One game between `names` (seat order); the winning seat."""
    bots = [maker(n)(seed + 7 * i) for i, n in enumerate(names)]
    game = BiddingGame.new(variant, [f"p{i}" for i in range(len(names))], seed=seed)
    while not game.finished:
        seat = game.current
        _act(game, bots[seat].choose(game.state.view_for(seat), game.variant, seat))
    standings = game.state.standings or []
    return next(s.player for s in standings if s.place == 1)


def tells(variant: str, level: str, rival: str, games: int, seed: int) -> tuple[float, float]:
    """How much `level`'s bids give its cup away, two seats against `rival`: the share of
    its bids, and of its openings, on a face its cup holds most of (wild ones counted)."""
    on_most = bids = open_most = opens = 0
    for g in range(games):
        names = [level, rival] if g % 2 == 0 else [rival, level]
        bots = [maker(n)(game_seed(seed, g) + i) for i, n in enumerate(names)]
        game = BiddingGame.new(variant, ["p0", "p1"], seed=game_seed(seed, g))
        while not game.finished:
            seat = game.current
            view = game.state.view_for(seat)
            action = bots[seat].choose(view, game.variant, seat)
            if names[seat] == level and isinstance(action, PlaceBid):
                wild = game.variant.wild_ones and not view.palifico
                cup = view.cups[seat]
                count = {
                    f: sum(1 for d in cup if d == f or (wild and f != 1 and d == 1))
                    for f in range(1, 7)
                }
                most = count[action.face] == max(count.values())
                bids, on_most = bids + 1, on_most + most
                if view.bid is None:
                    opens, open_most = opens + 1, open_most + most
            _act(game, action)
    return on_most / max(bids, 1), open_most / max(opens, 1)


def _act(game: BiddingGame, action: object) -> None:
    if isinstance(action, PlaceBid):
        game.bid(action.quantity, action.face)
    elif isinstance(action, CallCalza):
        game.calza()
    else:
        assert isinstance(action, CallChallenge)
        game.challenge()


def share(variant: str, test: str, rival: str, seats: int, games: int, seed: int):
    """`test` in one seat against `seats - 1` of `rival`: (win share, standard error)."""
    wins = 0
    for g in range(games):
        names = [test] + [rival] * (seats - 1)
        at = g % seats
        names = names[-at:] + names[:-at] if at else names
        wins += play(variant, names, game_seed(seed, g)) == at
    p = wins / games
    return p, math.sqrt(p * (1 - p) / games)


def row(variant: str, test: str, rival: str, seats: int, games: int, seed: int) -> str:
    t0 = time.perf_counter()
    p, se = share(variant, test, rival, seats, games, seed)
    secs = time.perf_counter() - t0
    fair = 1 / seats
    return (
        f"| `{variant}` | {seats} | {test} | {rival} | {p:.1%} ± {se:.1%} | {fair:.0%} "
        f"| {secs:.0f} |"
    )


def exploit_tables() -> None:
    """What an exact best response wins from each level in the solved one-die endgames
    (`bidding_endgame_exploit`), and from the expert in each solved round of two dice
    against one (its stored strategy, every history and hand), in points of win chance."""
    from bidding_endgame_exploit import exploitability

    from dicepoker_tui.families.bidding.bots.endgame import RULE_SETS
    from dicepoker_tui.families.bidding.bots.round_cfr import gains
    from dicepoker_tui.families.bidding.bots.round_table import ROUNDS, solved_round, tree_of

    print("| endgame | bot | bot opens | bot answers |")
    print("|---|---|---:|---:|")
    for key in RULE_SETS:
        for level in LEVELS:
            opens, answers = exploitability(level, key)
            print(f"| `{key}` (1 v 1) | {level} | {opens:.1%} | {answers:.1%} |", flush=True)
    for key in ROUNDS:
        _value, against_other, against_opener = gains(tree_of(key), solved_round(key).strategy())
        line = f"| `{key}` | expert | {against_opener / 2:.2%} | {against_other / 2:.2%} |"
        print(line, flush=True)


HEADER = (
    "| variant | seats | bot | against | win share | fair | s |\n|---|---:|---|---|---:|---:|---:|"
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=("duels", "ladder", "tells", "exploit"))
    parser.add_argument("--variant", action="append", choices=("perudo", "liars-dice"))
    parser.add_argument("--pair", action="append", metavar="BOT:RIVAL:SEATS")
    args = parser.parse_args()
    variants = args.variant or ["perudo", "liars-dice"]
    pairs: list[tuple[str, str, int]] = []
    if args.pair:
        pairs = [(a, b, int(s)) for a, b, s in (p.split(":") for p in args.pair)]
    else:
        if args.only != "ladder":
            pairs += [(lvl, ref, 2) for ref in ("honest", "reader") for lvl in LEVELS]
        if args.only != "duels":
            pairs += [(hi, lo, seats) for seats in (2, 4) for lo, hi in pairwise(LEVELS)]
    if args.only == "exploit":
        exploit_tables()
        return 0
    if args.only == "tells":
        print("| variant | bot | bids on its most-held face | openings on it |")
        print("|---|---|---:|---:|")
        for variant in variants:
            for level in LEVELS:
                bids, opens = tells(variant, level, "strong", args.games, args.seed)
                print(f"| `{variant}` | {level} | {bids:.1%} | {opens:.1%} |", flush=True)
        return 0
    print(HEADER, flush=True)
    for variant in variants:
        for test, rival, seats in pairs:
            print(row(variant, test, rival, seats, args.games, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
