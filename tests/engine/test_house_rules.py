"""House-rules files: strict checks (one line naming the key), the derived rules played
through the engine, and a game that replays by its own rules after the file changes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game, replay
from dicepoker_tui.families.scoresheet.rules.variants import all_variants, get_variant, registry
from dicepoker_tui.families.scoresheet.rules.variants.house import load_file, register_rules
from dicepoker_tui.families.scoresheet.rules.variants.house_file import (
    MAX_FILE_BYTES,
    HouseRuleError,
    from_mapping,
)
from tests.engine.house import OURS, own_registry, write
from tests.engine.playing import bonuses, fill, real_game, turn, written

__all__ = ["own_registry"]
HEAD = 'id = "h1"\nname = "H"\n'


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (HEAD + 'base = "yahtzee"\ncolour = "red"\n', "bad.toml: colour: Extra inputs"),
        (HEAD + 'base = "yatzy"\n[upper_bonus]\nthreshold = 200\npoints = 5\n',
         "bad.toml: upper_bonus.threshold: Input should be less than or equal to 105"),
        (HEAD + 'base = "yahtzee"\n[upper_bonus]\nthreshold = 63\n',
         "bad.toml: upper_bonus.points: Field required"),
        (HEAD + 'base = "dice-poker"\n[points]\nchance = 5\n',
         "bad.toml: points.chance: this box scores the dice, not fixed points"),
        (HEAD + 'base = "pig"\n', "bad.toml: base: not a built-in variant"),
        (HEAD + 'base = "yatzy"\n[five_of_a_kind]\nbonus = 50\njoker = "free"\n',
         "bad.toml: five_of_a_kind: yatzy has no such rule"),
        (HEAD + 'base = "yahtzee"\n[five_of_a_kind]\nbonus = 50\njoker = "maybe"\n',
         "bad.toml: five_of_a_kind.joker: Input should be 'forced', 'free' or 'none'"),
        (HEAD + 'base = "yahtzee"\ndrop = ["sevens"]\n',
         "bad.toml: drop: yahtzee has no box sevens"),
        (HEAD + 'base = "yahtzee"\ndrop = ["ones"]\n', "bad.toml: boxes: the six upper boxes"),
        (HEAD + 'base = "yahtzee"\nthrows = 9\n', "bad.toml: throws: Input should be less"),
        (HEAD + 'base = "yahtzee"\nfirst_throw_double = true\n',
         "bad.toml: first_throw_double: yahtzee has no such rule"),
        ('id = "yahtzee"\nname = "Y"\nbase = "yahtzee"\n', "bad.toml: id: yahtzee is a built-in"),
        (HEAD + 'base = "yahtzee\n', "bad.toml: not TOML: "),
    ],
)  # fmt: skip
def test_a_bad_file_is_one_line_naming_the_key_and_why(
    own_registry, tmp_path: Path, text: str, line: str
) -> None:
    before = [v.id for v in all_variants()]
    with pytest.raises(HouseRuleError) as caught:
        load_file(write(tmp_path, "bad.toml", text))
    message = str(caught.value)
    assert message.startswith(line), message
    assert "\n" not in message
    assert [v.id for v in all_variants()] == before  # nothing registered


def test_a_huge_file_is_refused_unread_and_bytes_that_are_not_text_too(
    own_registry, tmp_path: Path
) -> None:
    huge = write(tmp_path, "huge.toml", HEAD + 'base = "yahtzee"\n' + "# x\n" * MAX_FILE_BYTES)
    with pytest.raises(HouseRuleError, match=f"huge.toml: larger than {MAX_FILE_BYTES} bytes"):
        load_file(huge)
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"id = \xff\xfe\n")
    with pytest.raises(HouseRuleError, match=r"bin\.toml: not UTF-8 text"):
        load_file(binary)


def test_the_file_s_rules_are_what_the_engine_plays(own_registry, tmp_path: Path) -> None:
    variant = load_file(write(tmp_path, "ours.toml", OURS))
    assert variant.id.startswith("our-yahtzee@")
    assert "chance" not in variant.box_ids and len(variant.box_ids) == 12
    assert variant in all_variants()
    game = real_game(variant.id)
    assert written(turn(game, "22333", box="full_house")).points == 30
    fill(game, [("yahtzee", "12346")])  # a 0: the free Joker from now on
    game.throw(dice=[4, 4, 4, 4, 4])
    assert game.preview()["large_straight"] == 40  # any box, as made
    assert bonuses(game.write("large_straight")) == {}
    # the upper bonus: +40 at 60
    fill(game, [("sixes", "66661"), ("fives", "55511"), ("fours", "44441")])  # 55
    assert bonuses(turn(game, "11111", box="ones")) == {"upper_bonus": 40}  # 60 exactly


def test_a_game_replays_by_its_own_rules_after_the_file_changes(
    own_registry, tmp_path: Path
) -> None:
    path = write(tmp_path, "ours.toml", OURS)
    first = load_file(path)
    game = Game.new(first.id, ["Ann", "Bob"], seed=7)
    rng = random.Random(7)
    while not game.finished:
        game.throw()
        game.write(rng.choice(sorted(game.preview())))
    stored = json.dumps([e.model_dump(mode="json") for e in game.events])
    assert json.loads(stored)[0]["rules"]["upper_bonus"] == {"threshold": 60, "points": 40}

    path.write_text(OURS.replace("threshold = 60", "threshold = 70"), encoding="utf-8")
    second = load_file(path)
    assert second.id != first.id
    path.unlink()
    registry._REGISTRY.pop(first.id)  # a fresh process: only the stored game knows it

    events = ev.EVENT_LIST_ADAPTER.validate_json(stored)
    assert replay(events) == game.state
    again = get_variant(first.id)
    assert again.upper_threshold == 60  # type: ignore[attr-defined]
    assert again not in all_variants()  # reviewable, not offered in the lobby


def test_a_built_in_game_keeps_no_rules_in_its_log() -> None:
    game = Game.new("yahtzee", ["Ann"], seed=1)
    assert "rules" not in game.events[0].model_dump()


# -- random valid files: every game adds up -------------------------------------------------

BASES = {
    "yahtzee": ("three_of_a_kind", "four_of_a_kind", "full_house", "small_straight",
                "large_straight", "yahtzee", "chance"),
    "kniffel": ("three_of_a_kind", "four_of_a_kind", "full_house", "small_straight",
                "large_straight", "kniffel", "chance"),
    "yatzy": ("one_pair", "two_pairs", "three_of_a_kind", "four_of_a_kind", "small_straight",
              "large_straight", "full_house", "chance", "yatzy"),
    "dice-poker": ("pair", "two_pairs", "three", "small_straight", "large_straight", "full",
                   "four", "poker", "chance"),
}  # fmt: skip


@st.composite
def house_files(draw: st.DrawFn) -> dict:
    base = draw(st.sampled_from([*BASES, "dice-poker-bank", "yahtzee-free-joker"]))
    lower = BASES.get(base.replace("-bank", ""), BASES["yahtzee"])
    dropped = draw(st.lists(st.sampled_from(lower), unique=True, max_size=len(lower) - 1))
    kept = [b for b in lower if b not in dropped]
    data: dict = {"id": "random-rules", "name": "Random", "base": base, "drop": dropped}
    fixed = [b for b in kept if b in get_variant(base).made_points]  # type: ignore[attr-defined]
    data["points"] = {b: draw(st.integers(1, 80)) for b in fixed if draw(st.booleans())}
    data["throws"] = draw(st.integers(1, 4))
    data["straights"] = draw(st.sampled_from(["fixed", "any"]))
    if base.startswith("dice"):
        data["first_throw_double"] = draw(st.booleans())
        data["roll_bank"] = draw(st.booleans())
    else:
        data["upper_bonus"] = {
            "threshold": draw(st.integers(1, 105)),
            "points": draw(st.integers(0, 100)),
        }
    if base in ("yahtzee", "kniffel", "yahtzee-free-joker"):
        joker = draw(st.sampled_from(["forced", "free", "none"]))
        data["five_of_a_kind"] = {"bonus": draw(st.integers(0, 200)), "joker": joker}
    return data


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=house_files(), seed=st.integers(0, 2**32))
def test_random_files_play_games_whose_totals_are_boxes_plus_bonuses(
    own_registry, data: dict, seed: int
) -> None:
    variant = register_rules(from_mapping(data))
    game = Game.new(variant.id, ["Ann", "Bob"], seed=seed)
    rng = random.Random(seed)
    while not game.finished:
        game.throw()
        while game.throws_left() and rng.random() < 0.4:
            game.throw(keep=[i for i in range(5) if rng.random() < 0.5][:4])
        game.write(rng.choice(sorted(game.preview())))
    (finished,) = [e for e in game.events if isinstance(e, ev.GameFinished)]
    awarded = [0, 0]
    for e in game.events:
        if isinstance(e, ev.BonusAwarded):
            awarded[e.player] += e.points
    for seat, standing in enumerate(finished.standings):
        sheet = game.state.sheets[seat]
        assert set(sheet.scores) == set(variant.box_ids)
        assert standing.total == sum(sheet.scores.values()) + sum(sheet.bonuses.values())
        assert sum(sheet.bonuses.values()) == awarded[seat]
    assert all(e.throw <= data["throws"] + 24 for e in game.events if isinstance(e, ev.DiceThrown))
    assert replay(game.events) == game.state
