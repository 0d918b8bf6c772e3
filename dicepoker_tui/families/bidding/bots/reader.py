"""The `strong` bidding bot: it reads the bids, then plays the odds.

For every other seat it keeps the posterior over its cup that the bids of the round
give (`ai.bidding_beliefs`), and takes the chance that a bid holds over those posteriors
and its own cup. It challenges a bid that holds with less than `DOUBT_BELOW`, calls a
calza that is more likely exact than `CALZA_ABOVE` (a calza at five dice wins nothing,
so never there), and otherwise raises: the likeliest raise, made one die bolder while
that still holds with `BOLD_ABOVE`; one raise in `BLUFF_EVERY` is the cheapest raise of
another face, so its bids do not always show its cup.
"""

from __future__ import annotations

import random

from dicepoker_tui.families.bidding.bots.beliefs import (
    at_least_from,
    combined,
    count_distribution,
    exactly_from,
    hands,
    posteriors,
)
from dicepoker_tui.families.bidding.bots.moves import (
    BiddingAction,
    CallCalza,
    CallChallenge,
    PlaceBid,
)
from dicepoker_tui.families.bidding.rules.rules import legal_bids
from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.families.bidding.rules.variants import BiddingVariant

DOUBT_BELOW = 0.5
CALZA_ABOVE = 0.5
BOLD_ABOVE = 0.7
BLUFF_EVERY = 8


class ReadingBot:
    """Posterior odds, threshold play. `view` is the bot's own view of the state."""

    def __init__(self, seed: int | None = None, reads: float = 1.0) -> None:
        self._rng = random.Random(seed)
        self.reads = reads
        """How much of what the bids say is believed: the posterior is the prior times
        the bids' likelihood to this power (1: all of it; `casual` believes less)."""
        self.level = "strong" if reads >= 1 else "casual"

    def choose(self, view: BiddingState, variant: BiddingVariant, seat: int) -> BiddingAction:
        wild = variant.wild_ones and not view.palifico
        post = posteriors(view, variant, seat)
        if self.reads < 1:
            for j, p in post.items():
                prior = hands(view.dice_left[j], wild).prior
                p = prior * (p / prior) ** self.reads
                post[j] = p / p.sum()
        rests: dict[int, object] = {}

        def chances(q: int, f: int) -> tuple[float, float]:
            if f not in rests:
                rests[f] = combined(
                    [count_distribution(p, view.dice_left[j], wild, f) for j, p in post.items()]
                )
            mine = sum(1 for d in view.cups[seat] if d == f or (wild and f != 1 and d == 1))
            rest = rests[f]
            return float(at_least_from(rest, q - mine)), float(exactly_from(rest, q - mine))

        bid = view.bid
        if bid is not None:
            holds, exact = chances(bid.quantity, bid.face)
            full = view.dice_left[seat] >= variant.dice_per_player
            if variant.calza and not full and exact > CALZA_ABOVE:
                return CallCalza()
            if holds < DOUBT_BELOW:
                return CallChallenge()
        options = legal_bids(view, variant)
        if not options:
            return CallChallenge()
        cheapest: dict[int, int] = {}
        for q, f in options:
            cheapest[f] = min(q, cheapest.get(f, q))
        if len(cheapest) > 1 and self._rng.randrange(BLUFF_EVERY) == 0:
            f = self._rng.choice(sorted(cheapest))
            return PlaceBid(cheapest[f], f)
        q, f = max(options, key=lambda b: (chances(*b)[0], -b[0], b[1]))
        while q < view.total_dice and chances(q + 1, f)[0] >= BOLD_ABOVE:
            q += 1
        return PlaceBid(q, f)
