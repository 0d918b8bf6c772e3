"""What a scoresheet variant declares, and the defaults most variants share.

The engine asks a `Variant` everything rule-specific: which boxes exist and in which
stage, what writing dice into a box scores, where the dice may go, which bonuses
follow a write, and what happens to unused throws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from dicepoker_tui.engine.described import Described
from dicepoker_tui.engine.dice import Dice, counts
from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.i18n import _, pgettext

WRITE_CONTEXT = "write"
"""The catalogues' context of a box's name as the object of "write {box}" (its accusative)."""


@dataclass(frozen=True)
class Box:
    """A line of the scoresheet."""

    id: str
    label: str
    stage: int = 1
    section: str = "main"


@dataclass(frozen=True)
class Section:
    """Boxes shown together with a subtotal (upper section, stage 1, …)."""

    id: str
    label: str
    boxes: tuple[str, ...]


@dataclass(frozen=True)
class Bonus:
    """Points added to a sheet outside the boxes."""

    id: str
    label: str
    points: int


@dataclass(frozen=True)
class WriteContext:
    """What a write depends on besides the dice."""

    sheet: Sheet = field(default_factory=Sheet)
    throws: int = 2

    @property
    def first_throw(self) -> bool:
        return self.throws == 1


class Variant(Described):
    """Base class: subclasses set the class attributes and override `base_score`."""

    id: str = ""
    name: str = ""
    description: str = ""
    rules_text: str = ""
    boxes: tuple[Box, ...] = ()
    sections: tuple[Section, ...] = ()
    bonus_labels: dict[str, str] = {}
    throws_per_turn: int = 3
    settlement: bool = False
    family: str = "scoresheet"

    # -- declared shape ---------------------------------------------------------------
    @property
    def box_ids(self) -> tuple[str, ...]:
        return tuple(b.id for b in self.boxes)

    def box(self, box_id: str) -> Box:
        for b in self.boxes:
            if b.id == box_id:
                return b
        raise KeyError(box_id)

    def label(self, box_id: str) -> str:
        """The box's name for people, in the current language (`box(id).label` is English)."""
        return _(self.box(box_id).label)

    def label_to_write(self, box_id: str) -> str:
        """The box's name as the object of "write {box}": the accusative where a language
        has one (uk "записати Трійку"), else the name as the sheet shows it."""
        english = self.box(box_id).label
        said = pgettext(WRITE_CONTEXT, english)
        return said if said != english else _(english)

    def section_label(self, section_id: str) -> str:
        """A section's name for people, in the current language."""
        for section in self.sections:
            if section.id == section_id:
                return _(section.label)
        raise KeyError(section_id)

    def bonus_label(self, bonus_id: str, fallback: str | None = None) -> str:
        """A bonus's name for people, in the current language."""
        english = self.bonus_labels.get(
            bonus_id, fallback or bonus_id.replace("_", " ").capitalize()
        )
        return _(english)

    @property
    def stages(self) -> tuple[int, ...]:
        return tuple(sorted({b.stage for b in self.boxes}))

    # -- scoring ------------------------------------------------------------------------
    def base_score(self, box_id: str, dice: Dice, ctx: WriteContext) -> int:
        """Points for writing `dice` into `box_id`; legality is checked elsewhere."""
        raise NotImplementedError

    def score(self, box_id: str, dice: Dice, ctx: WriteContext | None = None) -> int:
        return self.base_score(box_id, tuple(sorted(dice)), ctx or WriteContext())

    def is_joker(self, dice: Dice, ctx: WriteContext) -> bool:
        """Whether this write uses a Joker rule (shown on the sheet and in the log)."""
        return False

    # -- where dice may go --------------------------------------------------------------
    def current_stage(self, sheet: Sheet) -> int | None:
        for stage in self.stages:
            if any(not sheet.filled(b.id) for b in self.boxes if b.stage == stage):
                return stage
        return None

    def open_boxes(self, sheet: Sheet) -> list[str]:
        """Unfilled boxes of the stage in play."""
        stage = self.current_stage(sheet)
        return [b.id for b in self.boxes if b.stage == stage and not sheet.filled(b.id)]

    def write_refusal(self, box_id: str, dice: Dice, ctx: WriteContext) -> str | None:
        """Why `dice` may not go into `box_id` now, or None when it may."""
        if box_id not in self.box_ids:
            return f"There is no box {box_id!r} in {self.name}."
        label = self.label(box_id)
        if ctx.sheet.filled(box_id):
            return _("{box} is already filled ({points}).").format(
                box=label, points=ctx.sheet.scores[box_id]
            )
        stage = self.current_stage(ctx.sheet)
        if self.box(box_id).stage != stage:
            return _("{box} belongs to stage {stage}; finish stage {current} first.").format(
                box=label, stage=self.box(box_id).stage, current=stage
            )
        return None

    def legal_boxes(self, dice: Dice, ctx: WriteContext) -> list[str]:
        return [b for b in self.box_ids if self.write_refusal(b, dice, ctx) is None]

    # -- throws ---------------------------------------------------------------------------
    def spendable_bank(self, sheet: Sheet) -> int:
        """Banked throws the player may spend after the regular ones in this turn."""
        return 0

    def throws_left(self, sheet: Sheet, throws_made: int) -> int:
        """Throws still allowed in a turn, bank included."""
        return max(0, self.throws_per_turn - throws_made) + self.spendable_bank(sheet)

    def banked_throws(self, box_id: str, ctx: WriteContext) -> int:
        """Throws that go into the bank when a turn ends by writing into `box_id`."""
        return 0

    # -- bonuses --------------------------------------------------------------------------
    def bonuses_after_write(
        self, before: Sheet, after: Sheet, box_id: str, dice: Dice, ctx: WriteContext
    ) -> list[Bonus]:
        return []

    def final_bonuses(self, sheet: Sheet) -> list[Bonus]:
        return []

    def section_total(self, sheet: Sheet, section_id: str) -> int:
        section = next(s for s in self.sections if s.id == section_id)
        return sum(sheet.scores.get(b, 0) for b in section.boxes)


# -- helpers shared by the built-in variants ----------------------------------------------


def n_of_a_kind(dice: Dice, n: int) -> int:
    """The highest face with at least n dice, or 0."""
    c = counts(dice)
    return next((v for v in range(6, 0, -1) if c[v] >= n), 0)


def two_pairs(dice: Dice) -> int:
    """2a + 2b for the best two different faces with two dice each, or 0."""
    c = counts(dice)
    faces = [v for v in range(6, 0, -1) if c[v] >= 2]
    return 2 * (faces[0] + faces[1]) if len(faces) >= 2 else 0


def is_full_house(dice: Dice) -> bool:
    """Three of one face and two of another."""
    return sorted(n for n in counts(dice) if n) == [2, 3]


def is_five_of_a_kind(dice: Dice) -> bool:
    return max(counts(dice)) == 5


def contains_run(dice: Dice, run: Sequence[int]) -> bool:
    return set(run) <= set(dice)


def upper_score(face: int, dice: Dice) -> int:
    return face * counts(dice)[face]


UPPER_IDS = ("ones", "twos", "threes", "fours", "fives", "sixes")
