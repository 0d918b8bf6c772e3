"""The whole game tree of a two-seat Liar's Dice round with few dice, as arrays.

With `n0` dice for the seat that opens (role 0) and `n1` for the other, the bids are
the `6 (n0 + n1)` pairs (quantity, face), ranked as the rules rank them (a higher
quantity, or the same quantity of a higher face). A round's history is a rising run of
bids, so the set of bids made names it: a node is a bit mask over the bid ranks (bit `b`
set: bid `b` was made), and every mask is a node (2^18 of them with three dice). Role 0
acts at a node with an even number of bids. The actions at a node whose last bid is `k`
are the raises to `k + 1 … B − 1` and, after the opening bid, the challenge (the last
action); the opener has the `B` bids.

A seat's information set is the node and its own hand (a multiset of its dice). The
payoff of a challenge is the value, for role 0, of the game after it: ±1 when the
loser's last die goes, else the value of the smaller endgame that follows (the loser
opens it), given by the caller.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

FACES = 6


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


def bid_rank(quantity: int, face: int) -> int:
    return (quantity - 1) * FACES + face - 1


def bid_of(rank: int) -> tuple[int, int]:
    return rank // FACES + 1, rank % FACES + 1


@dataclass
class RoundTree:
    """Every node of a round of `dice[0]` (the opener's) against `dice[1]` dice."""

    dice: tuple[int, int]
    lose: tuple[float, float]
    """Role 0's value of the game when role 0 (first) or role 1 (second) loses a die."""

    def __post_init__(self) -> None:
        self.bids = FACES * sum(self.dice)
        b = self.bids
        self.cups, chance0, counts0 = hands(self.dice[0])
        cups1, chance1, counts1 = hands(self.dice[1])
        self.cups_of = (self.cups, cups1)
        self.chance = (chance0, chance1)
        self.sizes = (len(chance0), len(chance1))
        total = counts0[:, None, :] + counts1[None, :, :]
        self.pay = np.zeros((b, 2, *self.sizes))
        """[bid, challenger role]: role 0's value when that bid is challenged."""
        for rank in range(b):
            quantity, face = bid_of(rank)
            holds = total[:, :, face - 1] >= quantity
            for caller in (0, 1):
                self.pay[rank, caller] = np.where(holds, self.lose[caller], self.lose[1 - caller])
        n = 1 << b
        bids_made = np.zeros(n, np.int8)
        last = np.full(n, -1, np.int64)
        for k in range(b):
            bids_made[1 << k : 1 << (k + 1)] = bids_made[: 1 << k] + 1
            last[1 << k : 1 << (k + 1)] = k
        self.actor = (bids_made % 2).astype(np.int8)
        self.last = last
        self.actions = b - last
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

    @property
    def nodes(self) -> int:
        return 1 << self.bids

    def hand_index(self, role: int, cup: tuple[int, ...]) -> int:
        return self.cups_of[role].index(tuple(sorted(cup)))

    def node_of(self, history: list[tuple[int, int]]) -> int | None:
        """The node a rising run of bids reaches (None: not a run of this tree)."""
        mask, last = 0, -1
        for quantity, face in history:
            rank = bid_rank(quantity, face)
            if not last < rank < self.bids:
                return None
            mask, last = mask | 1 << rank, rank
        return mask

    def uniform(self) -> list[np.ndarray]:
        return normalise(self, [np.ones((self.rows[r], self.sizes[r])) for r in (0, 1)])


def normalise(tree: RoundTree, weights: list[np.ndarray]) -> list[np.ndarray]:
    """Each node's rows scaled to sum to one per hand (no weight: every action alike)."""
    out = []
    for role in (0, 1):
        mine = np.nonzero(tree.actor == role)[0]
        sums = np.add.reduceat(weights[role], tree.row[role][mine], axis=0)
        counts = tree.actions[mine]
        per_row = np.repeat(sums, counts, axis=0)
        alike = 1.0 / np.repeat(counts, counts)[:, None]
        safe = np.where(per_row > 0, per_row, 1.0)
        out.append(np.where(per_row > 0, weights[role] / safe, alike))
    return out
