"""Reference opponents for the bidding bots, written apart from the project's own levels.

- `HonestBidder`: bids and challenges by the binomial chance given its own cup alone. It
  challenges a bid that holds with less than an even chance, calls calza when the bid
  is more likely exact than not, and otherwise makes the raise most likely to hold
  (the lower quantity, then the higher face, on a tie). It never bluffs.
- `BidReader`: a Bayesian reader. For every rival it keeps a posterior over the hands
  the rival's cup can hold, and multiplies it, bid by bid, by the chance that a bidder
  holding that hand names the bid's face (faces it holds more of are likelier: a
  soft-max of its count with `SHARP` per die, and `SLACK` for a bluff of any face).
  It then plays like the honest bidder, with the chances taken over the posteriors.

Both take `choose(view, variant, seat)` like every project bot (`bench/bidding_strength.py`
seats them against the levels).
"""

from __future__ import annotations

import random

import numpy as np

from dicepoker_tui.families.bidding.bots.beliefs import combined, count_distribution, hands
from dicepoker_tui.families.bidding.bots.levels import (
    BiddingAction,
    CallCalza,
    CallChallenge,
    PlaceBid,
    at_least,
    exactly,
)
from dicepoker_tui.families.bidding.rules.rules import legal_bids
from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.families.bidding.rules.variants import BiddingVariant

SHARP = 1.0
"""Log-odds a die of a face adds to a rival naming that face."""
AIM = 1.01
"""A raise is made as bold as still holds with this chance (above 1: the likeliest raise)."""
SLACK = 0.15
"""Share of a rival's bids the reader takes for a face chosen at random."""


def _wild(view: BiddingState, variant: BiddingVariant) -> bool:
    return variant.wild_ones and not view.palifico


def _own(view: BiddingState, variant: BiddingVariant, seat: int, face: int) -> int:
    wild = _wild(view, variant) and face != 1
    return sum(1 for d in view.cups[seat] if d == face or (wild and d == 1))


def _p(view: BiddingState, variant: BiddingVariant, face: int) -> float:
    return 2 / 6 if _wild(view, variant) and face != 1 else 1 / 6


def pick(options: list[tuple[int, int]], holds) -> tuple[int, int]:
    """The boldest raise that holds with at least `AIM`, else the likeliest one."""
    chance = {b: holds(b) for b in options}
    bold = [b for b in options if chance[b] >= AIM]
    if bold:
        return max(bold, key=lambda b: (b[0], chance[b], b[1]))
    return max(options, key=lambda b: (chance[b], -b[0], b[1]))


class HonestBidder:
    """The binomial honest bidder (see the module)."""

    level = "honest"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def holds(self, view: BiddingState, variant: BiddingVariant, seat: int, q: int, f: int):
        """(P(at least q), P(exactly q)) dice count for `f`, from this seat's cup."""
        hidden = view.total_dice - view.dice_left[seat]
        need = q - _own(view, variant, seat, f)
        p = _p(view, variant, f)
        return at_least(hidden, p, need), exactly(hidden, p, need)

    def choose(self, view: BiddingState, variant: BiddingVariant, seat: int) -> BiddingAction:
        bid = view.bid
        if bid is not None:
            p_holds, p_exact = self.holds(view, variant, seat, bid.quantity, bid.face)
            if variant.calza and p_exact > 0.5:
                return CallCalza()
            if p_holds < 0.5:
                return CallChallenge()
        options = legal_bids(view, variant)
        if not options:
            return CallChallenge()
        return PlaceBid(*pick(options, lambda b: self.holds(view, variant, seat, *b)[0]))


class BidReader(HonestBidder):
    """The Bayesian bid-reader (see the module)."""

    level = "reader"

    def posteriors(self, view: BiddingState, variant: BiddingVariant, seat: int):
        wild = _wild(view, variant)
        post = {}
        for j, n in enumerate(view.dice_left):
            if n == 0 or j == seat:
                continue
            h = hands(n, wild)
            counts = h.counts[:, 1:].astype(float)
            if wild:
                counts[:, 0] = h.counts[:, 1]  # a bid on ones counts the ones alone
            like = np.exp(SHARP * counts)
            like /= like.sum(axis=1, keepdims=True)
            p = h.prior.copy()
            for b in view.round_bids:
                if b.player == j:
                    p *= (1 - SLACK) * like[:, b.face - 1] + SLACK / 6
            post[j] = p / p.sum()
        return post

    def choose(self, view: BiddingState, variant: BiddingVariant, seat: int) -> BiddingAction:
        wild = _wild(view, variant)
        post = self.posteriors(view, variant, seat)
        rest = {
            f: combined(
                [count_distribution(p, view.dice_left[j], wild, f) for j, p in post.items()]
            )
            for f in range(1, 7)
        }

        def chances(q: int, f: int) -> tuple[float, float]:
            need = q - _own(view, variant, seat, f)
            dist = rest[f]
            tail = float(dist[max(need, 0) :].sum()) if need < len(dist) else 0.0
            exact = float(dist[need]) if 0 <= need < len(dist) else 0.0
            return tail, exact

        bid = view.bid
        if bid is not None:
            p_holds, p_exact = chances(bid.quantity, bid.face)
            if variant.calza and p_exact > 0.5:
                return CallCalza()
            if p_holds < 0.5:
                return CallChallenge()
        options = legal_bids(view, variant)
        if not options:
            return CallChallenge()
        return PlaceBid(*pick(options, lambda b: chances(*b)[0]))
