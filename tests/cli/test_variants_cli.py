"""`dicepoker variants` and `dicepoker rules`, and the Decisions of RULES.md in the rules texts."""

from __future__ import annotations

import json

import pytest

from dicepoker_tui.families.bidding.rules import variants as bidding_variants
from tests.cli.running import dicepoker, one_line_error
from tests.reference import BOX_IDS, BUILTIN_IDS

BIDDING_VARIANTS = {v.id: v for v in bidding_variants.all_variants()}


def test_variants_json_lists_the_five_ids() -> None:
    result = dicepoker("variants", "--json")
    assert result.returncode == 0, result.stderr
    listed = json.loads(result.stdout)
    by_id = {v["id"]: v for v in listed}
    assert set(BUILTIN_IDS) <= set(by_id)
    for variant in BUILTIN_IDS:
        entry = by_id[variant]
        assert entry["name"].strip() and entry["description"].strip()
        assert "\n" not in entry["description"]
        assert entry["boxes"] == list(BOX_IDS[variant])


def test_variants_readable_has_one_line_per_variant() -> None:
    result = dicepoker("variants")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    firsts = [line.split()[0] for line in lines]
    for variant in BUILTIN_IDS:
        assert firsts.count(variant) == 1


def test_variants_readable_lists_the_bidding_variants_play_takes() -> None:
    result = dicepoker("variants")
    assert result.returncode == 0, result.stderr
    lines = {line.split()[0]: line for line in result.stdout.splitlines()}
    for variant in BIDDING_VARIANTS.values():
        assert variant.name in lines[variant.id]


def test_variants_json_lists_all_eight_each_with_its_family() -> None:
    listed = json.loads(dicepoker("variants", "--json").stdout)
    families = {v["id"]: v["family"] for v in listed}
    assert families == {
        **{variant: "scoresheet" for variant in (*BUILTIN_IDS, "kniffel")},
        **{variant: "bidding" for variant in BIDDING_VARIANTS},
    }
    for entry in listed:  # a bidding game has no scoresheet: no boxes to list
        assert bool(entry["boxes"]) == (entry["family"] == "scoresheet")


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        (["score", "--variant", "perudo", "12345"], "score"),
        (["solve", "--variant", "liars-dice"], "solve"),
        (["advise", "--variant", "perudo", "--dice", "12345", "--throws-left", "1"], "advise"),
    ],
)
def test_a_scoresheet_command_says_a_bidding_variant_is_not_for_it(
    argv: list[str], command: str
) -> None:
    result = dicepoker(*argv)
    assert result.returncode == 2
    variant = argv[argv.index("--variant") + 1]
    line = one_line_error(result)
    assert line.endswith(f"{variant} is a bidding game; {command} applies to scoresheet games")


def test_rules_of_an_unknown_variant() -> None:
    message = one_line_error(dicepoker("rules", "perudoo"))
    assert "perudoo" in message
    assert "liars-dice" in message


@pytest.mark.parametrize(
    ("lang", "variant", "title"),
    [
        ("en", "perudo", "PERUDO"),
        ("en", "liars-dice", "LIAR'S DICE"),
        ("uk", "perudo", "ПЕРУДО"),
        ("ru", "perudo", "ПЕРУДО"),
        ("hr", "liars-dice", "LAŽLJIVE KOCKE"),
    ],
)
def test_rules_of_a_bidding_variant(lang: str, variant: str, title: str) -> None:
    result = dicepoker("--lang", lang, "rules", variant)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == title
    assert len(result.stdout.splitlines()) >= 8


def test_an_unknown_command() -> None:
    message = one_line_error(dicepoker("scroe"))
    assert "scroe" in message


# Every Decision of RULES.md (and the rule it settles) as the player must read it.
DECISIONS = {
    "yahtzee": ["63 or more", "Joker", "25/30/40", "holds 0"],
    "yahtzee-free-joker": ["63 or more", "exactly 1-2-3-4-5", "exactly 2-3-4-5-6", "free Joker",
                           "holds 0", "No bonus"],
    "yatzy": ["63 or more", "No Yatzy bonus", "neither"],
    "dice-poker": ["+12", "2 x 20 + 50 = 90", "Poker +50 is added after doubling",
                   "Chance excepted", "0 or more", "average"],
    "dice-poker-bank": ["Only stage-1 turns feed the bank", "after the first throw of the turn",
                        "Poker +50", "+30", "after doubling", "+3", "min(0"],
}  # fmt: skip


@pytest.mark.parametrize("variant", BUILTIN_IDS)
def test_rules_prints_a_text_stating_every_decision(variant: str) -> None:
    result = dicepoker("rules", variant)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert len(result.stdout.splitlines()) >= 8
    text = " ".join(result.stdout.split())
    for phrase in DECISIONS[variant]:
        assert phrase in text, phrase
    assert "Decision" not in text and "one source" not in text  # the rule, not the note
