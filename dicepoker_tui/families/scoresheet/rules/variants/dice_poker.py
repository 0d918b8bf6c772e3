"""Two-stage dice poker ("Покер на костях", "Poker na kockice") and its roll-bank variety."""

from __future__ import annotations

from dicepoker_tui.engine.dice import Dice, counts
from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import (
    UPPER_IDS,
    Bonus,
    Box,
    Section,
    Variant,
    WriteContext,
    contains_run,
    is_full_house,
    n_of_a_kind,
    two_pairs,
)
from dicepoker_tui.i18n import N_

STAGE1_LABELS = (N_("Ones"), N_("Twos"), N_("Threes"), N_("Fours"), N_("Fives"), N_("Sixes"))
STAGE2 = (
    ("pair", N_("Pair")),
    ("two_pairs", N_("Two pairs")),
    ("three", N_("Three")),
    ("small_straight", N_("Small straight")),
    ("large_straight", N_("Large straight")),
    ("full", N_("Full")),
    ("four", N_("Four")),
    ("poker", N_("Poker")),
    ("chance", N_("Chance")),
)
STAGE2_IDS = tuple(b for b, _ in STAGE2)
STAGE_BONUS = Bonus("stage_bonus", "Stage 1 bonus", 50)
POKER_PREMIUM = 50
FOUR_PREMIUM = 30
BANK_THROW_VALUE = 3

RULES = """\
DICE POKER (two stages)

Five dice, up to three throws a turn, 15 rounds in two stages. Stage 1 (6 rounds)
must be finished before stage 2 (9 rounds) opens.

Stage 1 - boxes 1..6: writing into box v scores (n - 3) x v, where n is how many
dice show v. Exactly three score 0, fewer score minus, more score plus:
  box 1 with 1,1,2,3,6 = -1;  box 6 with 1,6,6,6,6 = +6;  five 6s = +12.
Stage bonus: +50 when the stage-1 total is 0 or more.

Stage 2 - a box scores the dice that form its combination (the best way):
  Pair            two of a face            2 x face
  Two pairs       two different pairs      the four dice
  Three           three of a face          3 x face
  Small straight  exactly 1-2-3-4-5        15
  Large straight  exactly 2-3-4-5-6        20
  Full            three + two, two faces   all five dice
  Four            four of a face           4 x face
  Poker           five of a face           5 x face, +50
  Chance          anything                 all five dice
A larger group makes a smaller one (four 5s are a Pair worth 10). No minus points
in stage 2: a box without its combination takes a dash (0).

First-throw double: a combination written after only the first throw of the turn
scores double, Chance excepted. The Poker +50 is added after doubling (five 4s on
the first throw: 2 x 20 + 50 = 90).

Settlement: each player wins or loses their total minus the average of all totals.

Decision: five sixes in box 6 score (5 - 3) x 6 = +12 (one source says 10).
Decision: the Poker +50 is added after doubling, not doubled.
"""

BANK_RULES = """\
DICE POKER WITH THE ROLL BANK

As two-stage dice poker (stage 2, the first-throw double, Poker +50, the stage
bonus and the settlement are those of Dice poker), except:
  Stage 1 scores only the shortfall: min(0, (n - 3) x v). Exactly three or more
  dice of the face score 0, fewer score minus.
  Unused throws of stage-1 turns (3 minus the throws made) go into your bank.
  In a stage-2 turn you may spend banked throws as extra throws after the third.
  Every throw left in the bank when the game ends is worth +3.
  Four: +30 premium whenever Four is filled with a made four of a kind
  (added after doubling, not doubled).

Decision: only stage-1 turns feed the bank; the first-throw double still means
after the first throw of the turn.
Decision: the Poker +50, like the Four +30, is added after doubling, not doubled.
"""


class DicePoker(Variant):
    """Two-stage dice poker with first-throw doubling, Poker +50 and settlement."""

    id = "dice-poker"
    name = N_("Dice poker")
    description = N_("Two stages: hit three of each face, then poker hands; first throw doubles.")
    rules_text = RULES
    boxes = tuple(
        Box(b, lab, stage=1, section="stage1")
        for b, lab in zip(UPPER_IDS, STAGE1_LABELS, strict=True)
    ) + tuple(Box(b, lab, stage=2, section="stage2") for b, lab in STAGE2)
    sections = (
        Section("stage1", "Stage 1", UPPER_IDS),
        Section("stage2", "Stage 2", STAGE2_IDS),
    )
    bonus_labels = {STAGE_BONUS.id: STAGE_BONUS.label}
    settlement = True
    small_runs: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4, 5),)
    large_runs: tuple[tuple[int, ...], ...] = ((2, 3, 4, 5, 6),)
    made_points: dict[str, int] = {"small_straight": 15, "large_straight": 20}
    """Stage-2 boxes of fixed value: their points when made, before doubling."""
    doubling: bool = True
    """A combination written after the first throw only scores double (Chance excepted)."""
    roll_bank: bool = False
    """Unused throws of stage-1 turns are banked: spent in stage 2, or +3 each at the end."""

    def stage1_score(self, face: int, dice: Dice) -> int:
        return (counts(dice)[face] - 3) * face

    def combination(self, box_id: str, dice: Dice) -> int:
        """Stage-2 points before doubling and premiums; 0 when not made."""
        match box_id:
            case "pair":
                return 2 * n_of_a_kind(dice, 2)
            case "two_pairs":
                return two_pairs(dice)
            case "three":
                return 3 * n_of_a_kind(dice, 3)
            case "small_straight":
                hit = any(contains_run(dice, r) for r in self.small_runs)
                return self.made_points["small_straight"] if hit else 0
            case "large_straight":
                hit = tuple(dice) in self.large_runs
                return self.made_points["large_straight"] if hit else 0
            case "full":
                return sum(dice) if is_full_house(dice) else 0
            case "four":
                return 4 * n_of_a_kind(dice, 4)
            case "poker":
                return 5 * n_of_a_kind(dice, 5)
            case "chance":
                return sum(dice)
        raise KeyError(box_id)

    def premium(self, box_id: str, made: bool) -> int:
        return POKER_PREMIUM if box_id == "poker" and made else 0

    def base_score(self, box_id: str, dice: Dice, ctx: WriteContext) -> int:
        if box_id in UPPER_IDS:
            return self.stage1_score(UPPER_IDS.index(box_id) + 1, dice)
        points = self.combination(box_id, dice)
        if self.doubling and ctx.first_throw and box_id != "chance":
            points *= 2
        return points + self.premium(box_id, points > 0)

    def bonuses_after_write(
        self, before: Sheet, after: Sheet, box_id: str, dice: Dice, ctx: WriteContext
    ) -> list[Bonus]:
        stage1_done = all(after.filled(b.id) for b in self.boxes if b.stage == 1)
        if (
            box_id in UPPER_IDS
            and stage1_done
            and STAGE_BONUS.id not in before.bonuses
            and self.section_total(after, "stage1") >= 0
        ):
            return [STAGE_BONUS]
        return []

    def spendable_bank(self, sheet: Sheet) -> int:
        return sheet.bank if self.roll_bank and self.current_stage(sheet) == 2 else 0

    def banked_throws(self, box_id: str, ctx: WriteContext) -> int:
        if self.roll_bank and self.box(box_id).stage == 1:
            return max(0, self.throws_per_turn - ctx.throws)
        return 0

    def final_bonuses(self, sheet: Sheet) -> list[Bonus]:
        if self.roll_bank and sheet.bank > 0:
            return [Bonus("bank", "Unused throws", BANK_THROW_VALUE * sheet.bank)]
        return []


class DicePokerBank(DicePoker):
    """Dice poker where stage 1 only loses points and unused throws are banked."""

    id = "dice-poker-bank"
    name = N_("Dice poker (roll bank)")
    description = N_("Stage 1 only loses points; unused throws are banked (+3 each at the end).")
    rules_text = BANK_RULES
    bonus_labels = {STAGE_BONUS.id: STAGE_BONUS.label, "bank": "Unused throws"}
    roll_bank = True

    def stage1_score(self, face: int, dice: Dice) -> int:
        return min(0, super().stage1_score(face, dice))

    def premium(self, box_id: str, made: bool) -> int:
        if box_id == "four" and made:
            return FOUR_PREMIUM
        return super().premium(box_id, made)
