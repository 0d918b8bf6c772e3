"""The `expert` bidding bot: it reads the table.

From the bids of the round it keeps a posterior over every other seat's cup
(`ai.bidding_beliefs`), and with it weighs each move in dice: a challenge loses a die
when the bid holds and costs the bidder one otherwise; a calza wins or loses one; a
raise is judged by how the next seat will likely answer it, given what its cup probably
holds: a challenge (settled by all the cups), a calza, or a raise of its own (the round
goes on, worth `GOES_ON` to us). With one die against one die it plays the solved
equilibrium of `ai.bidding_endgame`, whenever its table covers the position.
"""

from __future__ import annotations

import json
import random
from functools import cache

import numpy as np

from dicepoker_tui.families.bidding.bots.beliefs import (
    CALZA_ABOVE,
    DOUBT_BELOW,
    at_least_from,
    chance,
    combined,
    count_distribution,
    exact,
    exactly_from,
    hands,
    posteriors,
    soft_at_least,
    tail,
)
from dicepoker_tui.families.bidding.bots.endgame import TABLE_PATH, infoset_key
from dicepoker_tui.families.bidding.bots.levels import (
    BiddingAction,
    CallCalza,
    CallChallenge,
    PlaceBid,
)
from dicepoker_tui.families.bidding.rules.rules import legal_bids
from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.families.bidding.rules.variants import BiddingVariant

GOES_ON = {2: -0.1}
"""What a raise that the next seat answers with a raise of its own is worth to us, by
the number of seats in the game (others: `GOES_ON_MANY`)."""
GOES_ON_MANY = 0.0
EXTRA_RAISE = 2
"""Beyond the cheapest raise of each face, how many bolder quantities are weighed."""


@cache
def endgame_table() -> dict:
    return json.loads(TABLE_PATH.read_text())


def endgame_key(variant: BiddingVariant, palifico: bool) -> str | None:
    """Which solved rule set a one-against-one round of `variant` is (None: unsolved)."""
    if not variant.wild_ones and not variant.calza:
        return "liars-dice"
    if variant.wild_ones and variant.calza and variant.palifico:
        return "perudo-palifico" if palifico else "perudo"
    if variant.wild_ones and variant.calza and not palifico:
        return "perudo"
    return None


def endgame_value(key: str) -> float:
    """The solved game value for the seat that opens the round."""
    return float(endgame_table()[key]["value"])


class ExpertBot:
    """Bayesian bidder with a solved one-die endgame. `view` is the bot's own view."""

    level = "expert"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: BiddingState, variant: BiddingVariant, seat: int) -> BiddingAction:
        action = self._endgame(view, variant, seat)
        if action is not None:
            return action
        return self._by_beliefs(view, variant, seat)

    # --- one die against one die ------------------------------------------------------

    def _endgame(
        self, view: BiddingState, variant: BiddingVariant, seat: int
    ) -> BiddingAction | None:
        alive = [j for j, n in enumerate(view.dice_left) if n > 0]
        if len(alive) != 2 or any(view.dice_left[j] != 1 for j in alive):
            return None
        key = endgame_key(variant, view.palifico)
        if key is None:
            return None
        role = 0 if view.starter == seat else 1
        history = tuple((b.quantity, b.face) for b in view.round_bids)
        probs = endgame_table()[key]["strategy"].get(infoset_key(role, view.cups[seat][0], history))
        if not probs:
            return None
        moves = sorted(probs)
        pick = self._rng.choices(moves, weights=[probs[m] for m in moves])[0]
        if pick == "challenge":
            return CallChallenge() if view.bid is not None else None
        if pick == "calza":
            return CallCalza() if view.bid is not None and variant.calza else None
        q, f = (int(x) for x in pick.split("x"))
        return PlaceBid(q, f) if (q, f) in legal_bids(view, variant) else None

    # --- reading the table --------------------------------------------------------------

    def _by_beliefs(self, view: BiddingState, variant: BiddingVariant, seat: int) -> BiddingAction:
        wild = variant.wild_ones and not view.palifico
        post = posteriors(view, variant, seat)
        alive = [j for j, n in enumerate(view.dice_left) if n > 0]
        weight = 1.0 / max(1, len(alive) - 1)
        goes_on = GOES_ON.get(len(alive), GOES_ON_MANY)
        mine = view.cups[seat]
        dists = {
            f: {j: count_distribution(p, view.dice_left[j], wild, f) for j, p in post.items()}
            for f in range(1, 7)
        }

        def own(face: int) -> int:
            return sum(1 for d in mine if d == face or (wild and face != 1 and d == 1))

        options: list[tuple[float, BiddingAction]] = []
        bid = view.bid
        if bid is not None:
            rest = combined(list(dists[bid.face].values()))
            need = bid.quantity - own(bid.face)
            holds = float(at_least_from(rest, need))
            options.append((holds * -1 + (1 - holds) * weight, CallChallenge()))
            if variant.calza:
                hit = float(exactly_from(rest, need))
                gain = 1.0 if view.dice_left[seat] < variant.dice_per_player else 0.0
                options.append((hit * gain - (1 - hit), CallCalza()))
        nxt = view.next_seat(seat)
        n_next = view.dice_left[nxt]
        counts_next = hands(n_next, wild).counts
        hidden_next = view.total_dice - n_next
        for q, f in self._candidates(view, variant):
            others = [d for j, d in dists[f].items() if j != nxt]
            rest = combined(others)
            need = q - own(f) - counts_next[:, f]
            holds = at_least_from(rest, need)
            pf = chance(wild, f)
            # what the next seat reckons from its own cup alone, per count it may hold
            their_holds = np.array([tail(hidden_next, pf, q - c) for c in range(n_next + 1)])
            their_holds = their_holds[counts_next[:, f]]
            calls = np.zeros(len(need))
            calza_value = np.zeros(len(need))
            if variant.calza:
                their_exact = np.array([exact(hidden_next, pf, q - c) for c in range(n_next + 1)])
                calls = soft_at_least(their_exact[counts_next[:, f]], CALZA_ABOVE)
                hit = exactly_from(rest, need)
                calza_value = hit * -weight + (1 - hit) * weight
            doubts = (1 - calls) * (1 - soft_at_least(their_holds, DOUBT_BELOW))
            challenge_value = holds * weight - (1 - holds)
            value = doubts * challenge_value + calls * calza_value
            value += (1 - doubts - calls) * goes_on
            options.append((float(post[nxt] @ value), PlaceBid(q, f)))
        if not options:
            return CallChallenge()
        best = max(v for v, _ in options)
        close = [a for v, a in options if v >= best - 0.01]
        return self._rng.choice(close)

    def _candidates(self, view: BiddingState, variant: BiddingVariant) -> list[tuple[int, int]]:
        legal = legal_bids(view, variant)
        cheapest: dict[int, int] = {}
        for q, f in legal:
            cheapest[f] = min(q, cheapest.get(f, q))
        out = []
        for f, q in cheapest.items():
            out.extend((q + i, f) for i in range(EXTRA_RAISE + 1) if q + i <= view.total_dice)
        return out
