"""The solved Liar's Dice rounds of two dice against one, and one against two, stored
compactly and read back for play (`python -m dicepoker_tui.families.bidding.bots.round_table
[ITERATIONS]` solves them again with `round_cfr` and writes `data/bidding_rounds.npz`).

Each is a round of the last two seats; its challenge ends the game or leads to the solved
one die against one die (`endgame`), the loser opening it, so its payoffs are exact game
values, not assumed ones. For each role only the nodes its own play can reach are kept
(whatever the other seat bids): moves of chance below `PRUNE` are dropped, and each
node's moves are stored as bytes (a 255th of a chance); what is read back is exactly the
strategy whose exploitability the tests measure.
"""

from __future__ import annotations

import itertools
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from dicepoker_tui.families.bidding.bots.round_cfr import Strategy, gains, solve
from dicepoker_tui.families.bidding.bots.round_tree import (
    FACES,
    RoundTree,
    bid_of,
    bid_rank,
    normalise,
)

TABLE_PATH = Path(__file__).with_name("data") / "bidding_rounds.npz"
ONE_DIE_EACH = -1 / 9
"""The value of one die against one die at Liar's Dice for the seat that opens (solved
exactly in `endgame`; its tests check this figure)."""
ROUNDS = {"liars-dice-2v1": (2, 1), "liars-dice-1v2": (1, 2)}
"""Key → dice of the seat that opens the round, and of the other."""
PRUNE = 0.002
SCALE = 255


def tree_of(key: str) -> RoundTree:
    """The round's tree, with the value of the game after each loser's die."""
    dice = ROUNDS[key]
    first_loses = ONE_DIE_EACH if dice[0] > 1 else -1.0  # the loser opens the next round
    second_loses = -ONE_DIE_EACH if dice[1] > 1 else 1.0
    return RoundTree(dice, (first_loses, second_loses))


def compact(tree: RoundTree, strategy: Strategy) -> dict[str, np.ndarray]:
    """Per role, the nodes its own play reaches and their moves, as bytes."""
    out: dict[str, np.ndarray] = {}
    pruned = normalise(tree, [np.where(s >= PRUNE, s, 0.0) for s in strategy])
    quantised = [np.rint(s * SCALE).astype(np.uint8) for s in pruned]
    played = normalise(tree, [q.astype(float) for q in quantised])
    for role in (0, 1):
        reach = own_reach(tree, played, role)
        nodes = np.nonzero((tree.actor == role) & (reach.max(axis=1) > 0))[0]
        rows = np.concatenate([tree.row[role][m] + np.arange(tree.actions[m]) for m in nodes])
        out[f"{role}-nodes"] = nodes.astype(np.uint32)
        out[f"{role}-moves"] = quantised[role][rows]
    return out


def own_reach(tree: RoundTree, strategy: Strategy, role: int) -> np.ndarray:
    """How likely `role`'s own moves reach each node, per hand (the other seat's moves
    all allowed)."""
    reach = np.empty((tree.nodes, tree.sizes[role]))
    reach[0] = 1.0
    for k in range(tree.bids):
        group = tree.groups[k]
        parent = group ^ (1 << k)
        reach[group] = reach[parent]
        acted = tree.actor[parent] == role
        rows = tree.row[role][parent[acted]] + k - (tree.last[parent[acted]] + 1)
        reach[group[acted]] *= strategy[role][rows]
    return reach


@dataclass
class SolvedRound:
    """One stored round: the moves of each role at the nodes its play reaches (read
    without building the tree: play needs only the node's own numbers)."""

    key: str
    nodes: tuple[np.ndarray, np.ndarray]
    starts: tuple[np.ndarray, np.ndarray]
    moves: tuple[np.ndarray, np.ndarray]

    def moves_at(self, role: int, cup: tuple[int, ...], history: list[tuple[int, int]]):
        """{(quantity, face) or "challenge": chance} at this position (None: not stored)."""
        dice = ROUNDS[self.key]
        bids = FACES * sum(dice)
        ranks = [bid_rank(q, f) for q, f in history]
        if len(ranks) % 2 != role or any(not 0 <= r < bids for r in ranks):
            return None
        if any(a >= b for a, b in itertools.pairwise(ranks)):
            return None
        node = sum(1 << r for r in ranks)
        at = int(np.searchsorted(self.nodes[role], node))
        if at == len(self.nodes[role]) or self.nodes[role][at] != node:
            return None
        first = ranks[-1] + 1 if ranks else 0
        count = bids - first + (1 if ranks else 0)
        cups = list(itertools.combinations_with_replacement(range(1, FACES + 1), dice[role]))
        column = self.moves[role][self.starts[role][at] : self.starts[role][at] + count]
        weights = column[:, cups.index(tuple(sorted(cup)))].astype(float)
        if weights.sum() <= 0:
            return None
        moves: dict = {}
        for a, w in enumerate(weights):
            if w > 0:
                move = "challenge" if ranks and a == count - 1 else bid_of(first + a)
                moves[move] = w / weights.sum()
        return moves

    def strategy(self) -> Strategy:
        """The stored moves as full strategy arrays of the round's tree (nodes not stored:
        every move alike)."""
        tree = tree_of(self.key)
        out = []
        for role in (0, 1):
            weights = np.zeros((tree.rows[role], tree.sizes[role]))
            for at, node in enumerate(self.nodes[role]):
                count = int(tree.actions[node])
                row = tree.row[role][node]
                start = self.starts[role][at]
                weights[row : row + count] = self.moves[role][start : start + count]
            out.append(weights)
        return normalise(tree, out)


@cache
def solved_round(key: str) -> SolvedRound:
    bids = FACES * sum(ROUNDS[key])
    with np.load(TABLE_PATH) as data:
        nodes = tuple(data[f"{key}-{r}-nodes"].astype(np.int64) for r in (0, 1))
        moves = tuple(data[f"{key}-{r}-moves"] for r in (0, 1))
    starts = []
    for role_nodes in nodes:
        last = np.floor(np.log2(np.maximum(role_nodes, 1))).astype(np.int64)
        counts = np.where(role_nodes == 0, bids, bids - last)
        starts.append(np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64))
    return SolvedRound(key, nodes, tuple(starts), moves)  # type: ignore[arg-type]


def write_table(iterations: int, path: Path = TABLE_PATH) -> None:
    arrays: dict[str, np.ndarray] = {}
    for key in ROUNDS:
        tree = tree_of(key)
        strategy = solve(tree, iterations)
        for name, array in compact(tree, strategy).items():
            arrays[f"{key}-{name}"] = array
        print(f"{key}: solved ({iterations} iterations)", flush=True)
    np.savez_compressed(path, **arrays)
    for key in ROUNDS:
        solved_round.cache_clear()
        value, first, second = gains(tree_of(key), solved_round(key).strategy())
        print(f"{key}: value {value:+.5f}, a best response gains {first:.5f} / {second:.5f}")


if __name__ == "__main__":
    write_table(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
