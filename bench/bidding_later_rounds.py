"""What the rounds beyond the solved ones are worth: two `expert` bots play on from a
two-seat Perudo position and the share of games the seat that opens wins is counted.

    .venv/bin/python bench/bidding_later_rounds.py [--games 600] [--seed 1]

The positions are those a right calza leads to from the solved rounds of two dice
against one (`round_table`): three dice against one, the three-dice seat opening, and
two dice against two. The seat that has had its palifico is the one that held a single
die. Prints each share ± one standard error and, in the game's units (+1 a win, −1 a
loss), the value `round_table` takes for it.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bidding_strength import _act

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.bots.levels import make_bidding_bot
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.game import BiddingGame

POSITIONS = {
    "3v1": ((3, 1), (False, True)),
    "2v2": ((2, 2), (True, False)),
}
"""Name → (dice of the opener and of the other seat, whether each has had its palifico)."""


def start(dice: tuple[int, int], done: tuple[bool, bool], seed: int) -> BiddingGame:
    """A game at `dice`, seat 0 opening a fresh round."""
    rng = random.Random(seed)
    players = [Player(name="a", kind="bot"), Player(name="b", kind="bot")]
    events: list[ev.Event] = [ev.GameStarted(variant="perudo", players=players, seed=seed)]
    for seat in (0, 1):
        if done[seat]:  # its palifico went by: it dropped to one die once
            events.append(ev.DiceCountChanged(player=seat, delta=-4, dice_left=1))
            events.append(
                ev.DiceCountChanged(player=seat, delta=dice[seat] - 1, dice_left=dice[seat])
            )
        else:
            events.append(
                ev.DiceCountChanged(player=seat, delta=dice[seat] - 5, dice_left=dice[seat])
            )
    cups = [tuple(sorted(rng.randint(1, 6) for _ in range(n))) for n in dice]
    events.append(ev.RoundStarted(round=9, starter=0, palifico=False, cups=cups))
    return BiddingGame.from_events(events)


def opener_share(name: str, games: int, seed: int) -> tuple[float, float]:
    dice, done = POSITIONS[name]
    wins = 0
    for g in range(games):
        game = start(dice, done, seed + g)
        bots = [
            make_bidding_bot("expert", seed + 2 * g),
            make_bidding_bot("expert", seed + 2 * g + 1),
        ]
        while not game.finished:
            seat = game.current
            _act(game, bots[seat].choose(game.state.view_for(seat), game.variant, seat))
        standings = game.state.standings or []
        wins += next(s.player for s in standings if s.place == 1) == 0
    p = wins / games
    return p, math.sqrt(p * (1 - p) / games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| position | games | opener wins | value for the opener |")
    print("|---|---:|---:|---:|")
    for name in POSITIONS:
        p, se = opener_share(name, args.games, args.seed)
        print(
            f"| {name} | {args.games} | {p:.1%} ± {se:.1%} | {2 * p - 1:+.3f} ± {2 * se:.3f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
