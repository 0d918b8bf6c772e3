"""What the bids of a round say about the cups under them: a posterior over each other
seat's hand, given a model of how a seat bids.

Every hand a cup of n dice can hold (a multiset of faces) starts at its multinomial
chance. Each bid a seat made this round multiplies its hands by the bid's likelihood
under the bidding model: a seat mostly bids the face its own cup makes likeliest (a
soft arg-max of the chance the bid holds, as the `strong` bot scores its raises), about
as high as its cup supports; sometimes it bluffs with the cheapest bid of a random face;
and by bidding at all it did not call the bid before it, which says the seat believed
that bid. The posteriors give, for any face, the distribution of the dice counting for
it under the other cups, and so the chance that any bid holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any

import numpy as np

from dicepoker_tui.families.bidding.bots.moves import at_least, exactly
from dicepoker_tui.families.bidding.rules.rules import bid_refusal
from dicepoker_tui.families.bidding.rules.state import BiddingState, CurrentBid
from dicepoker_tui.families.bidding.rules.variants import BiddingVariant

BLUFF = 0.2
"""How often the model lets a seat bid the cheapest raise of a random face."""
SHARPNESS = 0.04
"""Temperature of the soft arg-max over faces (the strong bot's jitter is ±0.02)."""
DOUBT_BELOW, CALZA_ABOVE, JITTER = 0.45, 0.38, 0.05
"""A seat that raises believed the bid before it held (chance over `DOUBT_BELOW`)."""
MISFIT = 0.3
"""A bid `k` dice away from the quantity the model expects of a hand is MISFIT**k as
likely."""
FLOOR = 1e-3
"""No hand is ever ruled out altogether: people bid in ways no model foresees."""


@dataclass(frozen=True)
class Hands:
    """Every hand of n dice: its prior chance and, per face, how many dice count for it."""

    prior: np.ndarray
    counts: np.ndarray
    """shape (hands, 7): column f counts face f (column 0 unused)."""


@cache
def hands(n: int, wild: bool) -> Hands:
    cups = list(combinations_with_replacement(range(1, 7), n))
    prior = np.array(
        [factorial(n) / prod(factorial(cup.count(f)) for f in set(cup)) for cup in cups]
    )
    counts = np.zeros((len(cups), 7), dtype=np.int64)
    for i, cup in enumerate(cups):
        for f in range(1, 7):
            counts[i, f] = sum(1 for d in cup if d == f or (wild and f != 1 and d == 1))
    return Hands(prior / prior.sum(), counts)


def chance(wild: bool, face: int) -> float:
    return 2 / 6 if wild and face != 1 else 1 / 6


@cache
def tail(hidden: int, p: float, need: int) -> float:
    return at_least(hidden, p, need)


@cache
def exact(hidden: int, p: float, need: int) -> float:
    return exactly(hidden, p, need)


@dataclass
class _Moment:
    """The public facts `bid_refusal` reads, at one moment of a round."""

    total_dice: int
    bid: CurrentBid | None
    palifico: bool
    opening_face: int | None


def cheapest_raises(moment: Any, variant: BiddingVariant) -> dict[int, int]:
    """Face → the smallest legal quantity for it now (faces with no legal bid left out)."""
    out: dict[int, int] = {}
    for face in range(1, 7):
        for q in range(1, moment.total_dice + 1):
            if bid_refusal(moment, variant, q, face) is None:
                out[face] = q
                break
    return out


def soft_at_least(p: np.ndarray, threshold: float) -> np.ndarray:
    """Chance that p plus a little noise reaches `threshold`."""
    return np.clip((p - threshold + JITTER) / (2 * JITTER), 0.0, 1.0)


def bid_likelihood(
    moment: _Moment,
    variant: BiddingVariant,
    wild: bool,
    n: int,
    quantity: int,
    face: int,
    bluff: float = BLUFF,
) -> np.ndarray:
    """P(this bid | hand) for every hand of a seat with `n` dice (`bluff`: how often the
    seat is taken to bid the cheapest raise of a random face)."""
    h = hands(n, wild)
    hidden = moment.total_dice - n
    cheap = cheapest_raises(moment, variant)
    faces = sorted(cheap)
    score = np.zeros((n + 1, 7))
    target = np.zeros((n + 1, 7), dtype=np.int64)
    for g in faces:
        pg = chance(wild, g)
        for c in range(n + 1):
            t = cheap[g]
            p = tail(hidden, pg, t - c)
            while p > 0.75 and t < moment.total_dice:
                p_next = tail(hidden, pg, t + 1 - c)
                if p_next < 0.6:
                    break
                t, p = t + 1, p_next
            score[c, g], target[c, g] = p, t
    rows = np.arange(len(h.prior))
    s = np.stack([score[h.counts[:, g], g] for g in faces], axis=1) / SHARPNESS
    s = np.exp(s - s.max(axis=1, keepdims=True))
    if face not in cheap:
        return np.ones(len(rows))
    p_face = s[:, faces.index(face)] / s.sum(axis=1)
    off = np.abs(target[h.counts[:, face], face] - quantity)
    honest = p_face * MISFIT**off
    like = (1 - bluff) * honest + bluff * (1.0 / len(faces) if quantity == cheap[face] else 0.0)
    prev = moment.bid
    if prev is not None:
        pp = chance(wild, prev.face)
        need = prev.quantity - h.counts[:, prev.face]
        believed = np.array([tail(hidden, pp, k) for k in range(-n, prev.quantity + 1)])
        like = like * (0.1 + 0.9 * soft_at_least(believed[need + n], DOUBT_BELOW))
    return like + FLOOR


def posteriors(
    view: BiddingState,
    variant: BiddingVariant,
    seat: int,
    bluffs: dict[int, float] | None = None,
) -> dict[int, np.ndarray]:
    """Seat → posterior over its hands (`hands(n, wild)` order), for every other seat
    (`bluffs`: seat → how often it bluffs, where known better than `BLUFF`)."""
    wild = variant.wild_ones and not view.palifico
    post = {
        j: hands(n, wild).prior.copy() for j, n in enumerate(view.dice_left) if n > 0 and j != seat
    }
    prev: CurrentBid | None = None
    opening: int | None = None
    for bid in view.round_bids:
        if bid.player in post:
            moment = _Moment(view.total_dice, prev, view.palifico, opening)
            n = view.dice_left[bid.player]
            rate = (bluffs or {}).get(bid.player, BLUFF)
            post[bid.player] *= bid_likelihood(
                moment, variant, wild, n, bid.quantity, bid.face, rate
            )
            post[bid.player] /= post[bid.player].sum()
        prev = bid
        opening = bid.face if opening is None else opening
    return post


def seen_by(
    view: BiddingState, variant: BiddingVariant, seat: int, reader: int, quantity: int, face: int
) -> np.ndarray:
    """How `reader` would see `seat`'s cup after `seat` bids `quantity` × `face` now: the
    posterior over `seat`'s hands from its bids of the round and that one."""
    wild = variant.wild_ones and not view.palifico
    post = posteriors(view, variant, reader)[seat]
    moment = _Moment(view.total_dice, view.bid, view.palifico, view.opening_face)
    n = view.dice_left[seat]
    post = post * bid_likelihood(moment, variant, wild, n, quantity, face)
    return post / post.sum()


def count_distribution(post: np.ndarray, n: int, wild: bool, face: int) -> np.ndarray:
    """P(k dice of this seat count for `face`), k = 0..n."""
    return np.bincount(hands(n, wild).counts[:, face], weights=post, minlength=n + 1)


def combined(dists: list[np.ndarray]) -> np.ndarray:
    out = np.ones(1)
    for d in dists:
        out = np.convolve(out, d)
    return out


def at_least_from(dist: np.ndarray, need: np.ndarray | int) -> np.ndarray:
    """P(X >= need) for X with distribution `dist` (need may be an array)."""
    tails = np.concatenate([np.cumsum(dist[::-1])[::-1], [0.0]])
    idx = np.clip(need, 0, len(dist))
    return tails[idx]


def exactly_from(dist: np.ndarray, need: np.ndarray | int) -> np.ndarray:
    padded = np.concatenate([dist, [0.0]])
    idx = np.asarray(need)
    ok = (idx >= 0) & (idx < len(dist))
    return np.where(ok, padded[np.clip(idx, 0, len(dist))], 0.0)
