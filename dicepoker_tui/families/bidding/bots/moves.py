"""What a bidding bot chooses (a bid, a challenge, a calza) and the binomial odds every
level reads the table with."""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Protocol

from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.families.bidding.rules.variants import BiddingVariant


@dataclass(frozen=True)
class PlaceBid:
    quantity: int
    face: int


@dataclass(frozen=True)
class CallChallenge:
    pass


@dataclass(frozen=True)
class CallCalza:
    pass


BiddingAction = PlaceBid | CallChallenge | CallCalza


class BidChooser(Protocol):
    """A bidding bot of any level: one move from its own view of the state."""

    def choose(self, view: BiddingState, variant: BiddingVariant, seat: int) -> BiddingAction: ...


def match_chance(state: BiddingState, variant: BiddingVariant, face: int) -> float:
    """Chance that one hidden die counts for `face`."""
    wild = variant.wild_ones and not state.palifico and face != 1
    return 2 / 6 if wild else 1 / 6


def own_count(state: BiddingState, variant: BiddingVariant, seat: int, face: int) -> int:
    wild = variant.wild_ones and not state.palifico and face != 1
    return sum(1 for d in state.cups[seat] if d == face or (wild and d == 1))


def at_least(n: int, p: float, k: int) -> float:
    """P(Binomial(n, p) >= k)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def exactly(n: int, p: float, k: int) -> float:
    if not 0 <= k <= n:
        return 0.0
    return comb(n, k) * p**k * (1 - p) ** (n - k)
