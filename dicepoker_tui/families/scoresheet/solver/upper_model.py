"""States of single-stage sheets with an upper-section bonus: Yahtzee (both Joker
rules) and Yatzy.

A turn-start state is (filled boxes, upper total capped at the bonus threshold, and
whether the Yahtzee box holds its 50). Upper totals that can no longer reach the
threshold are one state; so are all totals once every upper box is filled.
"""

from __future__ import annotations

import numpy as np

from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import UPPER_IDS, Variant, WriteContext
from dicepoker_tui.families.scoresheet.solver.dice_graph import N_ROLLS, ROLLS
from dicepoker_tui.families.scoresheet.solver.model import (
    Fields,
    Model,
    bonus_points,
    score_table,
    section_bonus,
)
from dicepoker_tui.families.scoresheet.solver.terms import NEG_INF, BoxTerm, RowClasses

FIVE_OF_A_KIND = tuple(i for i, r in enumerate(ROLLS) if len(set(r)) == 1)


class UpperModel(Model):
    """Yahtzee-like sheets: one stage, upper bonus, optionally a Yahtzee box with Jokers."""

    def __init__(self, variant: Variant) -> None:
        if variant.stages != (1,):
            raise ValueError(f"{variant.id} has stages; use the stage model")
        if not set(UPPER_IDS) <= set(variant.box_ids):
            raise ValueError(f"no solver model for {variant.id}: it has no upper section")
        self.variant = variant
        self.box_ids = variant.box_ids
        nb = len(self.box_ids)
        self.upper = [self.box_ids.index(b) for b in UPPER_IDS]
        self.face_of = {b: f + 1 for f, b in enumerate(self.upper)}
        self.lower = [b for b in range(nb) if b not in self.upper]
        self.upper_bits = sum(1 << b for b in self.upper)
        self.lower_bits = sum(1 << b for b in self.lower)
        five_box = getattr(variant, "five_box", None)
        self.special = self.box_ids.index(five_box) if five_box in self.box_ids else None

        empty = Sheet()
        contexts = [empty]
        if self.special is not None:
            sid = self.box_ids[self.special]
            made = variant.score(sid, (1, 1, 1, 1, 1))
            contexts += [Sheet(scores={sid: 0}), Sheet(scores={sid: made})]
        self.contexts = contexts
        # scores[ctx][first_throw] (boxes, 252)
        self.scores = [
            (score_table(variant, sheet, 2), score_table(variant, sheet, 1)) for sheet in contexts
        ]
        self.first_throw_differs = any(not np.array_equal(a, b) for a, b in self.scores)
        try:
            self.threshold, self.bonus = section_bonus(
                variant, tuple(self.box_ids[b] for b in self.upper), 1, 0, 5 * 21
            )
        except ValueError:  # no upper bonus at all
            self.threshold, self.bonus = 0, 0
        self.cap = self.threshold
        self.write_bonus = [self._write_bonuses(sheet) for sheet in contexts]
        self.forced = self._forced_joker()
        self._classes: dict[tuple[int, int], list[RowClasses]] = {
            (c, first): self._score_classes(c, first)
            for c in range(len(contexts))
            for first in (0, 1)
        }
        self._upper_tables()
        self._enumerate()

    # -- probes ----------------------------------------------------------------------------
    def _write_bonuses(self, sheet: Sheet) -> np.ndarray:
        """(boxes, 252) bonus points of writes that do not depend on the upper total."""
        out = np.zeros((self.n_boxes, N_ROLLS))
        scores = self.scores[self.contexts.index(sheet)][0]
        for b, box in enumerate(self.box_ids):
            if sheet.filled(box):
                continue
            for r, roll in enumerate(ROLLS):
                out[b, r] = bonus_points(self.variant, sheet, box, int(scores[b, r]), roll)
        return out

    def _score_classes(self, c: int, first: int) -> list[RowClasses]:
        """Per box: the score classes of the rolls (upper boxes by their points)."""
        out = []
        scores = self.scores[c][first]
        jrows = np.array(FIVE_OF_A_KIND) if self.forced and c > 0 else None
        for b in range(self.n_boxes):
            pts = scores[b].astype(np.float64)
            bonus = self.write_bonus[c][b]
            if b in self.face_of or b == self.special:
                out.append(RowClasses.build(pts, bonus, jrows))
            else:
                out.append(RowClasses.build(pts + bonus, None, jrows))
        return out

    def _upper_tables(self) -> None:
        """Per (context, first throw): for the six upper boxes stacked, the doubled next
        upper total and the points (bonus included) of each score class, by total."""
        self._upper_stack: dict = {}
        us = np.arange(self.cap + 1)
        for key, classes in self._classes.items():
            width = max(len(classes[b].points) for b in self.upper)
            offsets = np.zeros((6, width, self.cap + 1), dtype=np.int64)
            points = np.zeros((6, width, self.cap + 1))
            for i, b in enumerate(self.upper):
                pv = classes[b].points.astype(np.int64)
                pv = np.concatenate([pv, np.repeat(pv[-1:], width - len(pv))])
                nu = np.minimum(self.cap, us[None, :] + pv[:, None])
                crossed = (us[None, :] < self.threshold) & (nu >= self.threshold)
                offsets[i] = 2 * nu
                points[i] = pv[:, None] + self.bonus * crossed
            self._upper_stack[key] = (offsets, points)

    def _forced_joker(self) -> bool:
        if self.special is None:
            return False
        sheet = self.contexts[2]
        legal = self.variant.legal_boxes((6, 6, 6, 6, 6), WriteContext(sheet=sheet, throws=2))
        return legal == ["sixes"]

    # -- enumeration ---------------------------------------------------------------------
    def _enumerate(self) -> None:
        nb = self.n_boxes
        cap = self.cap
        upper_values = [
            sorted({int(v) for ctx in self.scores for t in ctx for v in t[b]}) for b in self.upper
        ]
        lower_masks = np.array(
            [m for m in range(1 << nb) if m & self.upper_bits == 0], dtype=np.int64
        )
        self.canon: dict[int, dict[int, int]] = {}
        parts = []
        for f_set in range(64):
            reach = {0}
            bits = 0
            for i, b in enumerate(self.upper):
                if f_set >> i & 1:
                    bits |= 1 << b
                    reach = {min(cap, a + v) for a in reach for v in upper_values[i]}
            maxrem = sum(max(upper_values[i]) for i in range(6) if not f_set >> i & 1)
            if maxrem == 0:
                canon = dict.fromkeys(reach, min(reach))
            else:
                hopeless = [u for u in reach if u + maxrem < self.threshold]
                canon = {u: u for u in reach}
                for u in hopeless:
                    canon[u] = min(hopeless)
            self.canon[bits] = canon
            classes = np.array(sorted(set(canon.values())), dtype=np.int64)
            masks = bits | lower_masks
            for y in (0, 1):
                ms = masks
                if y:
                    if self.special is None:
                        continue
                    ms = masks[(masks >> self.special & 1) == 1]
                m = np.repeat(ms.astype(np.int32), len(classes))
                u = np.tile(classes.astype(np.int32), len(ms))
                parts.append((m, u, np.full(len(m), y, dtype=np.int32)))
        # int32: small numbers all (masks of 15 bits, indices of a few million), half the
        # memory of every process that builds and holds the model (a server's among them)
        mask, u, y = (np.concatenate([p[i] for p in parts]) for i in range(3))
        del parts
        level = np.array([bin(m).count("1") for m in range(1 << nb)], dtype=np.int8)[mask]
        ctx = self._ctx(mask, y).astype(np.int32)
        order = np.lexsort((y, u, mask, ctx, level))
        self.mask, self.u, self.y, self.ctx = (a[order] for a in (mask, u, y, ctx))
        lv = level[order]
        del mask, u, y, ctx, level
        self.n_states = len(order)
        self.level_bounds = [
            (int(np.searchsorted(lv, k, "left")), int(np.searchsorted(lv, k, "right")))
            for k in range(nb + 1)
        ]
        # global index of (mask, u, y) for every reachable u (canonical or not)
        idx = np.full((1 << nb, cap + 1, 2), -1, dtype=np.int32)
        idx[self.mask, self.u, self.y] = np.arange(self.n_states, dtype=np.int32)
        upper_part = np.arange(1 << nb) & self.upper_bits
        for bits, canon in self.canon.items():
            rows = np.nonzero(upper_part == bits)[0]
            for u_val, c in canon.items():
                if u_val != c:
                    idx[rows, u_val, :] = idx[rows, c, :]
        self.idx = idx

    def probe_sheets(self) -> list[Sheet]:
        return list(self.contexts)

    def fingerprint_parts(self) -> list:
        parts: list = [self.threshold, self.bonus, self.forced, self.special]
        for pair in self.scores:
            parts += list(pair)
        return parts + list(self.write_bonus)

    def _ctx(self, mask: np.ndarray, y: np.ndarray) -> np.ndarray:
        if self.special is None:
            return np.zeros(len(mask), dtype=np.int64)
        filled = (mask >> self.special) & 1
        return np.where(filled == 1, 1 + y, 0)

    def chunks(self, level: int, size: int) -> list[tuple[int, int]]:
        start, stop = self.level_bounds[level]
        out = []
        ctx = self.ctx
        a = start
        while a < stop:
            c = ctx[a]
            end = int(np.searchsorted(ctx[a:stop], c, "right")) + a
            out += [(s, min(s + size, end)) for s in range(a, end, size)]
            a = end
        return out

    def fields(self, start: int, stop: int) -> Fields:
        return {
            "mask": self.mask[start:stop],
            "u": self.u[start:stop],
            "y": self.y[start:stop],
        }

    def terminal_values(self, fields: Fields) -> np.ndarray:
        full = Sheet(scores=dict.fromkeys(self.box_ids, 0))
        pts = sum(b.points for b in self.variant.final_bonuses(full))
        return np.full(len(fields["mask"]), float(pts))

    def write_key(self, t: int) -> int:
        return int(t == 1 and self.first_throw_differs)

    # -- terms -------------------------------------------------------------------------------
    def terms(self, fields: Fields, t: int, values: np.ndarray) -> list[BoxTerm]:
        mask, u, y = fields["mask"], fields["u"], fields["y"]
        ctx = self._ctx(mask, y)
        c = int(ctx[0])
        if not np.all(ctx == c):
            raise ValueError("a batch of states must share the Yahtzee-box context")
        first = int(t == 1 and self.first_throw_differs)
        classes = self._classes[(c, first)]
        joker = self.forced and c > 0
        if joker:
            jrows = np.array(FIVE_OF_A_KIND, dtype=np.intp)
            face_box = np.array([self.upper[ROLLS[r][0] - 1] for r in jrows])
            face_open = ((mask[None, :] >> face_box[:, None]) & 1) == 0
            lower_open = (mask & self.lower_bits) != self.lower_bits
        flat = self.idx.reshape(-1)
        width2 = 2 * (self.cap + 1)
        shifts = np.arange(self.n_boxes)
        open_all = ((mask[None, :] >> shifts[:, None]) & 1) == 0
        present = open_all.any(axis=1)
        terms = []
        ups = [i for i, b in enumerate(self.upper) if present[b]]
        if ups:
            sel = np.array(ups)
            boxes = np.array(self.upper)[sel]
            offsets, points = self._upper_stack[(c, first)]
            base = (mask[None, :] | (1 << boxes)[:, None]) * width2 + y[None, :]
            nxt = np.take(flat, base[:, None, :] + offsets[sel][:, :, u])
            vals = np.take(values, nxt) + points[sel][:, :, u]
            is_open = open_all[boxes]
            if not is_open.all():
                vals = np.where(is_open[:, None, :], vals, NEG_INF)
            for j, b in enumerate(boxes):
                terms.append(BoxTerm(int(b), vals[j, : len(classes[b].points)], classes[b]))
        lows = [b for b in self.lower if present[b] and b != self.special]
        if lows:
            boxes = np.array(lows)
            here = (2 * u + y)[None, :]
            nxt = np.take(
                values, np.take(flat, (mask[None, :] | (1 << boxes)[:, None]) * width2 + here)
            )
            is_open = open_all[boxes]
            if not is_open.all():
                nxt = np.where(is_open, nxt, NEG_INF)
            for j, b in enumerate(lows):
                terms.append(BoxTerm(b, nxt[j][None, :] + classes[b].points[:, None], classes[b]))
        b = self.special
        if b is not None and present[b]:
            rc = classes[b]
            ny = (rc.points > 0).astype(np.int64)
            base = (mask | (1 << b)) * width2 + 2 * u
            vals = np.take(values, np.take(flat, base[None, :] + ny[:, None]))
            vals = vals + rc.points[:, None]
            if not open_all[b].all():
                vals[:, ~open_all[b]] = NEG_INF
            terms.append(BoxTerm(b, vals, rc))
        if joker:
            # The forced Joker of `Yahtzee.write_refusal`: the face's upper box while it
            # is open, else any open lower box, else any open upper box (checked against
            # the variant's legal_boxes for every kind of sheet by the tests).
            for term in terms:
                is_upper = term.box in self.face_of
                legal = np.where(
                    face_open,
                    (face_box == term.box)[:, None],
                    np.where(lower_open[None, :], not is_upper, is_upper),
                )
                term.joker_rows = jrows
                term.joker_legal = legal & open_all[term.box][None, :]
        return terms

    # -- many games at once ---------------------------------------------------------------------
    def group_keys(self, fields: Fields) -> np.ndarray:
        return self._ctx(fields["mask"], fields["y"])

    def apply_write(
        self, fields: Fields, boxes: np.ndarray, rolls: np.ndarray, throws: np.ndarray
    ) -> tuple[Fields, np.ndarray]:
        mask, u, y = fields["mask"], fields["u"], fields["y"]
        if not hasattr(self, "_score_array"):
            self._score_array = np.array([[s for s in pair] for pair in self.scores])
            self._bonus_array = np.array(self.write_bonus)
            self._is_upper = np.array([b in self.face_of for b in range(self.n_boxes)])
        ctx = self._ctx(mask, y)
        first = ((throws == 1) & self.first_throw_differs).astype(np.intp)
        points = self._score_array[ctx, first, boxes, rolls]
        gained = points + self._bonus_array[ctx, boxes, rolls]
        upper = self._is_upper[boxes]
        nu = np.where(upper, np.minimum(self.cap, u + points), u)
        crossed = upper & (u < self.threshold) & (nu >= self.threshold)
        gained = gained + self.bonus * crossed
        ny = y if self.special is None else np.where(boxes == self.special, points > 0, y)
        new = {"mask": mask | (1 << boxes), "u": nu, "y": ny.astype(np.int64)}
        return new, gained

    # -- sheets --------------------------------------------------------------------------------
    def encode(self, sheet: Sheet) -> Fields:
        mask = sum(1 << b for b, box in enumerate(self.box_ids) if sheet.filled(box))
        u = min(self.cap, sum(sheet.scores.get(self.box_ids[b], 0) for b in self.upper))
        y = 0
        if self.special is not None:
            y = int(sheet.scores.get(self.box_ids[self.special], 0) > 0)
        return {"mask": np.array([mask]), "u": np.array([u]), "y": np.array([y])}

    def index(self, fields: Fields) -> np.ndarray:
        return self.idx[fields["mask"], fields["u"], fields["y"]]
