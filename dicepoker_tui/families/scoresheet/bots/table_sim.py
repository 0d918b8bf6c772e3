"""Fast head-to-head simulation of scoresheet games: several solver bots at one table.

Games are played in batches as in the solitaire simulation (`ai.simulate`): each round,
seat by seat, one batched turn for every game of the batch. Seats are rotated game by
game (in game g, seat s is taken by bot entry (s + g) mod k), so that no bot gains
from playing first or last. The `winner` bot's turn reads every other seat of its game
(`ai.win_turn`); the others play their level's policy. The engine is not involved.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from dicepoker_tui.families.scoresheet.bots.noise import LEVEL_NOISE
from dicepoker_tui.families.scoresheet.bots.risk_turn import RiskTurn, risk_wanted
from dicepoker_tui.families.scoresheet.bots.simulate import BATCH, _Batch, _select
from dicepoker_tui.families.scoresheet.bots.target_turn import TargetTurn
from dicepoker_tui.families.scoresheet.bots.win_turn import WinTurn
from dicepoker_tui.families.scoresheet.bots.winner_bot import WINNER, takes_risks
from dicepoker_tui.families.scoresheet.solver import Table
from dicepoker_tui.families.scoresheet.solver.risk import RiskTables
from dicepoker_tui.families.scoresheet.solver.spread import Spread
from dicepoker_tui.families.scoresheet.solver.targets import Targets

FAST_LEVELS = (*LEVEL_NOISE, WINNER)
"""The levels this simulation plays (the heuristic bot plays through the engine)."""


@dataclass
class TableResult:
    """Final totals and shares of the win of every game, by bot entry (columns)."""

    variant: str
    levels: list[str]
    scores: np.ndarray
    """(games, bots) final totals."""
    wins: np.ndarray
    """(games, bots) share of the win: 1 alone in first place, 1/k for k tied."""
    seconds: float


def win_shares(scores: np.ndarray) -> np.ndarray:
    """(games, seats) shares of the win of final totals (ties share it equally)."""
    top = scores == scores.max(axis=1, keepdims=True)
    return top / top.sum(axis=1, keepdims=True)


class _TableBatch(_Batch):
    def __init__(
        self,
        table: Table,
        spread: Spread | None,
        seat_levels: list[str],
        rng: np.random.Generator,
        risk: RiskTables | None = None,
        targets: Targets | None = None,
    ):
        super().__init__(table, 0.0, rng, 0)
        self.spread = spread
        self.risk = risk
        self.targets = targets
        self.seat_levels = seat_levels

    def play_table(self, n: int) -> np.ndarray:
        """(n, seats) final totals of `n` games."""
        model, k = self.model, len(self.seat_levels)
        fields = [model.start_fields(n) for _ in range(k)]
        totals = np.zeros((k, n), dtype=np.int64)
        for done in range(model.n_boxes):
            for seat, level in enumerate(self.seat_levels):
                self.scale = LEVEL_NOISE.get(level, 0.0)
                f = fields[seat]
                throws = int(model.max_throws(f).max())
                faces = self.rng.integers(0, 6, size=(throws, n, 5))
                keys = model.group_keys(f)
                new = {key: v.copy() for key, v in f.items()}
                for key in np.unique(keys):
                    group = np.nonzero(keys == key)[0]
                    playing = self._turns(fields, totals, seat, group, level, model.n_boxes - done)
                    for idx, win in playing:
                        after, gained = self.turn(_select(f, idx), idx, [], win, faces[:, idx])
                        for name in new:
                            new[name][idx] = after[name]
                        totals[seat, idx] += np.rint(gained).astype(np.int64)
                fields[seat] = new
        ends = [np.rint(model.terminal_values(f)).astype(np.int64) for f in fields]
        return (totals + np.array(ends)).T

    def _turns(self, fields, totals, seat, group, level: str, open_boxes: int):
        """(games, turn valuation or None for points) for one group of sheets of `seat`:
        the `winner` bot's for the chance to win, or with a risk attitude (split by
        table) where it takes one and the risk tables are given."""
        if level != WINNER:
            yield group, None
            return
        assert self.spread is not None, "the winner bot needs the spread"
        sub = _select(fields[seat], group)
        mean, var = self._rivals(fields, totals, seat, group)
        if self.targets is not None and self.targets.covers(open_boxes):
            base = totals[seat, group].astype(np.float64)
            others = [s for s in range(len(fields)) if s != seat]
            states = np.array([self.table.model.index(_select(fields[s], group)) for s in others])
            points = totals[others][:, group].astype(np.float64)
            yield group, TargetTurn(self.targets, sub, base, mean, var, states, points)
            return
        if self.risk is None or not takes_risks(self.table.variant.id, open_boxes):
            base = totals[seat, group].astype(np.float64)
            yield group, WinTurn(self.spread, sub, base, mean, var)
            return
        own_mean, own_var = self.spread.moments(sub)
        wanted = risk_wanted(totals[seat, group] + own_mean, own_var, mean, var)
        buckets = self.risk.bucket(wanted)
        for b in np.unique(buckets):
            pick = np.nonzero(buckets == b)[0]
            if b < 0:
                yield group[pick], None
            else:
                values, theta = self.risk.values[b], self.risk.thetas[b]
                yield group[pick], RiskTurn(self.model, values, theta, _select(sub, pick))

    def _rivals(self, fields, totals, seat, idx) -> tuple[np.ndarray, np.ndarray]:
        """(rivals, games) mean and variance of the other seats' final totals."""
        assert self.spread is not None
        others = [s for s in range(len(fields)) if s != seat]
        mean = np.empty((len(others), len(idx)))
        var = np.empty((len(others), len(idx)))
        for j, other in enumerate(others):
            m, v = self.spread.moments(_select(fields[other], idx))
            mean[j] = totals[other, idx] + m
            var[j] = v
        return mean, var


def play_tables(
    table: Table,
    levels: list[str],
    games: int,
    seed: int = 0,
    spread: Spread | None = None,
    workers: int = 2,
    risk: RiskTables | None = None,
    targets: Targets | None = None,
) -> TableResult:
    """Play `games` seeded games with one seat per entry of `levels` (2 or more); the
    `winner` level needs the variant's `spread`, and its `risk` tables to take risks
    where it does (`winner_bot.takes_risks`; without them it plays every turn for the
    chance to win). The same seed gives the same games."""
    unknown = [lv for lv in levels if lv not in FAST_LEVELS]
    if unknown or len(levels) < 2:
        raise ValueError(f"a fast table needs 2+ bots of {', '.join(FAST_LEVELS)}: {levels}")
    t0 = time.perf_counter()
    k = len(levels)
    jobs = []  # (offset, chunk, game numbers)
    for offset in range(k):
        ids = np.arange(offset, games, k)
        jobs += [(offset, c, ids[a : a + BATCH]) for c, a in enumerate(range(0, len(ids), BATCH))]

    def run(job) -> np.ndarray:
        offset, chunk, ids = job
        seat_levels = [levels[(s + offset) % k] for s in range(k)]
        rng = np.random.default_rng([seed, offset, chunk])
        return _TableBatch(table, spread, seat_levels, rng, risk, targets).play_table(len(ids))

    if workers > 1 and len(jobs) > 1:
        with ThreadPoolExecutor(workers) as pool:
            results = list(pool.map(run, jobs))
    else:
        results = [run(job) for job in jobs]
    scores = np.zeros((games, k), dtype=np.int64)
    wins = np.zeros((games, k))
    for (offset, _chunk, ids), seat_scores in zip(jobs, results, strict=True):
        by_bot = np.roll(seat_scores, offset, axis=1)  # seat s holds bot (s + offset) % k
        scores[ids] = by_bot
        wins[ids] = win_shares(by_bot)
    return TableResult(table.variant.id, list(levels), scores, wins, time.perf_counter() - t0)
