"""The endgame of one die against one die, solved exactly as a sequence-form linear program.

Two seats with one die each: the starter bids, then each in turn raises or calls (a
challenge; a calza where the rules have one). The game tree is small enough to write
out whole; its sequence-form LP (Koller, Megiddo and von Stengel) is solved with
HiGHS through `scipy.optimize.linprog`, once per rule set, and the behaviour strategy
of each seat at every information set it reaches is stored in `data/bidding_endgame.json`
(`python -m dicepoker_tui.families.bidding.bots.endgame` writes it again).

Payoffs are for the starter: +1 when the other seat loses its last die, -1 when the
starter does. A calza that is right leaves the caller opening two dice against one,
both palificos had, and the game goes on: it counts as `CALZA_WIN`, the solved value of
that round (`round_table`, "perudo-2v1-done"); a wrong calza loses the caller's last
die (-1). The two tables were solved in turn until that value and the one-die tables it
rests on agreed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.rules.rules import bid_refusal
from dicepoker_tui.families.bidding.rules.state import BiddingState, CurrentBid
from dicepoker_tui.families.bidding.rules.variants import get_variant

CALZA_WIN = 0.558
TABLE_PATH = Path(__file__).with_name("data") / "bidding_endgame.json"
RULE_SETS = {
    "liars-dice": ("liars-dice", False),
    "perudo": ("perudo", False),
    "perudo-palifico": ("perudo", True),
}
"""Table key → (variant id, palifico round)."""

Bid = tuple[int, int]
History = tuple[Bid, ...]
CALLS = ("challenge", "calza")


def bid_key(bid: Bid) -> str:
    return f"{bid[0]}x{bid[1]}"


def infoset_key(role: int, die: int, history: History) -> str:
    """`role|die|1x5,2x5`: the seat's role (0 starter, 1 the other), its die, the bids."""
    return f"{role}|{die}|{','.join(bid_key(b) for b in history)}"


@dataclass
class EndgameRules:
    """The moves of a one-against-one round under one rule set."""

    variant: str
    palifico: bool
    raises: dict[Bid | None, list[Bid]] = field(default_factory=dict)
    calza: bool = False
    wild: bool = False

    @classmethod
    def of(cls, key: str) -> EndgameRules:
        variant_id, palifico = RULE_SETS[key]
        variant = get_variant(variant_id)
        rules = cls(variant_id, palifico, calza=variant.calza)
        rules.wild = variant.wild_ones and not palifico
        players = [Player(name="a", kind="bot"), Player(name="b", kind="bot")]
        state = BiddingState(
            variant=variant_id, players=players, seed=0, dice_left=[1, 1], palifico=palifico
        )
        bids = [(q, f) for q in (1, 2) for f in range(1, 7)]
        for prev in [None, *bids]:
            state.bid = (
                None if prev is None else CurrentBid(player=0, quantity=prev[0], face=prev[1])
            )
            state.opening_face = None if prev is None else prev[1]
            rules.raises[prev] = [b for b in bids if bid_refusal(state, variant, *b) is None]
        return rules

    def actions(self, history: History) -> list[Bid | str]:
        if not history:
            return list(self.raises[None])
        calls = list(CALLS if self.calza else CALLS[:1])
        return [*self.raises[history[-1]], *calls]

    def actual(self, face: int, dice: tuple[int, int]) -> int:
        return sum(1 for d in dice if d == face or (self.wild and face != 1 and d == 1))

    def payoff(self, history: History, call: str, dice: tuple[int, int]) -> float:
        """For the starter, when the seat to act after `history` makes `call`."""
        caller = len(history) % 2
        q, f = history[-1]
        actual = self.actual(f, dice)
        if call == "challenge":
            loser = caller if actual >= q else 1 - caller
            return -1.0 if loser == 0 else 1.0
        caller_value = CALZA_WIN if actual == q else -1.0
        return caller_value if caller == 0 else -caller_value


def histories(rules: EndgameRules) -> Iterator[History]:
    """Every bid history of a round, shortest first along each line."""
    stack: list[History] = [()]
    while stack:
        h = stack.pop()
        yield h
        stack.extend((*h, a) for a in rules.actions(h) if not isinstance(a, str))


@dataclass
class SequenceForm:
    """Both seats' sequences, constraints and the payoff matrix of one rule set."""

    rules: EndgameRules
    seqs: list[dict] = field(default_factory=lambda: [{(): 0}, {(): 0}])
    """Per role: (die, history, action) → column; () is the empty sequence."""
    infosets: list[list[tuple[int, History, int]]] = field(default_factory=lambda: [[], []])
    """Per role: (die, history, parent column)."""
    payoffs: dict[tuple[int, int], float] = field(default_factory=dict)

    @classmethod
    def build(cls, rules: EndgameRules) -> SequenceForm:
        sf = cls(rules)
        for h in histories(rules):
            role = len(h) % 2
            for die in range(1, 7):
                parent = sf.parent(role, die, h)
                sf.infosets[role].append((die, h, parent))
                for a in rules.actions(h):
                    sf.seqs[role][(die, h, a)] = len(sf.seqs[role])
        for h in histories(rules):
            for call in rules.actions(h):
                if not isinstance(call, str):
                    continue
                for d0 in range(1, 7):
                    for d1 in range(1, 7):
                        dice = (d0, d1)
                        cols = tuple(sf.last_seq(r, dice[r], h, call) for r in (0, 1))
                        value = rules.payoff(h, call, dice) / 36
                        sf.payoffs[cols] = sf.payoffs.get(cols, 0.0) + value  # type: ignore[index]
        return sf

    def parent(self, role: int, die: int, history: History) -> int:
        """The column of `role`'s last move before `history` ends (0: none yet)."""
        for k in range(len(history) - 1, -1, -1):
            if k % 2 == role:
                return self.seqs[role][(die, history[:k], history[k])]
        return 0

    def last_seq(self, role: int, die: int, history: History, call: str) -> int:
        if len(history) % 2 == role:
            return self.seqs[role][(die, history, call)]
        return self.parent(role, die, history)


def solve(key: str) -> tuple[float, list, SequenceForm]:
    """The game value for the starter and both seats' realization plans."""
    # deferred: numpy and scipy are needed only to solve the tables again, and for tests
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix, csr_matrix, hstack

    sf = SequenceForm.build(EndgameRules.of(key))
    n = [len(sf.seqs[0]), len(sf.seqs[1])]
    rows, cols, vals = zip(*((r, c, v) for (r, c), v in sf.payoffs.items()), strict=True)
    a = coo_matrix((vals, (rows, cols)), shape=(n[0], n[1])).tocsr()
    cons = [_constraints(sf, role, n[role]) for role in (0, 1)]
    plans = []
    value = 0.0
    for role in (0, 1):
        own, other = cons[role], cons[1 - role]
        m_other = other.shape[0]
        # role 0: max f.q s.t. F'q - A'x <= 0; role 1: min e.p s.t. A y - E'p <= 0.
        pay = -a.T if role == 0 else a
        ub = hstack([pay, (1 if role == 0 else -1) * other.T]).tocsr()
        eq = hstack([own, csr_matrix((own.shape[0], m_other))]).tocsr()
        b_eq = np.zeros(own.shape[0])
        b_eq[0] = 1
        c = np.zeros(n[role] + m_other)
        c[n[role]] = -1 if role == 0 else 1
        bounds = [(0, None)] * n[role] + [(None, None)] * m_other
        res = linprog(
            c,
            A_ub=ub,
            b_ub=np.zeros(ub.shape[0]),
            A_eq=eq,
            b_eq=b_eq,
            bounds=bounds,
            method="highs",
        )
        if res.status != 0:
            raise RuntimeError(f"{key}: {res.message}")
        plans.append(res.x[: n[role]])
        value = -res.fun if role == 0 else value
    return value, plans, sf


def _constraints(sf: SequenceForm, role: int, n: int):
    """Rows: the empty sequence is 1; each information set passes on its parent's weight."""
    from scipy.sparse import coo_matrix  # deferred with solve()

    rows, cols, vals = [0], [0], [1.0]
    for i, (die, h, parent) in enumerate(sf.infosets[role], start=1):
        rows.append(i)
        cols.append(parent)
        vals.append(-1.0)
        for act in sf.rules.actions(h):
            rows.append(i)
            cols.append(sf.seqs[role][(die, h, act)])
            vals.append(1.0)
    return coo_matrix((vals, (rows, cols)), shape=(len(sf.infosets[role]) + 1, n)).tocsr()


def behaviour(sf: SequenceForm, plans: list) -> dict[str, dict[str, float]]:
    """Move probabilities at every information set a seat's own plan reaches."""
    table: dict[str, dict[str, float]] = {}
    for role in (0, 1):
        x = plans[role]
        for die, h, parent in sf.infosets[role]:
            reach = 1.0 if parent == 0 else x[parent]
            if reach <= 1e-9:
                continue
            probs = {}
            for act in sf.rules.actions(h):
                p = max(0.0, x[sf.seqs[role][(die, h, act)]] / reach)
                if p > 1e-6:
                    probs[act if isinstance(act, str) else bid_key(act)] = round(p, 6)
            total = sum(probs.values())
            table[infoset_key(role, die, h)] = {k: round(v / total, 6) for k, v in probs.items()}
    return table


def best_response(rules: EndgameRules, strategy: dict[str, dict[str, float]], fixed: int) -> float:
    """The starter's value when the seat in role `fixed` plays `strategy` and the other
    seat answers with its best response (perfect recall: a max at each of its nodes)."""
    other = 1 - fixed

    def walk(die: int, h: History, reach: list[float]) -> float:
        """Payoff to `other` from `h` on, weighted by chance and `fixed`'s reach."""
        role = len(h) % 2
        if role == other:
            options = []
            for act in rules.actions(h):
                if isinstance(act, str):
                    options.append(terminal(die, h, act, reach))
                else:
                    options.append(walk(die, (*h, act), reach))
            return max(options)
        total = 0.0
        moves: dict[str, list[float]] = {}
        for d in range(1, 7):
            if reach[d - 1] <= 0:
                continue
            probs = strategy.get(infoset_key(fixed, d, h))
            if probs is None:
                raise KeyError(f"no move at {infoset_key(fixed, d, h)} though it is reached")
            for act, p in probs.items():
                moves.setdefault(act, [0.0] * 6)[d - 1] = reach[d - 1] * p
        for act, sub in moves.items():
            if act in CALLS:
                total += terminal(die, h, act, sub)
            else:
                q, f = act.split("x")
                total += walk(die, (*h, (int(q), int(f))), sub)
        return total

    def terminal(die: int, h: History, call: str, reach: list[float]) -> float:
        value = 0.0
        for d in range(1, 7):
            if reach[d - 1] > 0:
                dice = (d, die) if fixed == 0 else (die, d)
                starter = rules.payoff(h, call, dice)
                value += reach[d - 1] / 36 * (starter if other == 0 else -starter)
        return value

    gain = sum(walk(die, (), [1.0] * 6) for die in range(1, 7))
    return gain if other == 0 else -gain


def write_table(path: Path = TABLE_PATH) -> dict:
    out = {}
    for key in RULE_SETS:
        value, plans, sf = solve(key)
        out[key] = {
            "value": round(value, 6),
            "calza_win": CALZA_WIN,
            "strategy": behaviour(sf, plans),
        }
        print(
            f"{key}: value for the starter {value:+.6f}, "
            f"{len(out[key]['strategy'])} information sets"
        )
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(out, separators=(",", ":"), sort_keys=True) + "\n")
    return out


if __name__ == "__main__":
    write_table()
