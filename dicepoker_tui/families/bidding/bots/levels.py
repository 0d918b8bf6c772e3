"""Bots for the bidding family: they bid from binomial odds, bluff sometimes, and challenge
when the last bid is unlikely given their own cup and the number of hidden dice."""

from __future__ import annotations

import random
from dataclasses import dataclass

from dicepoker_tui.families.bidding.bots.moves import (
    BidChooser,
    BiddingAction,
    CallCalza,
    CallChallenge,
    PlaceBid,
    at_least,
    exactly,
    match_chance,
    own_count,
)
from dicepoker_tui.families.bidding.rules.rules import legal_bids
from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.families.bidding.rules.variants import BiddingVariant


@dataclass(frozen=True)
class Temperament:
    """How a level plays: when it doubts, how often it bluffs, how noisy it is."""

    doubt_below: float
    calza_above: float
    bluff_rate: float
    noise: float


LEVELS: dict[str, Temperament] = {
    "novice": Temperament(doubt_below=0.3, calza_above=0.5, bluff_rate=0.3, noise=0.2),
}
"""The levels that play from binomial odds alone."""


class BiddingBot:
    """A probability-driven bidder. `view` is the bot's own view of the state."""

    def __init__(self, level: str = "novice", seed: int | None = None) -> None:
        self.level = level
        self.temperament = LEVELS[level]
        self._rng = random.Random(seed)

    def holds(
        self, view: BiddingState, variant: BiddingVariant, seat: int, q: int, f: int
    ) -> float:
        hidden = view.total_dice - view.dice_left[seat]
        mine = own_count(view, variant, seat, f)
        return at_least(hidden, match_chance(view, variant, f), q - mine)

    def choose(self, view: BiddingState, variant: BiddingVariant, seat: int) -> BiddingAction:
        t = self.temperament
        jitter = self._rng.uniform(-t.noise, t.noise)
        bid = view.bid
        if bid is not None:
            p_holds = self.holds(view, variant, seat, bid.quantity, bid.face)
            if variant.calza:
                hidden = view.total_dice - view.dice_left[seat]
                need = bid.quantity - own_count(view, variant, seat, bid.face)
                p_exact = exactly(hidden, match_chance(view, variant, bid.face), need)
                if p_exact + jitter > t.calza_above:
                    return CallCalza()
            if p_holds + jitter < t.doubt_below:
                return CallChallenge()
        options = legal_bids(view, variant)
        if not options:
            return CallChallenge()
        cheapest: dict[int, tuple[int, int]] = {}
        for q, f in options:
            if f not in cheapest or q < cheapest[f][0]:
                cheapest[f] = (q, f)
        if self._rng.random() < t.bluff_rate:
            q, f = self._rng.choice(list(cheapest.values()))
            return PlaceBid(q, f)
        scored = []
        for q, f in cheapest.values():
            # Prefer raises likely to hold; among equals, one more die is a bolder claim.
            target = q
            p = self.holds(view, variant, seat, target, f)
            while p > 0.75 and target < view.total_dice:
                p_next = self.holds(view, variant, seat, target + 1, f)
                if p_next < 0.6:
                    break
                target, p = target + 1, p_next
            scored.append((p + self._rng.uniform(-t.noise, t.noise), target, f))
        p, q, f = max(scored)
        if bid is not None and p < self.holds(view, variant, seat, bid.quantity, bid.face) - 0.5:
            return CallChallenge()
        return PlaceBid(q, f)


READERS = {"casual": 0.3, "strong": 1.0}
"""The levels that read the bids and play the odds (`ai.bidding_reader`), by how much of
what the bids say they believe."""
EXPERT = "expert"
"""The level that reads the table and mixes its play (`ai.bidding_expert`)."""


def bidding_bot_levels() -> list[str]:
    """The levels in the order they are offered (a new bot seat takes the first)."""
    return ["strong", *LEVELS, "casual", EXPERT]


def make_bidding_bot(level: str, seed: int | None = None) -> BidChooser:
    if level in READERS:
        # deferred: the reader loads numpy when first seated
        from dicepoker_tui.families.bidding.bots.reader import ReadingBot

        return ReadingBot(seed, reads=READERS[level])
    if level == EXPERT:
        # deferred: the expert loads numpy and its endgame table when first seated
        from dicepoker_tui.families.bidding.bots.expert import ExpertBot

        return ExpertBot(seed)
    if level not in LEVELS:
        known = ", ".join(bidding_bot_levels())
        raise KeyError(f"unknown bot level {level!r} (known: {known})")
    return BiddingBot(level, seed)
