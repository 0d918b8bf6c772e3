"""The whole game tree of a two-seat round with few dice, as arrays.

With `n0` dice for the seat that opens (role 0) and `n1` for the other, the bids are
the `6 (n0 + n1)` pairs (quantity, face), ranked as the rules rank them: at Liar's Dice
(and in a Perudo palifico round, ones not wild) a higher quantity, or the same
quantity of a higher face; at Perudo a bid on `m` ones ranks just above `2m` of any
other face (the rules' halving and doubling make this one order). A legal raise is
always a bid of higher rank, so a round's history is a rising run of bids and the set
of bids made names it: a node is a bit mask over the bid ranks (bit `b` set: bid `b`
was made), and every mask is a node (2^18 of them with three dice). Role 0 acts at a
node with an even number of bids. The actions at a node whose last bid is `k` are the
raises to `k + 1 … B − 1`, then the calls: the challenge, and at Perudo the calza. The
opener has the `B` bids. A move the rules refuse (an opening on ones at Perudo, a
change of face in a palifico round) is in the arrays but never played (`allowed`).

A seat's information set is the node and its own hand (a multiset of its dice). The
payoff of a call is the value, for role 0, of the game after it: ±1 when the loser's
last die goes, else the value of the endgame that follows (the loser, or the caller of
a calza, opens it), given by the caller of this module.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache

import numpy as np

FACES = 6
RULE_SETS = ("liars-dice", "perudo", "palifico")
"""Liar's Dice; Perudo (wild ones, calza); a Perudo palifico round."""


def hands(n: int) -> tuple[list[tuple[int, ...]], np.ndarray, np.ndarray]:
    """The hands of `n` dice (sorted tuples), their chances and their face counts."""
    cups = list(itertools.combinations_with_replacement(range(1, FACES + 1), n))
    chance = np.array(
        [
            math.factorial(n) / math.prod(math.factorial(c.count(f)) for f in set(c)) / FACES**n
            for c in cups
        ]
    )
    counts = np.array([[c.count(f) for f in range(1, FACES + 1)] for c in cups])
    return cups, chance, counts


@cache
def bid_order(rules: str, total: int) -> tuple[tuple[int, int], ...]:
    """Every bid of a round with `total` dice on the table, lowest rank first."""
    if rules != "perudo":
        return tuple((q, f) for q in range(1, total + 1) for f in range(1, FACES + 1))
    order: list[tuple[int, int]] = []
    for q in range(1, total + 1):
        order += [(q, f) for f in range(2, FACES + 1)]
        if q % 2 == 0:
            order.append((q // 2, 1))
    return (*order, *((m, 1) for m in range(total // 2 + 1, total + 1)))


def calls_of(rules: str) -> tuple[str, ...]:
    return ("challenge",) if rules == "liars-dice" else ("challenge", "calza")


@cache
def legal_raises(rules: str, dice: tuple[int, int]) -> np.ndarray:
    """[previous rank + 1, rank]: whether the rules allow that bid after that one (row 0:
    the opening), asked of the engine's own rules."""
    # deferred: the engine is needed only to build a tree, not to read a stored one
    from dicepoker_tui.engine.players import Player
    from dicepoker_tui.families.bidding.rules.rules import bid_refusal
    from dicepoker_tui.families.bidding.rules.state import BiddingState, CurrentBid
    from dicepoker_tui.families.bidding.rules.variants import get_variant

    variant = get_variant("liars-dice" if rules == "liars-dice" else "perudo")
    players = [Player(name="a", kind="bot"), Player(name="b", kind="bot")]
    state = BiddingState(
        variant=variant.id,
        players=players,
        seed=0,
        dice_left=list(dice),
        palifico=rules == "palifico",
    )
    order = bid_order(rules, sum(dice))
    legal = np.zeros((len(order) + 1, len(order)), bool)
    for row, prev in enumerate([None, *order]):
        state.bid = None if prev is None else CurrentBid(player=0, quantity=prev[0], face=prev[1])
        state.opening_face = None if prev is None else prev[1]
        for rank, bid in enumerate(order):
            legal[row, rank] = bid_refusal(state, variant, *bid) is None
            if legal[row, rank] and row > 0 and rank < row:
                raise ValueError(f"{rules}: {bid} after {prev} ranks lower but is legal")
    return legal


@dataclass
class RoundTree:
    """Every node of a round of `dice[0]` (the opener's) against `dice[1]` dice."""

    dice: tuple[int, int]
    lose: tuple[float, float]
    """Role 0's value of the game when role 0 (first) or role 1 (second) loses a die."""
    rules: str = "liars-dice"
    gain: tuple[float, float] = (0.0, 0.0)
    """Role 0's value when role 0 or role 1 wins a die back with a right calza."""

    def __post_init__(self) -> None:
        self.order = bid_order(self.rules, sum(self.dice))
        self.rank = {bid: r for r, bid in enumerate(self.order)}
        self.calls = calls_of(self.rules)
        self.bids = b = len(self.order)
        self.cups, chance0, counts0 = hands(self.dice[0])
        cups1, chance1, counts1 = hands(self.dice[1])
        self.cups_of = (self.cups, cups1)
        self.chance = (chance0, chance1)
        self.sizes = (len(chance0), len(chance1))
        self.pay = self._payoffs(counts0[:, None, :] + counts1[None, :, :])
        """[bid, call, caller role]: role 0's value when that call is made on that bid."""
        n = 1 << b
        bids_made = np.zeros(n, np.int8)
        last = np.full(n, -1, np.int64)
        for k in range(b):
            bids_made[1 << k : 1 << (k + 1)] = bids_made[: 1 << k] + 1
            last[1 << k : 1 << (k + 1)] = k
        self.actor = (bids_made % 2).astype(np.int8)
        self.last = last
        self.actions = b - 1 - last + len(self.calls)
        self.actions[0] = b
        self.row = []
        """Per role: each node's first row in that role's strategy arrays (-1: not its node)."""
        self.rows = []
        for role in (0, 1):
            mine = self.actor == role
            row = np.full(n, -1, np.int64)
            counts = self.actions[mine]
            row[mine] = np.concatenate([[0], np.cumsum(counts)[:-1]])
            self.row.append(row)
            self.rows.append(int(counts.sum()))
        self.groups = [np.arange(1 << k, 1 << (k + 1)) for k in range(b)]
        """The nodes whose last bid is `k`, for each k."""
        self.allowed = self._allowed()
        """Per role: rows × 1, whether the rules allow that move."""

    def _payoffs(self, total: np.ndarray) -> np.ndarray:
        wild = self.rules == "perudo"
        pay = np.zeros((self.bids, len(self.calls), 2, *self.sizes))
        for rank, (quantity, face) in enumerate(self.order):
            count = total[:, :, face - 1] + (total[:, :, 0] if wild and face != 1 else 0)
            for caller in (0, 1):
                holds = count >= quantity
                pay[rank, 0, caller] = np.where(holds, self.lose[caller], self.lose[1 - caller])
                if len(self.calls) > 1:
                    exact = count == quantity
                    pay[rank, 1, caller] = np.where(exact, self.gain[caller], self.lose[caller])
        return pay

    def _allowed(self) -> list[np.ndarray]:
        legal = legal_raises(self.rules, self.dice)
        out = []
        for role in (0, 1):
            allowed = np.ones((self.rows[role], 1), bool)
            if legal.all() or self.rules == "liars-dice":
                out.append(allowed)
                continue
            if role == 0:
                allowed[: self.bids, 0] = legal[0]
            for k in range(self.bids):
                nodes = self.groups[k][self.actor[self.groups[k]] == role]
                for a, rank in enumerate(range(k + 1, self.bids)):
                    allowed[self.row[role][nodes] + a, 0] = legal[k + 1, rank]
            out.append(allowed)
        return out

    @property
    def nodes(self) -> int:
        return 1 << self.bids

    def hand_index(self, role: int, cup: tuple[int, ...]) -> int:
        return self.cups_of[role].index(tuple(sorted(cup)))

    def node_of(self, history: list[tuple[int, int]]) -> int | None:
        """The node a rising run of bids reaches (None: not a run of this tree)."""
        mask, last = 0, -1
        for bid in history:
            rank = self.rank.get(bid, -1)
            if not last < rank:
                return None
            mask, last = mask | 1 << rank, rank
        return mask

    def uniform(self) -> list[np.ndarray]:
        return normalise(self, [np.ones((self.rows[r], self.sizes[r])) for r in (0, 1)])


def normalise(tree: RoundTree, weights: list[np.ndarray]) -> list[np.ndarray]:
    """Each node's rows scaled to sum to one per hand (no weight: every allowed move
    alike); a move the rules refuse gets none."""
    out = []
    for role in (0, 1):
        mine = np.nonzero(tree.actor == role)[0]
        allowed = tree.allowed[role]
        weights_ok = weights[role] * allowed
        starts = tree.row[role][mine]
        sums = np.add.reduceat(weights_ok, starts, axis=0)
        legal = np.add.reduceat(allowed.astype(float), starts, axis=0)
        counts = tree.actions[mine]
        per_row = np.repeat(sums, counts, axis=0)
        alike = allowed / np.repeat(legal, counts, axis=0)
        safe = np.where(per_row > 0, per_row, 1.0)
        out.append(np.where(per_row > 0, weights_ok / safe, alike))
    return out
