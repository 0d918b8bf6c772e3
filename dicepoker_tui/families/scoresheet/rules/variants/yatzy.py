"""Scandinavian Yatzy: 15 boxes, upper bonus 50, no Joker, no Yatzy bonus."""

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
    two_pairs,
    upper_score,
)
from dicepoker_tui.i18n import N_

UPPER_LABELS = (N_("Ones"), N_("Twos"), N_("Threes"), N_("Fours"), N_("Fives"), N_("Sixes"))
LOWER = (
    ("one_pair", N_("One pair")),
    ("two_pairs", N_("Two pairs")),
    ("three_of_a_kind", N_("Three of a kind")),
    ("four_of_a_kind", N_("Four of a kind")),
    ("small_straight", N_("Small straight")),
    ("large_straight", N_("Large straight")),
    ("full_house", N_("Full house")),
    ("chance", N_("Chance")),
    ("yatzy", N_("Yatzy")),
)
LOWER_IDS = tuple(box for box, _label in LOWER)
UPPER_BONUS = Bonus("upper_bonus", "Upper bonus", 50)

RULES = """\
YATZY (Scandinavian rules)

Five dice, 15 rounds, up to three throws a turn; write the dice into one open box.
A box without its combination takes 0. No Yatzy bonus, no Joker, no doubling.

Ones..Sixes       the sum of that face.   Upper bonus +50 at 63 or more.
One pair          two of a face            2 x face (highest pair)
Two pairs         two different pairs      sum of the four dice
Three of a kind   three of a face          3 x face
Four of a kind    four of a face           4 x face
Small straight    exactly 1-2-3-4-5        15
Large straight    exactly 2-3-4-5-6        20
Full house        three + two, two faces   sum of all dice
Chance            anything                 sum of all dice
Yatzy             five of a face           50

Two pairs and Full house need two different faces: five of a kind is neither.
"""


class Yatzy(Variant):
    """Scandinavian Yatzy."""

    id = "yatzy"
    name = N_("Yatzy")
    description = N_("Scandinavian rules: 15 boxes, pairs and fixed straights, upper bonus 50.")
    rules_text = RULES
    boxes = tuple(
        Box(b, lab, section="upper") for b, lab in zip(UPPER_IDS, UPPER_LABELS, strict=True)
    ) + tuple(Box(b, lab, section="lower") for b, lab in LOWER)
    sections = (
        Section("upper", "Upper section", UPPER_IDS),
        Section("lower", "Lower section", LOWER_IDS),
    )
    bonus_labels = {UPPER_BONUS.id: UPPER_BONUS.label}
    small_runs: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4, 5),)
    large_runs: tuple[tuple[int, ...], ...] = ((2, 3, 4, 5, 6),)
    made_points: dict[str, int] = {"small_straight": 15, "large_straight": 20, "yatzy": 50}
    upper_threshold: int = 63
    upper_bonus: Bonus | None = UPPER_BONUS

    def base_score(self, box_id: str, dice: Dice, ctx: WriteContext) -> int:
        if box_id in UPPER_IDS:
            return upper_score(UPPER_IDS.index(box_id) + 1, dice)
        match box_id:
            case "one_pair":
                return 2 * n_of_a_kind(dice, 2)
            case "two_pairs":
                return two_pairs(dice)
            case "three_of_a_kind":
                return 3 * n_of_a_kind(dice, 3)
            case "four_of_a_kind":
                return 4 * n_of_a_kind(dice, 4)
            case "small_straight":
                hit = any(contains_run(dice, r) for r in self.small_runs)
                return self.made_points["small_straight"] if hit else 0
            case "large_straight":
                hit = tuple(dice) in self.large_runs
                return self.made_points["large_straight"] if hit else 0
            case "full_house":
                return sum(dice) if is_full_house(dice) else 0
            case "chance":
                return sum(dice)
            case "yatzy":
                return self.made_points["yatzy"] if is_five_of_a_kind(dice) else 0
        raise KeyError(box_id)

    def bonuses_after_write(
        self, before: Sheet, after: Sheet, box_id: str, dice: Dice, ctx: WriteContext
    ) -> list[Bonus]:
        bonus = self.upper_bonus
        if (
            bonus is not None
            and box_id in UPPER_IDS
            and bonus.id not in before.bonuses
            and self.section_total(after, "upper") >= self.upper_threshold
        ):
            return [bonus]
        return []
