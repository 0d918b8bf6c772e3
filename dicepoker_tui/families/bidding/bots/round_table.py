"""The solved rounds of two dice against one, and one against two, at Liar's Dice and
at Perudo, stored compactly and read back for play (`python -m
dicepoker_tui.families.bidding.bots.round_table [ITERATIONS]` solves them again with
`round_cfr` and writes `data/bidding_rounds.npz`).

Each is a round of the last two seats. A call ends the game, or leads to the solved
one die against one die (`endgame`), the loser opening it (a palifico round if the
seat that drops to one die has not had its own): those payoffs are solved game values.
At Perudo a right calza leads instead to a bigger game (three dice against one, two
against two), which no table solves: its value is that of `LATER`, measured by two
experts playing it out. For each role only the nodes its own play can reach are kept
(whatever the other seat bids) with a hand at a chance above `REACH`: moves of chance
below `PRUNE` are dropped, and each node's moves are stored as bytes (a 255th of a
chance); what is read back is exactly the strategy whose exploitability the tests
measure.
"""

from __future__ import annotations

import itertools
import json
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from dicepoker_tui.families.bidding.bots.endgame import TABLE_PATH as ENDGAME_PATH
from dicepoker_tui.families.bidding.bots.round_cfr import Strategy, gains, solve
from dicepoker_tui.families.bidding.bots.round_tree import (
    FACES,
    RoundTree,
    bid_order,
    calls_of,
    hands,
    normalise,
)

TABLE_PATH = Path(__file__).with_name("data") / "bidding_rounds.npz"
ROUNDS = {
    "liars-dice-2v1": ("liars-dice", (2, 1)),
    "liars-dice-1v2": ("liars-dice", (1, 2)),
    "perudo-2v1": ("perudo", (2, 1)),
    "perudo-2v1-done": ("perudo", (2, 1)),
    "perudo-1v2": ("perudo", (1, 2)),
    "perudo-1v2-done": ("perudo", (1, 2)),
    "perudo-1v2-palifico": ("palifico", (1, 2)),
    "perudo-1v2-palifico-done": ("palifico", (1, 2)),
}
"""Key → rule set of the round, dice of the seat that opens it and of the other. At
Perudo, `-done`: the seat with two dice has had its palifico (losing a die leads to a
plain round of one die against one, not a palifico one)."""
LATER = {"3v1": 0.930, "2v2": -0.020}
"""The value for the seat that opens it of three dice against one and of two against
two at Perudo, where a right calza leads: 600 games of two experts each
(`bench/bidding_later_rounds.py`, ± 0.015 and ± 0.04)."""
PRUNE = 0.002
REACH = 0.001
SCALE = 255


@cache
def one_die_values() -> dict[str, float]:
    """The solved value of one die against one for the seat that opens, by rule set."""
    table = json.loads(ENDGAME_PATH.read_text())
    return {key: float(entry["value"]) for key, entry in table.items()}


def round_key(variant: str, dice: tuple[int, int], palifico: bool, done: bool) -> str:
    """The key of a two-seat round (`dice`: the opener's, the other's; `done`: the seat
    with two dice has had its palifico); it may not be one of `ROUNDS`."""
    key = f"{variant}-{dice[0]}v{dice[1]}"
    if variant != "perudo":
        return key
    return key + ("-palifico" if palifico else "") + ("-done" if done else "")


def tree_of(key: str) -> RoundTree:
    """The round's tree, with the value of the game after each call."""
    rules, dice = ROUNDS[key]
    values = one_die_values()
    if rules == "liars-dice":
        one, bigger = values["liars-dice"], {"3v1": 0.0, "2v2": 0.0}
    else:
        one = values["perudo" if key.endswith("-done") else "perudo-palifico"]
        bigger = LATER
    if dice == (2, 1):  # the loser opens the next round; a caller of a calza too
        lose, gain = (one, 1.0), (bigger["3v1"], -bigger["2v2"])
    else:
        lose, gain = (-1.0, -one), (bigger["2v2"], -bigger["3v1"])
    return RoundTree(dice, lose, rules, gain)


def compact(tree: RoundTree, strategy: Strategy) -> dict[str, np.ndarray]:
    """Per role, the nodes its own play reaches and their moves, as bytes (a hand that
    its own play brings there less often than `REACH`: none)."""
    out: dict[str, np.ndarray] = {}
    pruned = normalise(tree, [np.where(s >= PRUNE, s, 0.0) for s in strategy])
    quantised = [np.rint(s * SCALE).astype(np.uint8) for s in pruned]
    played = normalise(tree, [q.astype(float) for q in quantised])
    for role in (0, 1):
        reach = own_reach(tree, played, role)
        nodes = np.nonzero((tree.actor == role) & (reach.max(axis=1) > REACH))[0]
        rows = np.concatenate([tree.row[role][m] + np.arange(tree.actions[m]) for m in nodes])
        moves = quantised[role][rows]
        moves[np.repeat(reach[nodes], tree.actions[nodes], axis=0) <= REACH] = 0
        out[f"{role}-nodes"] = nodes.astype(np.uint32)
        out[f"{role}-moves"] = moves
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
        """{(quantity, face), "challenge" or "calza": chance} at this position (None: not
        stored)."""
        rules, dice = ROUNDS[self.key]
        order = bid_order(rules, sum(dice))
        rank = {bid: r for r, bid in enumerate(order)}
        ranks = [rank.get(bid, -1) for bid in history]
        if len(ranks) % 2 != role or any(r < 0 for r in ranks):
            return None
        if any(a >= b for a, b in itertools.pairwise(ranks)):
            return None
        node = sum(1 << r for r in ranks)
        at = int(np.searchsorted(self.nodes[role], node))
        if at == len(self.nodes[role]) or self.nodes[role][at] != node:
            return None
        calls = calls_of(rules)
        first = ranks[-1] + 1 if ranks else 0
        raises = len(order) - first
        count = raises + (len(calls) if ranks else 0)
        hand = tuple(sorted(cup))
        if len(hand) != dice[role] or any(d not in range(1, FACES + 1) for d in hand):
            return None
        column = self.moves[role][self.starts[role][at] : self.starts[role][at] + count]
        weights = column[:, _hand_index(dice[role], hand)].astype(float)
        if weights.sum() <= 0:
            return None
        moves: dict = {}
        for a, w in enumerate(weights):
            if w > 0:
                moves[calls[a - raises] if a >= raises else order[first + a]] = w / weights.sum()
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
def _hands(n: int) -> list[tuple[int, ...]]:
    return hands(n)[0]


def _hand_index(n: int, hand: tuple[int, ...]) -> int:
    return _hands(n).index(hand)


@cache
def solved_round(key: str) -> SolvedRound:
    rules, dice = ROUNDS[key]
    bids, calls = len(bid_order(rules, sum(dice))), len(calls_of(rules))
    with np.load(TABLE_PATH) as data:
        nodes = tuple(data[f"{key}-{r}-nodes"].astype(np.int64) for r in (0, 1))
        moves = tuple(data[f"{key}-{r}-moves"] for r in (0, 1))
    starts = []
    for role_nodes in nodes:
        last = np.floor(np.log2(np.maximum(role_nodes, 1))).astype(np.int64)
        counts = np.where(role_nodes == 0, bids, bids - 1 - last + calls)
        starts.append(np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64))
    return SolvedRound(key, nodes, tuple(starts), moves)  # type: ignore[arg-type]


def write_table(iterations: int, keys: list[str] | None = None, path: Path = TABLE_PATH) -> None:
    """Solve `keys` (all: None) and write the table, keeping the other stored rounds."""
    arrays: dict[str, np.ndarray] = {}
    if path.exists():
        with np.load(path) as data:
            arrays = {name: data[name] for name in data.files}
    for key in keys or list(ROUNDS):
        tree = tree_of(key)
        strategy = solve(tree, iterations)
        for name, array in compact(tree, strategy).items():
            arrays[f"{key}-{name}"] = array
        print(f"{key}: solved ({iterations} iterations)", flush=True)
        np.savez_compressed(path, **arrays)
        solved_round.cache_clear()
        value, first, second = gains(tree_of(key), solved_round(key).strategy())
        print(f"{key}: value {value:+.5f}, a best response gains {first:.5f} / {second:.5f}")


if __name__ == "__main__":
    write_table(int(sys.argv[1]) if len(sys.argv) > 1 else 400, sys.argv[2:] or None)
