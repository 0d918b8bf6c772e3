"""States of two-stage sheets: dice poker and its roll-bank variety.

Stage 1 state: (filled stage-1 boxes, stage-1 total, banked throws); totals that are
sure of the stage bonus, or can no longer earn it, are one state each. Stage 2 state:
(filled stage-2 boxes, banked throws); the stage-1 total no longer matters once its
bonus is settled. Turns in stage 2 may spend banked throws after the regular ones.
"""

from __future__ import annotations

import numpy as np

from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant, WriteContext
from dicepoker_tui.families.scoresheet.solver.model import Fields, Model, score_table, section_bonus
from dicepoker_tui.families.scoresheet.solver.terms import NEG_INF, BoxTerm, RowClasses


class StageModel(Model):
    """Two stages; the first has a bonus for its total, unused throws may be banked."""

    def __init__(self, variant: Variant) -> None:
        if variant.stages != (1, 2):
            raise ValueError(f"{variant.id} is not a two-stage variant")
        self.variant = variant
        self.box_ids = variant.box_ids
        nb = self.n_boxes
        self.stage1 = [b for b, box in enumerate(variant.boxes) if box.stage == 1]
        self.stage2 = [b for b, box in enumerate(variant.boxes) if box.stage == 2]
        if len(self.stage1) > 8:
            raise ValueError(f"no solver model for {variant.id}: stage 1 is too long")
        self.bits1 = sum(1 << b for b in self.stage1)
        self.bits2 = sum(1 << b for b in self.stage2)
        self.per_turn = variant.throws_per_turn
        stage1_ids = tuple(self.box_ids[b] for b in self.stage1)
        full1 = Sheet(scores=dict.fromkeys(stage1_ids, 0))
        # points by throw number (1 = first throw of the turn, 2..per_turn, beyond: as last)
        self.scores = {t: score_table(variant, full1, t) for t in range(1, self.per_turn + 1)}
        lo = int(min(self.scores[t][self.stage1].min() for t in self.scores)) * len(self.stage1)
        hi = int(max(self.scores[t][self.stage1].max() for t in self.scores)) * len(self.stage1)
        self.threshold, self.bonus = section_bonus(variant, stage1_ids, len(stage1_ids) - 1, lo, hi)
        self.banked = {
            (b, t): variant.banked_throws(self.box_ids[b], WriteContext(throws=t))
            for b in range(nb)
            for t in range(1, self.per_turn + 1)
        }
        self.max_bank = len(self.stage1) * max(self.banked.values())
        self.spends_in_stage2 = variant.spendable_bank(Sheet(scores=full1.scores, bank=1)) == 1
        self.final = [
            float(sum(b.points for b in variant.final_bonuses(Sheet(bank=k))))
            for k in range(self.max_bank + 1)
        ]
        self.classes = {
            t: [RowClasses.build(self.scores[t][b].astype(np.float64)) for b in range(nb)]
            for t in self.scores
        }
        self._enumerate()

    # -- enumeration ---------------------------------------------------------------------
    def _enumerate(self) -> None:
        values1 = [
            sorted({int(v) for t in self.scores for v in self.scores[t][b]}) for b in self.stage1
        ]
        self.acc_lo = sum(min(v) for v in values1)
        self.acc_hi = sum(max(v) for v in values1)
        n1 = len(self.stage1)
        nbank = self.max_bank + 1
        idx1 = np.full((1 << n1, self.acc_hi - self.acc_lo + 1, nbank), -1, dtype=np.int64)
        rows = []  # (level, mask, acc, bank)
        self.canon: dict[int, dict[int, int]] = {}
        per_write = max(self.banked[(b, t)] for b in self.stage1 for t in self.scores)
        for f_set in range((1 << n1) - 1):
            reach = {0}
            mask = 0
            for i, b in enumerate(self.stage1):
                if f_set >> i & 1:
                    mask |= 1 << b
                    reach = {a + v for a in reach for v in values1[i]}
            open_ = [i for i in range(n1) if not f_set >> i & 1]
            min_rest = sum(min(values1[i]) for i in open_)
            max_rest = sum(max(values1[i]) for i in open_)
            sure = [a for a in reach if a + min_rest >= self.threshold]
            lost = [a for a in reach if a + max_rest < self.threshold]
            canon = {a: a for a in reach}
            for group in (sure, lost):
                for a in group:
                    canon[a] = min(group)
            self.canon[f_set] = canon
            filled = bin(f_set).count("1")
            for a in sorted(set(canon.values())):
                for bank in range(filled * per_write + 1):
                    rows.append((filled, mask, a, bank))
        full = self.bits1
        for g in range(1 << len(self.stage2)):
            mask = full
            for i, b in enumerate(self.stage2):
                if g >> i & 1:
                    mask |= 1 << b
            for bank in range(nbank):
                rows.append((n1 + bin(g).count("1"), mask, 0, bank))
        arr = np.array(rows, dtype=np.int64)
        order = np.lexsort((arr[:, 2], arr[:, 1], arr[:, 3], arr[:, 0]))
        arr = arr[order]
        level, self.mask, self.acc, self.bank = arr.T.copy()
        self.n_states = len(arr)
        self.level_bounds = [
            (int(np.searchsorted(level, k, "left")), int(np.searchsorted(level, k, "right")))
            for k in range(self.n_boxes + 1)
        ]
        numbers = np.arange(self.n_states)
        stage1 = (self.mask & full) != full
        f_sets = self._f_set(self.mask[stage1])
        idx1[f_sets, self.acc[stage1] - self.acc_lo, self.bank[stage1]] = numbers[stage1]
        for f_set, canon in self.canon.items():
            for a, c in canon.items():
                if a != c:
                    idx1[f_set, a - self.acc_lo] = idx1[f_set, c - self.acc_lo]
        idx2 = np.full((1 << self.n_boxes, nbank), -1, dtype=np.int64)
        idx2[self.mask[~stage1], self.bank[~stage1]] = numbers[~stage1]
        self.idx1, self.idx2 = idx1, idx2

    def fingerprint_parts(self) -> list:
        parts: list = [self.threshold, self.bonus, sorted(self.banked.items()), self.final]
        return [*parts, self.spends_in_stage2, *(self.scores[t] for t in sorted(self.scores))]

    def _f_set(self, mask: np.ndarray) -> np.ndarray:
        out = np.zeros_like(mask)
        for i, b in enumerate(self.stage1):
            out |= ((mask >> b) & 1) << i
        return out

    def fields(self, start: int, stop: int) -> Fields:
        return {
            "mask": self.mask[start:stop],
            "acc": self.acc[start:stop],
            "bank": self.bank[start:stop],
        }

    def terminal_values(self, fields: Fields) -> np.ndarray:
        return np.array(self.final)[fields["bank"]]

    def max_throws(self, fields: Fields) -> np.ndarray:
        in_stage2 = (fields["mask"] & self.bits1) == self.bits1
        spend = fields["bank"] * (in_stage2 & self.spends_in_stage2)
        return self.per_turn + spend

    def write_key(self, t: int) -> int:
        return t

    # -- terms -------------------------------------------------------------------------------
    def terms(self, fields: Fields, t: int, values: np.ndarray) -> list[BoxTerm]:
        mask, acc, bank = fields["mask"], fields["acc"], fields["bank"]
        tc = min(t, self.per_turn)
        can_write = t <= self.max_throws(fields)
        spent = max(0, t - self.per_turn)
        in_stage2 = (mask & self.bits1) == self.bits1
        terms = []
        for b in range(self.n_boxes):
            rc = self.classes[tc][b]
            pv = rc.points.astype(np.int64)
            stage1_box = b in self.stage1
            open_ = (((mask >> b) & 1) == 0) & can_write & (in_stage2 != stage1_box)
            if not open_.any():
                continue
            nm = mask | (1 << b)
            if stage1_box:
                nbank = np.minimum(bank + self.banked[(b, tc)], self.max_bank)
                new_acc = acc[None, :] + pv[:, None]
                completes = (nm & self.bits1) == self.bits1
                fs = self._f_set(nm)
                lookup = np.clip(new_acc - self.acc_lo, 0, self.idx1.shape[1] - 1)
                nxt1 = self.idx1[fs[None, :], lookup, nbank[None, :]]
                nxt2 = self.idx2[np.broadcast_to(nm, new_acc.shape), nbank[None, :]]
                bonus = self.bonus * (new_acc >= self.threshold)
                nxt = np.where(completes[None, :], nxt2, nxt1)
                vals = values[nxt] + pv[:, None] + np.where(completes[None, :], bonus, 0)
            else:
                nbank = np.maximum(bank - spent, 0)
                vals = values[self.idx2[nm, nbank]][None, :] + pv[:, None]
            vals = np.where(open_[None, :], vals, NEG_INF)
            terms.append(BoxTerm(b, vals, rc))
        return terms

    # -- many games at once ---------------------------------------------------------------------
    def group_keys(self, fields: Fields) -> np.ndarray:
        return self.max_throws(fields)

    def apply_write(
        self, fields: Fields, boxes: np.ndarray, rolls: np.ndarray, throws: np.ndarray
    ) -> tuple[Fields, np.ndarray]:
        mask, acc, bank = fields["mask"], fields["acc"], fields["bank"]
        if not hasattr(self, "_score_array"):
            self._score_array = np.array([self.scores[t] for t in sorted(self.scores)])
            self._banked_array = np.array(
                [[self.banked[(b, t)] for t in sorted(self.scores)] for b in range(self.n_boxes)]
            )
            self._in_stage1 = np.array([b in self.stage1 for b in range(self.n_boxes)])
        tc = np.minimum(throws, self.per_turn) - 1
        points = self._score_array[tc, boxes, rolls]
        stage1 = self._in_stage1[boxes]
        new_mask = mask | (1 << boxes)
        new_acc = np.where(stage1, acc + points, acc)
        completes = stage1 & ((new_mask & self.bits1) == self.bits1)
        gained = points + self.bonus * (completes & (new_acc >= self.threshold))
        spent = np.maximum(0, throws - self.per_turn)
        new_bank = np.where(
            stage1,
            np.minimum(bank + self._banked_array[boxes, tc], self.max_bank),
            bank - spent,
        )
        new = {"mask": new_mask, "acc": np.where(completes, 0, new_acc), "bank": new_bank}
        return new, gained

    # -- sheets --------------------------------------------------------------------------------
    def encode(self, sheet: Sheet) -> Fields:
        mask = sum(1 << b for b, box in enumerate(self.box_ids) if sheet.filled(box))
        stage1_done = mask & self.bits1 == self.bits1
        acc = 0 if stage1_done else sum(sheet.scores.get(self.box_ids[b], 0) for b in self.stage1)
        return {"mask": np.array([mask]), "acc": np.array([acc]), "bank": np.array([sheet.bank])}

    def turn_fields(self, sheet: Sheet, throws_made: int) -> Fields:
        fields = self.encode(sheet)
        in_stage2 = fields["mask"][0] & self.bits1 == self.bits1
        if in_stage2 and self.spends_in_stage2:  # bank throws already spent this turn
            fields["bank"] = fields["bank"] + max(0, throws_made - self.per_turn)
        return fields

    def index(self, fields: Fields) -> np.ndarray:
        mask, acc, bank = fields["mask"], fields["acc"], fields["bank"]
        stage2 = (mask & self.bits1) == self.bits1
        i1 = self.idx1[
            self._f_set(mask), np.clip(acc - self.acc_lo, 0, self.idx1.shape[1] - 1), bank
        ]
        i2 = self.idx2[mask, np.minimum(bank, self.max_bank)]
        return np.where(stage2, i2, i1)
