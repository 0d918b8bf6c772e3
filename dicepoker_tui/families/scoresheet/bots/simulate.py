"""Fast solitaire simulation driven by the solver's tables.

Games are played in batches: each round, one batched turn computation (the same
kernels as the solver) gives every game's write and keep values, then all games of
the batch throw, keep and write at once. Decisions are those of the policy bots: the
exact option values plus the level's noise. The engine is not involved (a test replays
recorded games through `Game` and finds the same totals).
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.bots.noise import LEVEL_NOISE, noisy_argmax
from dicepoker_tui.families.scoresheet.bots.win_turn import WinTurn
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.solver import Table
from dicepoker_tui.families.scoresheet.solver.dice_graph import (
    CODE_BASE,
    CODE_TO_KEEP,
    KEEP_COUNTS,
    KEEP_SIZES,
    KEEPS,
    OFFSETS,
    ROLLS,
    SUB_KEEPS,
)
from dicepoker_tui.families.scoresheet.solver.kernel import best_keep, concat_keeps, expect_down
from dicepoker_tui.families.scoresheet.solver.model import Fields
from dicepoker_tui.families.scoresheet.solver.terms import box_values_at, write_values

BATCH = 1024
ALL_KEEPS = [k for keeps in KEEPS for k in keeps]


@dataclass
class TurnRecord:
    """One turn of a recorded game: the dice after each throw, what was kept, the box."""

    rolls: list[tuple[int, ...]] = field(default_factory=list)
    """The five dice (sorted) after each throw."""
    kept: list[tuple[int, ...]] = field(default_factory=list)
    """Before each throw after the first: the dice kept (sorted)."""
    box: str = ""


@dataclass
class SimResult:
    variant: str
    bot: str
    scores: np.ndarray
    """Final total of every game, in game order."""
    seconds: float
    records: list[list[TurnRecord]] = field(default_factory=list)
    """Turn by turn, the first `record` games (when asked for)."""

    def summary(self) -> dict:
        s = self.scores
        return {
            "variant": self.variant,
            "bot": self.bot,
            "games": len(s),
            "mean": float(s.mean()) if len(s) else 0.0,
            "stdev": float(s.std(ddof=1)) if len(s) > 1 else 0.0,
            "min": int(s.min()) if len(s) else 0,
            "median": float(np.median(s)) if len(s) else 0.0,
            "max": int(s.max()) if len(s) else 0,
            "seconds": self.seconds,
        }


def _select(fields: Fields, idx: np.ndarray) -> Fields:
    return {k: v[idx] for k, v in fields.items()}


_KEEP_CODES = KEEP_COUNTS @ CODE_BASE


def _roll(rng: np.random.Generator, keeps: np.ndarray | None, n: int) -> np.ndarray:
    """Kernel roll indices after keeping `keeps` (global keep numbers; None: a first
    throw) and throwing the other dice."""
    return _rolled(rng.integers(0, 6, size=(n, 5)), keeps)


def _rolled(drawn: np.ndarray, keeps: np.ndarray | None) -> np.ndarray:
    """Kernel roll indices after keeping `keeps` and throwing the other dice, which show
    `drawn` (n, 5) faces 0-5 (the first 5 - kept of each row are used)."""
    faces = CODE_BASE[drawn]
    if keeps is None:
        code = faces.sum(axis=1)
    else:
        used = np.arange(5)[None, :] < (5 - KEEP_SIZES[keeps])[:, None]
        code = _KEEP_CODES[keeps] + (faces * used).sum(axis=1)
    return CODE_TO_KEEP[code] - OFFSETS[5]


class _Batch:
    def __init__(self, table: Table, scale: float, rng: np.random.Generator, record: int):
        self.table = table
        self.model = table.model
        self.scale = scale
        self.rng = rng
        self.record = record

    def play(self, n: int) -> tuple[np.ndarray, list[list[TurnRecord]]]:
        model = self.model
        fields = model.start_fields(n)
        totals = np.zeros(n, dtype=np.int64)
        records = [[] for _ in range(min(n, self.record))]
        for _ in range(model.n_boxes):
            keys = model.group_keys(fields)
            new_fields = {k: v.copy() for k, v in fields.items()}
            for key in np.unique(keys):
                idx = np.nonzero(keys == key)[0]
                sub, gained = self.turn(_select(fields, idx), idx, records)
                for k in new_fields:
                    new_fields[k][idx] = sub[k]
                totals[idx] += np.rint(gained).astype(np.int64)
            fields = new_fields
        totals += np.rint(model.terminal_values(fields)).astype(np.int64)
        return totals, records

    def turn(
        self,
        fields: Fields,
        ids: np.ndarray,
        records: list,
        win: WinTurn | None = None,
        faces: np.ndarray | None = None,
    ) -> tuple[Fields, np.ndarray]:
        """One turn of every sheet of `fields`; with `win`, played for the chance to win
        (its terms value every write) instead of the expected score. `faces` (throws,
        n, 5), if given, are the dice each throw of each sheet shows (else drawn)."""
        model, values, rng = self.model, self.table.values, self.rng
        n = len(ids)
        limit = model.max_throws(fields)
        last = int(limit.max())
        terms: dict = {}
        writes: dict = {}

        def at(t: int):
            if win is not None:
                return win.terms(t)
            key = model.write_key(t)
            if key not in terms:
                terms[key] = model.terms(fields, t, values)
            return terms[key]

        def w(t: int) -> np.ndarray:
            if win is not None:
                return win.writes(t)
            key = model.write_key(t)
            if key not in writes:
                writes[key] = write_values(at(t), n, np.float32)
            return writes[key]

        keep_values: dict[int, np.ndarray] = {}
        x = w(last)
        for t in range(last - 1, 0, -1):
            k = expect_down(x)
            keep_values[t] = concat_keeps(k)
            if t > 1:  # the value before the first throw is not needed to play
                x = np.maximum(w(t), best_keep(k))

        cols = np.arange(n)
        rolls = _roll(rng, None, n) if faces is None else _rolled(faces[0], None)
        boxes = np.full(n, -1)
        throws = np.zeros(n, dtype=np.int64)
        active = np.ones(n, dtype=bool)
        is_tracked = ids < len(records)
        tracked = [(i, int(ids[i])) for i in np.nonzero(is_tracked)[0]]
        turn_records = {i: TurnRecord() for i, _ in tracked}
        for i in turn_records:
            turn_records[i].rolls.append(ROLLS[rolls[i]])
        nb = model.n_boxes
        t = 1
        while active.any():
            if t < last:
                subs = SUB_KEEPS[rolls]
                kv = keep_values[t][np.maximum(subs, 0), cols[:, None]]
                kv[(subs < 0) | (t >= limit)[:, None]] = -np.inf
            if self.scale == 0 or win is not None:
                # optimal: the best write against the best keep (a tie writes)
                writing = active.copy()
                if t < last:
                    keep_choice = np.argmax(kv, axis=1)
                    writing &= w(t)[rolls, cols] >= kv[cols, keep_choice]
                if writing.any():
                    who = np.nonzero(writing)[0]
                    bv = box_values_at(at(t), rolls, nb, who)
                    boxes[who] = np.argmax(bv, axis=0)
            else:
                options = np.full((n, nb + SUB_KEEPS.shape[1]), -np.inf)
                options[:, :nb] = box_values_at(at(t), rolls, nb).T
                if t < last:
                    options[:, nb:] = kv
                choice = noisy_argmax(options, self.scale, rng)
                writing = active & (choice < nb)
                boxes[writing] = choice[writing]
                keep_choice = choice - nb
            throws[writing] = t
            active &= ~writing
            if active.any():
                act = np.nonzero(active)[0]
                keeps = SUB_KEEPS[rolls[act], keep_choice[act]]
                rolls[act] = (
                    _roll(rng, keeps, len(act)) if faces is None else _rolled(faces[t][act], keeps)
                )
                for j in np.nonzero(is_tracked[act])[0] if turn_records else ():
                    i = act[j]
                    turn_records[i].kept.append(ALL_KEEPS[keeps[j]])
                    turn_records[i].rolls.append(ROLLS[rolls[i]])
            t += 1
        for i, g in tracked:
            turn_records[i].box = model.box_ids[boxes[i]]
            records[g].append(turn_records[i])
        return model.apply_write(fields, boxes, rolls, throws)


def simulate(
    table: Table,
    level: str = "optimal",
    games: int = 1000,
    seed: int = 0,
    record: int = 0,
    workers: int = 2,
) -> SimResult:
    """Play `games` seeded solitaire games with the bot of `level`.

    The same seed gives the same games. `record` keeps the turn-by-turn log of the
    first games (for checking them against the engine).
    """
    if level not in LEVEL_NOISE:
        raise KeyError(f"unknown bot level {level!r} (known: {', '.join(LEVEL_NOISE)})")
    t0 = time.perf_counter()
    sizes = [min(BATCH, games - a) for a in range(0, games, BATCH)]

    def run(i: int) -> tuple[np.ndarray, list]:
        rng = np.random.default_rng([seed, i])
        batch = _Batch(table, LEVEL_NOISE[level], rng, max(0, record - i * BATCH))
        return batch.play(sizes[i])

    if workers > 1 and len(sizes) > 1:
        with ThreadPoolExecutor(workers) as pool:
            results = list(pool.map(run, range(len(sizes))))
    else:
        results = [run(i) for i in range(len(sizes))]
    scores = np.concatenate([r[0] for r in results]) if results else np.zeros(0, np.int64)
    records = [game for r in results for game in r[1]][:record]
    return SimResult(table.variant.id, level, scores, time.perf_counter() - t0, records)


def replay_record(
    variant_id: str, turns: list[TurnRecord], level: str = "optimal", seed: int = 0
) -> Game:
    """A recorded game played through the engine (real-dice mode): legal or it raises."""
    from collections import Counter

    from dicepoker_tui.families.scoresheet.bots.keeps import keep_positions

    player = Player(name=level.capitalize(), kind="bot", level=level)
    game = Game.new(variant_id, [player], seed=seed, real_dice=True)
    for turn in turns:
        game.throw(dice=list(turn.rolls[0]))
        for kept, roll in zip(turn.kept, turn.rolls[1:], strict=True):
            current = game.state.turn.dice
            held = keep_positions(current, kept)
            fresh = list((Counter(roll) - Counter(kept)).elements())
            dice = [current[i] if i in held else fresh.pop() for i in range(5)]
            game.throw(keep=list(held), dice=dice)
        game.write(turn.box)
    return game
