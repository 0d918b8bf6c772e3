"""Counterfactual regret minimisation (CFR+, linear averaging, the seats updated in turn)
over a `RoundTree`, and the exact best response that measures how far a strategy is from
an equilibrium.

Every pass is vectorised over the nodes that share a last bid and over the hands of
each seat: the reach of each seat's hands top-down, then each seat's counterfactual
values bottom-up (a seat's value at a node, weighted by the other seat's reach and the
chance of its hands). A best response takes, at each of its nodes and for each of its
hands, the allowed action worth most (a raise, or a call: the challenge, the calza):
the tree keeps every bid of the history in its node, so
this is the best response of a seat with perfect recall.
"""

from __future__ import annotations

import numpy as np

from dicepoker_tui.families.bidding.bots.round_tree import RoundTree, normalise

Strategy = list[np.ndarray]
"""Per role: rows (node, action) × that role's hands, each node's rows summing to one."""


def sweep(
    tree: RoundTree,
    strategy: Strategy,
    best: int | None = None,
    regrets: Strategy | None = None,
    average: Strategy | None = None,
    weight: float = 0.0,
    learner: int | None = None,
) -> list[np.ndarray]:
    """Both roles' counterfactual values at every node (`best`: that role plays a best
    response instead of `strategy`); with `regrets` and `average`, the CFR+ update (of
    `learner` only, if given)."""
    b, n = tree.bids, tree.nodes
    reach = [np.empty((n, tree.sizes[0])), np.empty((n, tree.sizes[1]))]
    reach[0][0] = reach[1][0] = 1.0
    for k in range(b):
        group = tree.groups[k]
        parent = group ^ (1 << k)
        action = k - (tree.last[parent] + 1)
        for role in (0, 1):
            reach[role][group] = reach[role][parent]
            if role != best:
                acted = tree.actor[parent] == role
                rows = tree.row[role][parent[acted]] + action[acted]
                reach[role][group[acted]] *= strategy[role][rows]
    value = [np.zeros((n, tree.sizes[0])), np.zeros((n, tree.sizes[1]))]
    calls = len(tree.calls)
    for k in [*range(b - 1, -1, -1), -1]:
        group = np.array([0]) if k < 0 else tree.groups[k]
        children = group[:, None] | (1 << np.arange(k + 1, b))[None, :]
        for role in (0, 1):
            acting = tree.actor[group] == role
            if not acting.any():
                continue
            nodes, other = group[acting], 1 - role
            own, theirs = value[role][children[acting]], value[other][children[acting]]
            raises = own.shape[1]
            if k >= 0:  # the calls, this role's value of each
                made = []
                for c in range(calls):
                    pay = tree.pay[k, c, role]
                    if role == 0:
                        made.append((reach[1][nodes] * tree.chance[1]) @ pay.T)
                    else:
                        made.append(-((reach[0][nodes] * tree.chance[0]) @ pay))
                own = np.concatenate([own, np.stack(made, axis=1)], axis=1)
            rows = tree.row[role][nodes][:, None] + np.arange(own.shape[1])[None, :]
            if role == best:
                allowed = tree.allowed[role][rows]
                value[role][nodes] = np.where(allowed, own, -np.inf).max(axis=1)
                continue
            moves = strategy[role][rows]
            mine = (moves * own).sum(axis=1)
            value[role][nodes] = mine
            rest = theirs.sum(axis=1)
            for c in range(calls if k >= 0 else 0):  # the other role's value of our calls
                weighted = reach[role][nodes] * moves[:, raises + c, :] * tree.chance[role]
                pay = tree.pay[k, c, role]
                rest = rest + (-(weighted @ pay) if role == 0 else weighted @ pay.T)
            value[other][nodes] = rest
            if regrets is not None and average is not None and learner in (None, role):
                regret = np.maximum(regrets[role][rows] + own - mine[:, None, :], 0)
                regrets[role][rows] = regret * tree.allowed[role][rows]
                average[role][rows] += weight * reach[role][nodes][:, None, :] * moves
    return value


def game_value(tree: RoundTree, strategy: Strategy) -> float:
    """Role 0's value when both roles play `strategy`."""
    return float(sweep(tree, strategy)[0][0] @ tree.chance[0])


def gains(tree: RoundTree, strategy: Strategy) -> tuple[float, float, float]:
    """Role 0's value, and what an exact best response gains over it as role 0 and as
    role 1 (in the game's units: ±1 a win or a loss)."""
    value = game_value(tree, strategy)
    as_opener = float(sweep(tree, strategy, best=0)[0][0] @ tree.chance[0])
    as_other = float(sweep(tree, strategy, best=1)[1][0] @ tree.chance[1])
    return value, as_opener - value, as_other + value


def solve(tree: RoundTree, iterations: int, report=None) -> Strategy:
    """The average strategy of `iterations` rounds of CFR+, each role updated in turn
    (alternating updates: far quicker to converge than both at once), with
    `report(i, strategy)` now and then."""
    regrets = [np.zeros((tree.rows[r], tree.sizes[r])) for r in (0, 1)]
    average = [np.zeros((tree.rows[r], tree.sizes[r])) for r in (0, 1)]
    for i in range(1, iterations + 1):
        for learner in (0, 1):
            strategy = normalise(tree, regrets)
            sweep(tree, strategy, regrets=regrets, average=average, weight=i, learner=learner)
        if report is not None and (i % 50 == 0 or i == iterations):
            report(i, normalise(tree, average))
    return normalise(tree, average)
