"""A brute-force turn, played through the variant's own rules on real sheets.

Every keep of every throw is enumerated explicitly, every write is made on a copy of
the sheet with the variant's `score`, `legal_boxes`, `bonuses_after_write` and
`banked_throws`; only the value of the sheet *after* the turn is read from the table.
Nothing here uses the solver's models or kernels.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import WriteContext
from dicepoker_tui.families.scoresheet.solver import Table

Dice = tuple[int, ...]


@cache
def outcomes(n: int) -> tuple[tuple[Dice, float], ...]:
    out = []
    for combo in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for c in Counter(combo).values():
            ways //= factorial(c)
        out.append((combo, ways / 6**n))
    return tuple(out)


def sub_multisets(dice: Dice) -> set[Dice]:
    n = len(dice)
    return {tuple(dice[i] for i in range(n) if m >> i & 1) for m in range(2**n)}


def write_after(table: Table, sheet: Sheet, dice: Dice, throws: int, box: str) -> float:
    """Points and bonuses of the write, plus the table's value of the sheet after it."""
    variant = table.variant
    ctx = WriteContext(sheet=sheet, throws=throws)
    points = variant.score(box, dice, ctx)
    after = sheet.model_copy(deep=True)
    after.scores[box] = points
    gained = points
    for bonus in variant.bonuses_after_write(sheet, after, box, dice, ctx):
        after.bonuses[bonus.id] = after.bonuses.get(bonus.id, 0) + bonus.points
        gained += bonus.points
    after.bank += variant.banked_throws(box, ctx)
    spent = max(0, throws - variant.throws_per_turn)
    after.bank -= spent
    return gained + table.future(after)


class BruteTurn:
    """Values of every decision of one turn of `sheet` (bank as at the turn's start)."""

    def __init__(self, table: Table, sheet: Sheet) -> None:
        self.table = table
        self.sheet = sheet
        self.variant = table.variant
        self.last = self.variant.throws_left(sheet, 0)
        self._after: dict[tuple[int, Dice], float] = {}
        self._keep: dict[tuple[int, Dice], float] = {}

    def sheet_at(self, throws: int) -> Sheet:
        """The sheet during the turn: bank throws already spent taken off."""
        spent = max(0, throws - self.variant.throws_per_turn)
        return (
            self.sheet.model_copy(update={"bank": self.sheet.bank - spent}) if spent else self.sheet
        )

    def write_values(self, dice: Dice, throws: int) -> dict[str, float]:
        sheet = self.sheet_at(throws)
        ctx = WriteContext(sheet=sheet, throws=throws)
        base = self.sheet
        return {
            box: write_after(self.table, base, dice, throws, box)
            for box in self.variant.legal_boxes(dice, ctx)
        }

    def keep_value(self, keep: Dice, throws: int) -> float:
        """Keep `keep` after `throws` throws and throw the rest."""
        key = (throws, keep)
        if key not in self._keep:
            total = 0.0
            for rest, p in outcomes(5 - len(keep)):
                total += p * self.after_throw(tuple(sorted(keep + rest)), throws + 1)
            self._keep[key] = total
        return self._keep[key]

    def after_throw(self, dice: Dice, throws: int) -> float:
        key = (throws, dice)
        if key not in self._after:
            best = max(self.write_values(dice, throws).values())
            if throws < self.last:
                for keep in sub_multisets(dice):
                    if len(keep) < 5:
                        best = max(best, self.keep_value(tuple(sorted(keep)), throws))
            self._after[key] = best
        return self._after[key]

    def turn_value(self) -> float:
        return sum(p * self.after_throw(d, 1) for d, p in outcomes(5))
