"""The `expert` bidding bot: it reads the table and does not give its cup away.

From the bids of the round it keeps a posterior over every other seat's cup
(`ai.bidding_beliefs`), allowing each seat the bluffs its revealed cups showed earlier
in the game. It weighs each move by the chance to win the game it changes
(`win_chance`: with two seats left, losing the last die weighs most): a challenge
costs us a die when the bid holds and the bidder one otherwise; a calza wins or loses
one; a raise is judged by how the next seat will likely answer it, reading our bids of
the round and this one as we read its: a challenge (settled by all the cups), a calza,
or a raise of its own (the round goes on, worth `GOES_ON` of a die to us). It then
draws its move, near-equal ones mixed (`_mixed`), so the face it bids says less about
its cup. With one die against one die it plays the solved equilibrium of
`endgame`, whenever its table covers the position, and with two dice against one
(either way round) the equilibrium `round_table` solved by CFR.
"""

from __future__ import annotations

import json
import math
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
    seen_by,
    soft_at_least,
    tail,
)
from dicepoker_tui.families.bidding.bots.endgame import TABLE_PATH, infoset_key
from dicepoker_tui.families.bidding.bots.moves import (
    BiddingAction,
    CallCalza,
    CallChallenge,
    PlaceBid,
)
from dicepoker_tui.families.bidding.bots.round_table import ROUNDS, round_key, solved_round
from dicepoker_tui.families.bidding.rules.rules import legal_bids
from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.families.bidding.rules.variants import BiddingVariant

GOES_ON = {2: -0.1}
"""What a raise that the next seat answers with a raise of its own is worth to us, by
the number of seats in the game (others: `GOES_ON_MANY`), in lost dice of ours."""
GOES_ON_MANY = 0.0
MIX = 0.08
"""Temperature of the mixed choice, as a share of what losing a die costs us."""
CUT = 0.3
"""Moves worse than the best by more than this share of a die are never played."""
PRIOR_BLUFFS, PRIOR_BIDS = 1.0, 5.0
"""Before any reveal, a seat is taken to bluff one bid in five."""
READS_US = 0.75
"""How likely the next seat is taken to read our bids as we read its (`_their_rest`);
otherwise it judges a raise from its own cup alone."""
EXTRA_RAISE = 2
"""Beyond the cheapest raise of each face, how many bolder quantities are weighed."""


@cache
def endgame_table() -> dict:
    return json.loads(TABLE_PATH.read_text())


@cache
def win_chance(dice: tuple[int, ...], seat: int) -> float:
    """The chance that `seat` wins from these dice counts, if every round took a die from
    a seat at random: with two seats left the exact walk (losing the last die weighs
    most), with more a seat's share of the dice."""
    alive = [j for j, n in enumerate(dice) if n > 0]
    if dice[seat] == 0:
        return 0.0
    if len(alive) == 1:
        return 1.0
    if len(alive) > 2:
        return dice[seat] / sum(dice)
    other = alive[0] if alive[1] == seat else alive[1]
    a, b = dice[seat], dice[other]
    return _duel(a, b)


@cache
def _duel(a: int, b: int) -> float:
    if b == 0:
        return 1.0
    if a == 0:
        return 0.0
    return 0.5 * _duel(a - 1, b) + 0.5 * _duel(a, b - 1)


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
        self._record: dict[int, tuple[int, int]] = {}
        """Seat → (bids seen revealed, bids its cup did not back)."""
        self._seen_bids: list = []
        self._seen_round, self._seen_palifico = -1, False

    def choose(self, view: BiddingState, variant: BiddingVariant, seat: int) -> BiddingAction:
        self._learn(view, variant)
        action = self._endgame(view, variant, seat)
        if action is not None:
            return action
        return self._by_beliefs(view, variant, seat)

    # --- one die against one die ------------------------------------------------------

    def _endgame(
        self, view: BiddingState, variant: BiddingVariant, seat: int
    ) -> BiddingAction | None:
        alive = [j for j, n in enumerate(view.dice_left) if n > 0]
        if len(alive) != 2:
            return None
        if any(view.dice_left[j] != 1 for j in alive):
            return self._solved_round(view, variant, seat, alive)
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

    def _solved_round(
        self, view: BiddingState, variant: BiddingVariant, seat: int, alive: list[int]
    ) -> BiddingAction | None:
        """Two dice against one, either way round: the equilibrium of `round_table`."""
        other = alive[0] if alive[1] == view.starter else alive[1]
        dice = (view.dice_left[view.starter], view.dice_left[other])
        two = view.starter if dice[0] == 2 else other
        done = len(view.palifico_done) > two and view.palifico_done[two]
        key = round_key(variant.id, dice, view.palifico, done)
        if key not in ROUNDS:
            return None
        role = 0 if view.starter == seat else 1
        history = [(b.quantity, b.face) for b in view.round_bids]
        moves = solved_round(key).moves_at(role, tuple(view.cups[seat]), history)
        if not moves:
            return None
        options = sorted(moves, key=str)
        pick = self._rng.choices(options, weights=[moves[m] for m in options])[0]
        if pick == "challenge":
            return CallChallenge() if view.bid is not None else None
        if pick == "calza":
            return CallCalza() if view.bid is not None and variant.calza else None
        return PlaceBid(*pick) if pick in legal_bids(view, variant) else None

    # --- what the reveals showed --------------------------------------------------------

    def _learn(self, view: BiddingState, variant: BiddingVariant) -> None:
        """Count, per seat, the bids of the last revealed round its own cup did not back
        (no die of its cup counted for the face it bid)."""
        reveal = view.last_reveal
        if reveal is not None and self._seen_round == view.round - 1 and self._seen_bids:
            wild = variant.wild_ones and not self._seen_palifico
            for b in self._seen_bids:
                cup = reveal.cups[b.player]
                backed = any(d == b.face or (wild and b.face != 1 and d == 1) for d in cup)
                bids, bluffs = self._record.get(b.player, (0, 0))
                self._record[b.player] = (bids + 1, bluffs + (not backed))
            self._seen_bids = []
        if self._seen_round != view.round:
            self._seen_bids = []
        self._seen_round, self._seen_palifico = view.round, view.palifico
        if len(view.round_bids) > len(self._seen_bids):
            self._seen_bids = list(view.round_bids)

    def bluff_rates(self) -> dict[int, float]:
        """Seat → how often it bluffs, from its revealed bids (prior: `PRIOR_BLUFFS` in
        `PRIOR_BIDS`)."""
        return {
            j: (bluffs + PRIOR_BLUFFS) / (bids + PRIOR_BIDS)
            for j, (bids, bluffs) in self._record.items()
        }

    # --- reading the table --------------------------------------------------------------

    def _by_beliefs(self, view: BiddingState, variant: BiddingVariant, seat: int) -> BiddingAction:
        wild = variant.wild_ones and not view.palifico
        post = posteriors(view, variant, seat, self.bluff_rates())
        alive = [j for j, n in enumerate(view.dice_left) if n > 0]
        mine = view.cups[seat]
        full = variant.dice_per_player
        dists = {
            f: {j: count_distribution(p, view.dice_left[j], wild, f) for j, p in post.items()}
            for f in range(1, 7)
        }

        def gain(who: int, delta: int) -> float:
            """What `who` winning (+1) or losing (−1) a die is worth to us, in chance to
            win the game."""
            after = list(view.dice_left)
            after[who] = min(full, after[who] + delta)
            return win_chance(tuple(after), seat) - win_chance(tuple(view.dice_left), seat)

        lose = gain(seat, -1)
        goes_on = GOES_ON.get(len(alive), GOES_ON_MANY) * -lose

        def own(face: int) -> int:
            return sum(1 for d in mine if d == face or (wild and face != 1 and d == 1))

        options: list[tuple[float, BiddingAction]] = []
        bid = view.bid
        if bid is not None:
            rest = combined(list(dists[bid.face].values()))
            need = bid.quantity - own(bid.face)
            holds = float(at_least_from(rest, need))
            options.append((holds * lose + (1 - holds) * gain(bid.player, -1), CallChallenge()))
            if variant.calza:
                hit = float(exactly_from(rest, need))
                options.append((hit * gain(seat, 1) + (1 - hit) * lose, CallCalza()))
        nxt = view.next_seat(seat)
        n_next = view.dice_left[nxt]
        counts_next = hands(n_next, wild).counts
        hidden_next = view.total_dice - n_next
        next_loses, next_wins = gain(nxt, -1), gain(nxt, 1)
        for q, f in self._candidates(view, variant):
            others = [d for j, d in dists[f].items() if j != nxt]
            rest = combined(others)
            need = q - own(f) - counts_next[:, f]
            holds = at_least_from(rest, need)
            pf = chance(wild, f)
            # the next seat's chance that the raise holds, per count it may hold: from its
            # own cup alone, and from its cup and what our bids told it of ours
            plain = np.array([tail(hidden_next, pf, q - c) for c in range(n_next + 1)])
            their_rest = self._their_rest(view, variant, seat, nxt, q, f, dists[f])
            read = (
                plain
                if their_rest is None
                else at_least_from(their_rest, q - np.arange(n_next + 1))
            )
            believes = READS_US * soft_at_least(read[counts_next[:, f]], DOUBT_BELOW)
            believes += (1 - READS_US) * soft_at_least(plain[counts_next[:, f]], DOUBT_BELOW)
            calls = np.zeros(len(need))
            calza_value = np.zeros(len(need))
            if variant.calza:
                their_exact = np.array([exact(hidden_next, pf, q - c) for c in range(n_next + 1)])
                calls = soft_at_least(their_exact[counts_next[:, f]], CALZA_ABOVE)
                hit = exactly_from(rest, need)
                calza_value = hit * next_wins + (1 - hit) * next_loses
            doubts = (1 - calls) * (1 - believes)
            challenge_value = holds * next_loses + (1 - holds) * lose
            value = doubts * challenge_value + calls * calza_value
            value += (1 - doubts - calls) * goes_on
            options.append((float(post[nxt] @ value), PlaceBid(q, f)))
        if not options:
            return CallChallenge()
        return self._mixed(options, -lose)

    def _their_rest(self, view, variant, seat, nxt, q, f, dists) -> np.ndarray | None:
        """The next seat's distribution of the dice counting for `f` outside its cup, if
        it reads our bids (READS_US): ours as our bids of the round and this one show
        them, the others' as we believe them. None: it is taken to read nothing."""
        if READS_US <= 0:
            return None
        wild = variant.wild_ones and not view.palifico
        ours = seen_by(view, variant, seat, nxt, q, f)
        mine = count_distribution(ours, view.dice_left[seat], wild, f)
        return combined([mine, *(d for j, d in dists.items() if j != nxt)])

    def _mixed(self, options: list[tuple[float, BiddingAction]], scale: float) -> BiddingAction:
        """A move drawn at a chance that falls off with how much worse than the best it is
        (a soft-max with temperature `MIX` × the value of a die): near-equal raises are
        mixed, so the face bid says less about the cup; clear mistakes are not played."""
        best = max(v for v, _ in options)
        tau = max(MIX * scale, 1e-9)
        floor = best - CUT * scale
        weights = [math.exp((v - best) / tau) if v >= floor else 0.0 for v, _ in options]
        return self._rng.choices([a for _, a in options], weights=weights)[0]

    def _candidates(self, view: BiddingState, variant: BiddingVariant) -> list[tuple[int, int]]:
        legal = legal_bids(view, variant)
        cheapest: dict[int, int] = {}
        for q, f in legal:
            cheapest[f] = min(q, cheapest.get(f, q))
        out = []
        for f, q in cheapest.items():
            out.extend((q + i, f) for i in range(EXTRA_RAISE + 1) if q + i <= view.total_dice)
        return out
