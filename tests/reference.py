"""An independent reference scorer, written from the rule text of RULES.md.

It never calls the code under test. Where the game counts dice per face, this module
looks for the combination among the sub-rolls: a box scores the best sub-roll that
forms its combination (RULES.md: "when a combination is present in more than one way,
the best (highest) way counts"). The tables here are what the tests compare against.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from itertools import combinations, pairwise, product

Roll = tuple[int, ...]

BUILTIN_IDS = ("yahtzee", "yahtzee-free-joker", "yatzy", "dice-poker", "dice-poker-bank")

# Box ids, in sheet order, exactly as the "Box identifiers" section of RULES.md lists them.
UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
YAHTZEE_BOXES = (
    *UPPER,
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "yahtzee",
    "chance",
)
YATZY_BOXES = (
    *UPPER,
    "one_pair",
    "two_pairs",
    "three_of_a_kind",
    "four_of_a_kind",
    "small_straight",
    "large_straight",
    "full_house",
    "chance",
    "yatzy",
)
POKER_BOXES = (
    *UPPER,
    "pair",
    "two_pairs",
    "three",
    "small_straight",
    "large_straight",
    "full",
    "four",
    "poker",
    "chance",
)
BOX_IDS: dict[str, tuple[str, ...]] = {
    "yahtzee": YAHTZEE_BOXES,
    "yahtzee-free-joker": YAHTZEE_BOXES,
    "yatzy": YATZY_BOXES,
    "dice-poker": POKER_BOXES,
    "dice-poker-bank": POKER_BOXES,
}
STAGE_TWO = frozenset(POKER_BOXES[6:])


@cache
def every_roll() -> tuple[Roll, ...]:
    """The 252 multisets of five dice, found by throwing all 6**5 ordered rolls."""
    return tuple(sorted({tuple(sorted(r)) for r in product(range(1, 7), repeat=5)}))


# -- what a roll contains ---------------------------------------------------------------


def same(sub: Sequence[int]) -> bool:
    return len(set(sub)) == 1


def two_and_two(sub: Sequence[int]) -> bool:
    """Four dice: two of one face and two of another face."""
    a, b, c, d = sorted(sub)
    return a == b and c == d and b != c


def three_and_two(sub: Sequence[int]) -> bool:
    """Five dice: three of one face and two of another face."""
    s = sorted(sub)
    low_three = s[0] == s[1] == s[2] and s[3] == s[4]
    high_three = s[0] == s[1] and s[2] == s[3] == s[4]
    return (low_three or high_three) and s[0] != s[4]


def run(sub: Sequence[int]) -> bool:
    """Different faces in an unbroken sequence."""
    s = sorted(sub)
    return all(b == a + 1 for a, b in pairwise(s))


def best(roll: Roll, size: int, forms: Callable[[Sequence[int]], bool]) -> int:
    """The highest sum of `size` dice of `roll` that form a combination, or 0."""
    return max((sum(sub) for sub in combinations(roll, size) if forms(sub)), default=0)


def has(roll: Roll, size: int, forms: Callable[[Sequence[int]], bool]) -> bool:
    return any(forms(sub) for sub in combinations(roll, size))


def face_sum(roll: Roll, face: int) -> int:
    return sum(d for d in roll if d == face)


def face_count(roll: Roll, face: int) -> int:
    return len([d for d in roll if d == face])


# -- the tables of RULES.md ---------------------------------------------------------------


def yahtzee_box(box: str, roll: Roll, *, fixed_straights: bool, joker: bool = False) -> int:
    """Section 1 (and 2 with `fixed_straights`); `joker` makes 25/30/40 count as made."""
    if box in UPPER:
        return face_sum(roll, UPPER.index(box) + 1)
    if box == "three_of_a_kind":
        return sum(roll) if has(roll, 3, same) else 0
    if box == "four_of_a_kind":
        return sum(roll) if has(roll, 4, same) else 0
    if box == "full_house":
        return 25 if joker or three_and_two(roll) else 0
    if box == "small_straight":
        made = sorted(roll) == [1, 2, 3, 4, 5] if fixed_straights else has(roll, 4, run)
        return 30 if joker or made else 0
    if box == "large_straight":
        made = sorted(roll) == [2, 3, 4, 5, 6] if fixed_straights else run(roll)
        return 40 if joker or made else 0
    if box == "yahtzee":
        return 50 if same(roll) else 0
    if box == "chance":
        return sum(roll)
    raise KeyError(box)


def yatzy_box(box: str, roll: Roll) -> int:
    """Section 5."""
    if box in UPPER:
        return face_sum(roll, UPPER.index(box) + 1)
    table: dict[str, Callable[[], int]] = {
        "one_pair": lambda: best(roll, 2, same),
        "two_pairs": lambda: best(roll, 4, two_and_two),
        "three_of_a_kind": lambda: best(roll, 3, same),
        "four_of_a_kind": lambda: best(roll, 4, same),
        "small_straight": lambda: 15 if sorted(roll) == [1, 2, 3, 4, 5] else 0,
        "large_straight": lambda: 20 if sorted(roll) == [2, 3, 4, 5, 6] else 0,
        "full_house": lambda: sum(roll) if three_and_two(roll) else 0,
        "chance": lambda: sum(roll),
        "yatzy": lambda: 50 if same(roll) else 0,
    }
    return table[box]()


def poker_hand(box: str, roll: Roll) -> int:
    """Section 3, stage 2: the dice forming the combination, before doubling/premiums."""
    table: dict[str, Callable[[], int]] = {
        "pair": lambda: best(roll, 2, same),
        "two_pairs": lambda: best(roll, 4, two_and_two),
        "three": lambda: best(roll, 3, same),
        "small_straight": lambda: 15 if sorted(roll) == [1, 2, 3, 4, 5] else 0,
        "large_straight": lambda: 20 if sorted(roll) == [2, 3, 4, 5, 6] else 0,
        "full": lambda: sum(roll) if three_and_two(roll) else 0,
        "four": lambda: best(roll, 4, same),
        "poker": lambda: best(roll, 5, same),
        "chance": lambda: sum(roll),
    }
    return table[box]()


def dice_poker_box(box: str, roll: Roll, *, first_throw: bool, bank: bool) -> int:
    """Sections 3 and 4."""
    if box in UPPER:
        face = UPPER.index(box) + 1
        points = (face_count(roll, face) - 3) * face
        return min(0, points) if bank else points
    made = poker_hand(box, roll)
    points = made * 2 if first_throw and box != "chance" else made
    if box == "poker" and made:
        points += 50
    if bank and box == "four" and made:
        points += 30
    return points


def fresh_score(variant: str, box: str, roll: Roll, *, first_throw: bool = False) -> int:
    """What writing `roll` into `box` on a fresh sheet scores (the `score` referee)."""
    if variant in ("yahtzee", "yahtzee-free-joker"):
        return yahtzee_box(box, roll, fixed_straights=variant == "yahtzee-free-joker")
    if variant == "yatzy":
        return yatzy_box(box, roll)
    if variant in ("dice-poker", "dice-poker-bank"):
        return dice_poker_box(box, roll, first_throw=first_throw, bank=variant == "dice-poker-bank")
    raise KeyError(variant)


@cache
def table(variant: str, *, first_throw: bool = False) -> dict[Roll, dict[str, int]]:
    """The whole reference table of a variant: roll -> box -> points (do not mutate)."""
    return {
        roll: {
            box: fresh_score(variant, box, roll, first_throw=first_throw)
            for box in BOX_IDS[variant]
        }
        for roll in every_roll()
    }


# -- writes on a sheet in play (Joker, stages) ---------------------------------------------


def legal_writes(
    variant: str, roll: Roll, scores: Mapping[str, int], throws: int
) -> dict[str, int]:
    """Every box `roll` may go into on a sheet holding `scores`, with its points."""
    boxes = BOX_IDS[variant]
    open_boxes = [b for b in boxes if b not in scores]
    if variant.startswith("dice-poker"):
        stage_one_open = any(b in open_boxes for b in UPPER)
        open_boxes = [b for b in open_boxes if (b in STAGE_TWO) != stage_one_open]
        first = throws == 1
        bank = variant == "dice-poker-bank"
        return {b: dice_poker_box(b, roll, first_throw=first, bank=bank) for b in open_boxes}
    if variant == "yatzy":
        return {b: yatzy_box(b, roll) for b in open_boxes}
    fixed = variant == "yahtzee-free-joker"
    five = same(roll)
    if variant == "yahtzee" and five and "yahtzee" in scores:
        # The forced Joker: the face box, else an open lower box, else a 0 upstairs.
        face_box = UPPER[roll[0] - 1]
        lower_open = [b for b in open_boxes if b not in UPPER]
        if face_box in open_boxes:
            allowed = [face_box]
        elif lower_open:
            allowed = lower_open
        else:
            allowed = open_boxes
        return {b: yahtzee_box(b, roll, fixed_straights=False, joker=True) for b in allowed}
    joker = fixed and five and scores.get("yahtzee") == 0
    return {b: yahtzee_box(b, roll, fixed_straights=fixed, joker=joker) for b in open_boxes}


def write_bonus(variant: str, roll: Roll, scores_before: Mapping[str, int]) -> int:
    """Bonus points a write earns at once for the Yahtzee rolled (the +100)."""
    if variant in ("yahtzee", "yahtzee-free-joker") and same(roll):
        return 100 if scores_before.get("yahtzee") == 50 else 0
    return 0


def sheet_bonus(variant: str, scores: Mapping[str, int], bank: int = 0) -> int:
    """Bonuses of a full sheet other than the Yahtzee bonuses: upper/stage bonus, bank."""
    upper = sum(scores[b] for b in UPPER)
    if variant in ("yahtzee", "yahtzee-free-joker"):
        return 35 if upper >= 63 else 0
    if variant == "yatzy":
        return 50 if upper >= 63 else 0
    stage = 50 if upper >= 0 else 0
    return stage + (3 * bank if variant == "dice-poker-bank" else 0)
