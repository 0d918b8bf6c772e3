"""Kniffel: every roll against a reference written here from the printed rules, and the
second Kniffel (the +50 in its upper box, the forced Joker) played through the engine."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game, replay
from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.rules.variants.base import WriteContext
from tests.engine.playing import bonuses, fill, real_game, turn, written

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
LOWER = (
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "kniffel",
    "chance",
)
ROLLS = list(combinations_with_replacement(range(1, 7), 5))


def reference(box: str, roll: tuple[int, ...], joker: bool = False) -> int:
    """The Kniffel block, read from the rules: what `roll` scores in `box`."""
    tally = [roll.count(face) for face in range(7)]
    faces = set(roll)
    if box in UPPER:
        face = UPPER.index(box) + 1
        return face * tally[face]
    if box == "three_of_a_kind":
        return sum(roll) if max(tally) >= 3 else 0
    if box == "four_of_a_kind":
        return sum(roll) if max(tally) >= 4 else 0
    if box == "full_house":
        return 25 if joker or sorted(t for t in tally if t) == [2, 3] else 0
    if box == "small_straight":
        runs = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
        return 30 if joker or any(run <= faces for run in runs) else 0
    if box == "large_straight":
        return 40 if joker or faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
    if box == "kniffel":
        return 50 if len(faces) == 1 else 0
    assert box == "chance"
    return sum(roll)


def reference_writes(roll: tuple[int, ...], scores: dict[str, int]) -> dict[str, tuple[int, int]]:
    """Legal boxes -> (points, bonus) on a sheet holding `scores`."""
    open_boxes = [b for b in (*UPPER, *LOWER) if b not in scores]
    if len(set(roll)) > 1 or "kniffel" not in scores:
        return {b: (reference(b, roll), 0) for b in open_boxes}
    face_box = UPPER[roll[0] - 1]
    if face_box in open_boxes:
        return {face_box: (reference(face_box, roll), 50)}
    lower = [b for b in open_boxes if b in LOWER]
    return {b: (reference(b, roll, joker=True), 0) for b in (lower or open_boxes)}


def test_kniffel_has_the_block_of_13_boxes_with_german_names() -> None:
    kniffel = get_variant("kniffel")
    assert kniffel.box_ids == (*UPPER, *LOWER)
    assert [kniffel.label(b) for b in kniffel.box_ids] == [
        "Einer", "Zweier", "Dreier", "Vierer", "Fünfer", "Sechser", "Dreierpasch",
        "Viererpasch", "Full House", "Kleine Straße", "Große Straße", "Kniffel", "Chance",
    ]  # fmt: skip


@pytest.mark.parametrize("throws", [1, 2, 3])
def test_all_252_rolls_score_as_the_reference_in_every_box(throws: int) -> None:
    kniffel = get_variant("kniffel")
    ctx = WriteContext(throws=throws)
    wrong = [
        (box, roll, kniffel.score(box, roll, ctx), reference(box, roll))
        for roll in ROLLS
        for box in kniffel.box_ids
        if kniffel.score(box, roll, ctx) != reference(box, roll)
    ]
    assert len(ROLLS) == 252
    assert wrong == []


@pytest.mark.parametrize("seed", range(3))
def test_every_roll_on_random_sheets_goes_where_the_reference_says(seed: int) -> None:
    kniffel = get_variant("kniffel")
    rng = random.Random(seed)
    for _ in range(8):
        boxes = [b for b in kniffel.box_ids if rng.random() < rng.choice([0.3, 0.6, 0.9])]
        scores = {b: rng.choice([0, reference(b, (6,) * 5)]) for b in boxes[:12]}
        sheet = Sheet(scores=scores)
        for roll in ROLLS:
            ctx = WriteContext(sheet=sheet, throws=2)
            got = {}
            for box in kniffel.legal_boxes(roll, ctx):
                points = kniffel.score(box, roll, ctx)
                after = Sheet(scores={**scores, box: points})
                extra = kniffel.bonuses_after_write(sheet, after, box, roll, ctx)
                got[box] = (points, sum(b.points for b in extra if b.id == "kniffel_bonus"))
            assert got == reference_writes(roll, scores), (scores, roll)


def test_a_second_kniffel_goes_into_its_upper_box_for_50_more() -> None:
    game = real_game("kniffel")
    assert written(turn(game, "44444", box="kniffel")).points == 50
    game.throw(dice=[5, 5, 5, 5, 5])
    assert set(game.preview()) == {"fives"}
    events = game.write("fives")
    assert written(events).points == 25
    assert bonuses(events) == {"kniffel_bonus": 50}


def test_after_a_struck_kniffel_box_a_kniffel_still_earns_50_in_its_upper_box() -> None:
    game = real_game("kniffel")
    assert written(turn(game, "12346", box="kniffel")).points == 0
    events = turn(game, "22222", box="twos")
    assert written(events).points == 10
    assert bonuses(events) == {"kniffel_bonus": 50}


def test_a_kniffel_whose_upper_box_is_filled_is_a_joker_without_bonus() -> None:
    game = real_game("kniffel")
    fill(game, [("kniffel", "66666"), ("sixes", "66612")])
    game.throw(dice=[6, 6, 6, 6, 6])
    assert game.preview() == {
        "three_of_a_kind": 30,
        "four_of_a_kind": 30,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
        "chance": 30,
    }
    events = game.write("large_straight")
    assert written(events).points == 40 and bonuses(events) == {}


def test_a_joker_with_every_lower_box_filled_strikes_an_upper_box() -> None:
    game = real_game("kniffel")
    fill(game, [(b, "12346") for b in LOWER] + [("threes", "33312")])
    game.throw(dice=[3, 3, 3, 3, 3])
    assert game.preview() == dict.fromkeys(("ones", "twos", "fours", "fives", "sixes"), 0)


def test_a_seeded_game_ends_with_boxes_and_bonuses_adding_up_and_replays() -> None:
    game = Game.new("kniffel", ["Ann", "Bob"], seed=30)
    rng = random.Random(30)
    while not game.finished:
        game.throw()
        if rng.random() < 0.5:
            game.throw(keep=[0, 1])
        game.write(rng.choice(sorted(game.preview())))
    (finished,) = [e for e in game.events if isinstance(e, ev.GameFinished)]
    for seat, standing in enumerate(finished.standings):
        sheet = game.state.sheets[seat]
        assert len(sheet.scores) == 13
        assert standing.total == sum(sheet.scores.values()) + sum(sheet.bonuses.values())
    assert replay(game.events) == game.state
