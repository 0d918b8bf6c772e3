"""`dicepoker score`: the referee for real dice, against the reference tables."""

from __future__ import annotations

import json

import pytest

from tests.cli.running import dicepoker, one_line_error
from tests.reference import BOX_IDS, BUILTIN_IDS, every_roll, table

ALL_ROLLS = ["".join(map(str, roll)) for roll in every_roll()]


@pytest.mark.parametrize("first_throw", [False, True], ids=["plain", "first-throw"])
@pytest.mark.parametrize("variant", BUILTIN_IDS)
def test_json_for_all_252_rolls_in_one_call(variant: str, first_throw: bool) -> None:
    flags = ["--first-throw"] if first_throw else []
    result = dicepoker("score", "--variant", variant, *flags, "--json", *ALL_ROLLS)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 252
    expected = table(variant, first_throw=first_throw)
    for text, line, roll in zip(ALL_ROLLS, lines, every_roll(), strict=True):
        answer = json.loads(line)
        assert list(answer) == ["roll", "scores"]
        assert answer["roll"] == list(roll), text
        assert list(answer["scores"]) == list(BOX_IDS[variant])
        assert answer["scores"] == expected[roll], text


def test_dice_in_any_order_score_the_same() -> None:
    result = dicepoker("score", "--variant", "dice-poker", "--json", "--first-throw", "63361")
    answer = json.loads(result.stdout)
    assert sorted(answer["roll"]) == [1, 3, 3, 6, 6]
    assert answer["scores"] == table("dice-poker", first_throw=True)[(1, 3, 3, 6, 6)]
    assert answer["scores"]["two_pairs"] == 36


def test_first_throw_doubles_dice_poker_hands_but_not_chance() -> None:
    rolls = ["44444", "33661"]
    plain = dicepoker("score", "--variant", "dice-poker", "--json", *rolls).stdout.splitlines()
    first = dicepoker("score", "--variant", "dice-poker", "--json", "--first-throw", *rolls)
    doubled = [json.loads(line)["scores"] for line in first.stdout.splitlines()]
    assert [json.loads(line)["scores"]["poker"] for line in plain] == [70, 0]
    assert [s["poker"] for s in doubled] == [90, 0]
    assert [s["two_pairs"] for s in doubled] == [0, 36]
    assert [s["chance"] for s in doubled] == [20, 19]
    assert [s["fours"] for s in doubled] == [8, -12]  # stage 1 is never doubled


@pytest.mark.parametrize("variant", BUILTIN_IDS)
def test_readable_table(variant: str) -> None:
    rolls = ["13456", "66622", "55555", "12345"]
    result = dicepoker("score", "--variant", variant, *rolls)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == rolls
    rows = lines[1:]
    assert len(rows) == len(BOX_IDS[variant])
    expected = table(variant)
    for box, row in zip(BOX_IDS[variant], rows, strict=True):
        *label, a, b, c, d = row.split()
        assert label, row
        assert [int(a), int(b), int(c), int(d)] == [
            expected[tuple(sorted(map(int, r)))][box] for r in rolls
        ], (box, row)


def test_readable_table_columns_line_up() -> None:
    result = dicepoker("score", "--variant", "dice-poker", "11236", "66666")
    lines = result.stdout.splitlines()
    assert len({len(line) for line in lines}) == 1
    assert lines[1].split()[-2:] == ["-1", "-3"]  # box 1: two 1s, then no 1 at all
    assert lines[6].split()[-2:] == ["-12", "12"]  # box 6: one 6, then five


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["--variant", "yahtzee", "12378"], ["12378", "7"]),
        (["--variant", "yahtzee", "1234"], ["1234"]),
        (["--variant", "yahtzee", "123456"], ["123456"]),
        (["--variant", "yahtzee", "abcde"], ["abcde"]),
        (["--variant", "yahtzee", "12345", "00000"], ["00000", "0"]),
        (["--variant", "yahtzee", "1234²"], ["1234²"]),
        (["--variant", "yahtzee", "--json", "12345", "6x666"], ["6x666"]),
        (["--variant", "liars-dice", "12345"], ["liars-dice"]),
        (["--variant", "", "12345"], ["''"]),
    ],
    ids=["a-seven", "four-digits", "six-digits", "letters", "zeros", "superscript",
         "bad-second-roll", "unknown-variant", "empty-variant"],
)  # fmt: skip
def test_bad_input_is_one_line_naming_the_problem(args: list[str], names: list[str]) -> None:
    message = one_line_error(dicepoker("score", *args))
    for name in names:
        assert name in message, message
