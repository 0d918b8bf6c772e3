"""Section bonuses as goals: "upper 45 of 63 for +35", "stage 1 at -4, +50 at 0 or more".

Variants declare bonuses only through `bonuses_after_write`, so the line a section must
reach is found by asking the variant itself: a sheet with the section complete at a
given total is offered to it, and the lowest total that earns a bonus is the line.
Nothing here names a variant.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant, WriteContext
from dicepoker_tui.families.scoresheet.rules.variants.registry import get_variant
from dicepoker_tui.i18n import _

PROBE_RANGE = range(-200, 501)
PROBE_DICE = (1, 2, 3, 4, 6)  # no pair, no run of five: earns no dice-made bonus


@dataclass(frozen=True)
class SectionBonus:
    """A bonus a section earns once its total reaches `line`."""

    section: str
    section_label: str
    bonus_id: str
    bonus_label: str
    points: int
    line: int


@dataclass(frozen=True)
class Goal:
    """Where one player stands against one section bonus."""

    rule: SectionBonus
    total: int
    complete: bool
    earned: bool

    @property
    def missing(self) -> int:
        return max(0, self.rule.line - self.total)

    def describe(self) -> str:
        r = self.rule
        head = f"{_(r.section_label)}: {self.total}"
        if self.earned:
            return _("{head}, bonus +{points} earned").format(head=head, points=r.points)
        if self.complete:
            return _("{head}, no bonus (needed {line})").format(head=head, line=r.line)
        if self.missing:
            where = _("{n} to go").format(n=self.missing)
        elif self.total == r.line:
            where = _("on the line")
        else:
            where = _("{n} above").format(n=self.total - r.line)
        return _("{head}, +{points} at {line} ({where})").format(
            head=head, points=r.points, line=r.line, where=where
        )


def _awarded(variant: Variant, section_boxes: tuple[str, ...], total: int) -> list:
    last = section_boxes[-1]
    before = Sheet(scores={b: 0 for b in section_boxes[:-1]})
    after = Sheet(scores={**before.scores, last: total})
    return variant.bonuses_after_write(before, after, last, PROBE_DICE, WriteContext(sheet=before))


@cache
def _section_bonuses(variant_id: str) -> tuple[SectionBonus, ...]:
    variant = get_variant(variant_id)
    found: list[SectionBonus] = []
    for section in variant.sections:
        if not section.boxes:
            continue
        for total in PROBE_RANGE:
            awarded = _awarded(variant, section.boxes, total)
            if awarded:
                bonus = awarded[0]
                found.append(
                    SectionBonus(
                        section.id, section.label, bonus.id, bonus.label, bonus.points, total
                    )
                )
                break
    return tuple(found)


def section_bonuses(variant: Variant) -> tuple[SectionBonus, ...]:
    """The bonuses `variant` pays for reaching a section total."""
    return _section_bonuses(variant.id)


def goals(variant: Variant, sheet: Sheet) -> list[Goal]:
    """Each section bonus with this sheet's running total against its line."""
    out = []
    for rule in section_bonuses(variant):
        section = next(s for s in variant.sections if s.id == rule.section)
        out.append(
            Goal(
                rule=rule,
                total=variant.section_total(sheet, section.id),
                complete=all(sheet.filled(b) for b in section.boxes),
                earned=rule.bonus_id in sheet.bonuses,
            )
        )
    return out


def uses_bank(variant: Variant) -> bool:
    """Whether the variant banks unused throws (asked: a turn of one throw in the first box)."""
    return variant.banked_throws(variant.boxes[0].id, WriteContext(throws=1)) > 0
