"""Upper-section bonuses at the 63 boundary, and the dice-poker stage bonus at 0."""

from __future__ import annotations

import pytest

from dicepoker_tui.families.scoresheet.rules import events as ev
from tests.engine.playing import bonuses, fill, of, real_game, turn

UPPER_BONUS = {"yahtzee": 35, "yahtzee-free-joker": 35, "yatzy": 50}
LOWER = {
    "yahtzee": ["three_of_a_kind", "four_of_a_kind", "full_house", "small_straight",
                "large_straight", "yahtzee", "chance"],
    "yatzy": ["one_pair", "two_pairs", "three_of_a_kind", "four_of_a_kind", "small_straight",
              "large_straight", "full_house", "chance", "yatzy"],
}  # fmt: skip
LOWER["yahtzee-free-joker"] = LOWER["yahtzee"]


def upper_writes(target: dict[str, int]) -> list[tuple[str, str]]:
    """Rolls that write `count` dice of each face into its upper box (no five of a kind)."""
    names = ("ones", "twos", "threes", "fours", "fives", "sixes")
    out = []
    for face, name in enumerate(names, start=1):
        count = target[name]
        fillers = [f for f in (1, 2, 3, 4, 5, 6) if f != face]
        out.append((name, str(face) * count + "".join(str(fillers[i]) for i in range(5 - count))))
    return out


def finish_lower(game, variant: str) -> list[ev.Event]:
    events: list[ev.Event] = []
    for box in LOWER[variant]:
        events += turn(game, "12346", box=box)
    return events


# counts of each face: sum(face * count)
SIXTY_THREE = {"ones": 3, "twos": 3, "threes": 3, "fours": 3, "fives": 3, "sixes": 3}
SIXTY_TWO = {"ones": 2, "twos": 3, "threes": 3, "fours": 3, "fives": 3, "sixes": 3}
SIXTY_FOUR = {"ones": 4, "twos": 3, "threes": 3, "fours": 3, "fives": 3, "sixes": 3}


@pytest.mark.parametrize("variant", list(UPPER_BONUS))
@pytest.mark.parametrize(
    ("counts", "paid"),
    [(SIXTY_TWO, False), (SIXTY_THREE, True), (SIXTY_FOUR, True)],
    ids=["62", "63", "64"],
)
def test_upper_bonus_boundary_reached_by_the_last_upper_box(
    variant: str, counts: dict[str, int], paid: bool
) -> None:
    game = real_game(variant)
    writes = upper_writes(counts)
    fill(game, writes[:-1])
    assert bonuses(game.events) == {}
    last = turn(game, writes[-1][1], box=writes[-1][0])
    expected = {"upper_bonus": UPPER_BONUS[variant]} if paid else {}
    assert bonuses(last) == expected
    rest = finish_lower(game, variant)
    assert game.finished
    assert bonuses(rest) == {}  # never paid again, nor late
    sheet = game.state.sheets[0]
    assert sheet.bonuses == expected
    assert sum(sheet.scores[b] for b in ("ones", "twos", "threes", "fours", "fives", "sixes")) == (
        sum(face * n for face, n in zip(range(1, 7), counts.values(), strict=True))
    )


@pytest.mark.parametrize("variant", list(UPPER_BONUS))
def test_upper_bonus_paid_when_crossed_before_the_last_upper_box_and_only_once(
    variant: str,
) -> None:
    game = real_game(variant)
    writes = upper_writes({"ones": 0, "twos": 0, "threes": 4, "fours": 4, "fives": 4, "sixes": 4})
    # threes 12 + fours 16 + fives 20 = 48; sixes 24 makes 72 with ones/twos still open
    fill(game, writes[2:5])
    events = turn(game, writes[5][1], box="sixes")
    assert bonuses(events) == {"upper_bonus": UPPER_BONUS[variant]}
    events = turn(game, writes[0][1], box="ones") + turn(game, writes[1][1], box="twos")
    assert bonuses(events) == {}
    finish_lower(game, variant)
    assert game.state.sheets[0].bonuses == {"upper_bonus": UPPER_BONUS[variant]}


def test_yatzy_has_no_yatzy_bonus() -> None:
    game = real_game("yatzy")
    fill(game, [("yatzy", "44444")])
    events = turn(game, "44444", box="fours")
    assert bonuses(events) == {}
    assert game.preview() == {}


STAGE_ONE = ("ones", "twos", "threes", "fours", "fives", "sixes")


def stage_one(counts: list[int]) -> list[tuple[str, str]]:
    return upper_writes(dict(zip(STAGE_ONE, counts, strict=True)))


@pytest.mark.parametrize(
    ("counts", "total", "paid"),
    [
        ([3, 3, 3, 3, 3, 3], 0, True),
        ([2, 3, 3, 3, 3, 3], -1, False),
        ([4, 3, 3, 3, 3, 3], 1, True),
        ([2, 4, 3, 3, 3, 3], 1, True),  # -1 + 2
        ([4, 2, 3, 3, 3, 3], -1, False),  # +1 - 2
        ([0, 0, 0, 0, 0, 5], -33, False),
    ],
    ids=["zero", "minus-one", "plus-one", "mixed-plus", "mixed-minus", "deep"],
)
def test_dice_poker_stage_bonus_at_zero_not_below(
    counts: list[int], total: int, paid: bool
) -> None:
    game = real_game("dice-poker")
    writes = stage_one(counts)
    fill(game, writes[:-1])
    events = turn(game, writes[-1][1], box=writes[-1][0])
    (finished,) = of(events, ev.StageFinished)
    assert finished.stage == 1
    assert finished.subtotal == total
    assert bonuses(events) == ({"stage_bonus": 50} if paid else {})


def test_dice_poker_bank_stage_bonus_only_with_no_shortfall() -> None:
    game = real_game("dice-poker-bank")
    writes = stage_one([4, 3, 5, 3, 3, 3])  # more than three scores 0, not plus
    fill(game, writes[:-1])
    events = turn(game, writes[-1][1], box=writes[-1][0])
    assert bonuses(events) == {"stage_bonus": 50}
    assert game.state.sheets[0].scores == dict.fromkeys(STAGE_ONE, 0)
    game = real_game("dice-poker-bank")
    writes = stage_one([4, 3, 5, 3, 3, 2])
    fill(game, writes)
    assert game.state.sheets[0].bonuses == {}
