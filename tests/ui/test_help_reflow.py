"""The rules in the help screen and the lobby: hard-wrapped lines joined into paragraphs,
labelled lines ("Decision: …", "Рішення: …") kept apart in every language."""

from __future__ import annotations

import pytest

from dicepoker_tui import i18n
from dicepoker_tui.families.bidding.rules import variants as bidding_variants
from dicepoker_tui.families.scoresheet.rules.variants import all_variants
from dicepoker_tui.ui.common.hanging import TABLE_ROW, reflow

BIDDING_VARIANTS = {v.id: v for v in bidding_variants.all_variants()}

DECISION = {
    "en": "Decision:",
    "uk": "Рішення:",
    "ru": "Решение:",
    "hr": "Odluka:",
    "de": "Entscheidung:",
}
VARIANT_IDS = [v.id for v in all_variants()] + list(BIDDING_VARIANTS)


def _rules(lang: str, variant_id: str) -> str:
    if lang == "en":
        variants = {v.id: v.rules_text for v in all_variants()}
        variants.update({v.id: v.rules_text for v in BIDDING_VARIANTS.values()})
        return variants[variant_id]
    return (i18n.LOCALE_DIR / lang / "rules" / f"{variant_id}.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Перший\nрядок.\nРішення: так\nі далі.", "Перший рядок.\nРішення: так і далі."),
        ("Один\nРешение: да", "Один\nРешение: да"),
        ("Jedan\nČetvorka: da", "Jedan\nČetvorka: da"),
        ("One\nDecision: yes", "One\nDecision: yes"),
        ("Один\nрішення: не мітка", "Один рішення: не мітка"),
        ("Один\n3 кубики: не мітка", "Один 3 кубики: не мітка"),
        ("Один\n  Мала: відступ", "Один\n  Мала: відступ"),
    ],
)  # fmt: skip
def test_reflow_keeps_a_capitalised_label_of_any_script_apart(text: str, expected: str) -> None:
    assert reflow(text) == expected


@pytest.mark.parametrize("lang", list(DECISION))
@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_every_decision_of_the_rules_starts_its_own_line(lang: str, variant_id: str) -> None:
    text = _rules(lang, variant_id)
    word = DECISION[lang]
    shown = reflow(text).splitlines()
    assert sum(line.startswith(word) for line in shown) == sum(
        line.startswith(word) for line in text.splitlines()
    )
    assert not any(word in line[1:] for line in shown)  # never glued onto a paragraph


@pytest.mark.parametrize("lang", ["uk", "ru", "hr", "de"])
@pytest.mark.parametrize("variant_id", ["dice-poker", "dice-poker-bank", "yahtzee", "yatzy"])
def test_translated_rules_have_the_paragraphs_of_the_english(lang: str, variant_id: str) -> None:
    english = reflow(_rules("en", variant_id)).splitlines()
    assert len(reflow(_rules(lang, variant_id)).splitlines()) == len(english)


@pytest.mark.parametrize("lang", list(DECISION))
@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_table_rows_of_the_rules_stay_rows(lang: str, variant_id: str) -> None:
    """`One pair          two of a face   2 x face` is never glued onto its neighbours."""
    text = _rules(lang, variant_id)
    shown = reflow(text).splitlines()
    for line in text.splitlines():
        if TABLE_ROW.search(line):
            assert line.rstrip() in [s.rstrip() for s in shown], line
