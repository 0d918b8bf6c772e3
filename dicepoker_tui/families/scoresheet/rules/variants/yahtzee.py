"""Yahtzee: the official rules with the forced Joker, and the free-Joker rules."""

from __future__ import annotations

from dicepoker_tui.engine.dice import Dice
from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import (
    UPPER_IDS,
    Bonus,
    Box,
    Section,
    Variant,
    WriteContext,
    contains_run,
    is_five_of_a_kind,
    is_full_house,
    n_of_a_kind,
    upper_score,
)
from dicepoker_tui.i18n import N_, _

UPPER_LABELS = (N_("Aces"), N_("Twos"), N_("Threes"), N_("Fours"), N_("Fives"), N_("Sixes"))
LOWER = (
    ("three_of_a_kind", N_("Three of a kind")),
    ("four_of_a_kind", N_("Four of a kind")),
    ("full_house", N_("Full house")),
    ("small_straight", N_("Small straight")),
    ("large_straight", N_("Large straight")),
    ("yahtzee", N_("Yahtzee")),
    ("chance", N_("Chance")),
)
LOWER_IDS = tuple(box for box, _ in LOWER)
UPPER_BONUS = Bonus("upper_bonus", "Upper bonus", 35)
YAHTZEE_BONUS = Bonus("yahtzee_bonus", "Yahtzee bonus", 100)

YAHTZEE_RULES = """\
YAHTZEE (official rules)

Five dice, 13 rounds. Each turn: up to three throws; before the second and third
throw keep any dice and throw the rest. Then write the dice into one open box.
A box without its combination takes 0.

Upper section: Aces..Sixes score the sum of that face.
  Upper bonus: +35 when the upper section totals 63 or more.
Lower section:
  Three of a kind   three of one face          sum of all dice
  Four of a kind    four of one face           sum of all dice
  Full house        three + two of two faces   25
  Small straight    1234, 2345 or 3456         30
  Large straight    12345 or 23456             40
  Yahtzee           five of one face           50
  Chance            anything                   sum of all dice

Yahtzee bonus: +100 for every further Yahtzee while the Yahtzee box holds 50
(none while it holds 0).

Joker (forced): a Yahtzee rolled when the Yahtzee box is already filled must go
into the upper box of its face if that is open; otherwise into any open lower box,
where Full house, Small and Large straight score their full 25/30/40; if no lower
box is open either, a 0 goes into any open upper box.

Decision: the upper bonus is paid at 63 or more (one source says "more than 63").
"""

FREE_JOKER_RULES = """\
YAHTZEE with the free Joker

As official Yahtzee (13 rounds, upper bonus +35 at 63 or more), except:
  Small straight    exactly 1-2-3-4-5          30
  Large straight    exactly 2-3-4-5-6          40
  Yahtzee bonus     +100 for a further Yahtzee while the Yahtzee box holds 50;
                    the dice then score normally (no Joker).
  Free Joker        while the Yahtzee box holds 0, a further Yahtzee may go into
                    any open box; in the lower boxes it counts as made (Full house
                    25, straights 30/40, the others the sum). No bonus.
"""


class Yahtzee(Variant):
    """Official Yahtzee with the forced Joker rule and Yahtzee bonuses.

    The rules are class attributes, so Kniffel and house rules are the same class with
    other numbers: the five-of-a-kind box, the points of the made combinations, the
    upper bonus, the straights, the five-of-a-kind bonus and its Joker rule.
    """

    id = "yahtzee"
    name = N_("Yahtzee")
    description = N_("Official rules: 13 boxes, upper bonus 35, Yahtzee bonus 100, forced Joker.")
    rules_text = YAHTZEE_RULES
    boxes = tuple(
        Box(b, lab, section="upper") for b, lab in zip(UPPER_IDS, UPPER_LABELS, strict=True)
    ) + tuple(Box(b, lab, section="lower") for b, lab in LOWER)
    sections = (
        Section("upper", "Upper section", UPPER_IDS),
        Section("lower", "Lower section", LOWER_IDS),
    )
    bonus_labels = {UPPER_BONUS.id: UPPER_BONUS.label, YAHTZEE_BONUS.id: YAHTZEE_BONUS.label}

    small_runs: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6))
    large_runs: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6))
    five_box: str = "yahtzee"
    """The box of five of a kind (its bonus and Joker depend on it)."""
    made_points: dict[str, int] = {
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
        "yahtzee": 50,
    }
    """What the boxes of fixed value score when made (or as a Joker)."""
    upper_threshold: int = 63
    upper_bonus: Bonus | None = UPPER_BONUS
    five_bonus: Bonus | None = YAHTZEE_BONUS
    five_bonus_rule: str = "made"
    """"made": a further five of a kind while the box holds its points earns the bonus;
    "face": one written into its face's upper box while the box holds anything does."""
    joker: str = "forced"
    """"forced" (after any entry in the box), "free" (after a 0 in it) or "none"."""

    def lower_ids(self) -> tuple[str, ...]:
        return tuple(b.id for b in self.boxes if b.section == "lower")

    def is_joker(self, dice: Dice, ctx: WriteContext) -> bool:
        if not is_five_of_a_kind(dice) or self.five_box not in self.box_ids:
            return False
        if self.joker == "forced":
            return ctx.sheet.filled(self.five_box)
        if self.joker == "free":
            return ctx.sheet.scores.get(self.five_box) == 0
        return False

    def base_score(self, box_id: str, dice: Dice, ctx: WriteContext) -> int:
        if box_id in UPPER_IDS:
            return upper_score(UPPER_IDS.index(box_id) + 1, dice)
        joker = self.is_joker(dice, ctx)
        total = sum(dice)
        made = self.made_points
        match box_id:
            case "three_of_a_kind":
                return total if n_of_a_kind(dice, 3) else 0
            case "four_of_a_kind":
                return total if n_of_a_kind(dice, 4) else 0
            case "full_house":
                return made["full_house"] if joker or is_full_house(dice) else 0
            case "small_straight":
                hit = any(contains_run(dice, r) for r in self.small_runs)
                return made["small_straight"] if joker or hit else 0
            case "large_straight":
                hit = any(tuple(dice) == r for r in self.large_runs)
                return made["large_straight"] if joker or hit else 0
            case "chance":
                return total
        if box_id == self.five_box:
            return made[box_id] if is_five_of_a_kind(dice) else 0
        raise KeyError(box_id)

    def write_refusal(self, box_id: str, dice: Dice, ctx: WriteContext) -> str | None:
        refusal = super().write_refusal(box_id, dice, ctx)
        if refusal or self.joker != "forced" or not self.is_joker(dice, ctx):
            return refusal
        sheet = ctx.sheet
        face_box = UPPER_IDS[dice[0] - 1]
        if face_box in self.box_ids and not sheet.filled(face_box):
            if box_id != face_box:
                return _("Joker: this Yahtzee must go in {box} while it is open.").format(
                    box=self.label(face_box)
                )
            return None
        if any(not sheet.filled(b) for b in self.lower_ids()) and box_id in UPPER_IDS:
            return "Joker: this Yahtzee must go in an open lower box."
        return None

    def earns_five_bonus(self, before: Sheet, box_id: str, dice: Dice) -> bool:
        """Whether writing five of a kind into `box_id` earns the five-of-a-kind bonus."""
        if self.five_bonus is None or not is_five_of_a_kind(dice) or box_id == self.five_box:
            return False
        if self.five_bonus_rule == "face":
            return before.filled(self.five_box) and box_id == UPPER_IDS[dice[0] - 1]
        return before.scores.get(self.five_box, 0) > 0

    def bonuses_after_write(
        self, before: Sheet, after: Sheet, box_id: str, dice: Dice, ctx: WriteContext
    ) -> list[Bonus]:
        bonuses = []
        if (
            self.upper_bonus is not None
            and box_id in UPPER_IDS
            and self.upper_bonus.id not in before.bonuses
            and self.section_total(after, "upper") >= self.upper_threshold
        ):
            bonuses.append(self.upper_bonus)
        if self.five_bonus is not None and self.earns_five_bonus(before, box_id, dice):
            bonuses.append(self.five_bonus)
        return bonuses


class YahtzeeFreeJoker(Yahtzee):
    """Seed 004: fixed straights, Yahtzee bonus, and a free Joker after a scratched Yahtzee."""

    id = "yahtzee-free-joker"
    name = N_("Yahtzee (free Joker)")
    description = N_("Straights 12345/23456 only; after a 0 in Yahtzee, a Yahtzee is a free Joker.")
    rules_text = FREE_JOKER_RULES
    small_runs = ((1, 2, 3, 4, 5),)
    large_runs = ((2, 3, 4, 5, 6),)

    joker = "free"
