"""`dicepoker rules` fits 80 columns in every language: paragraphs wrapped at spaces,
indented rows going on under their own text column, every word of the text kept."""

from __future__ import annotations

import pytest

from dicepoker_tui import i18n
from dicepoker_tui.family import all_variants, get_variant
from dicepoker_tui.ui.common.hanging import rules_lines
from tests.cli.running import dicepoker

VARIANT_IDS = [v.id for v in all_variants()]


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "hr"])
def test_the_printed_rules_fit_80_columns_and_keep_every_word(lang: str) -> None:
    for variant_id in VARIANT_IDS:
        result = dicepoker("--lang", lang, "rules", variant_id)
        assert result.returncode == 0, result.stderr
        lines = result.stdout.splitlines()
        too_wide = [line for line in lines if len(line) > 80]
        assert not too_wide, (variant_id, too_wide)
        i18n.set_language(lang)
        try:
            source = get_variant(variant_id).display_rules
        finally:
            i18n.set_language("en")
        assert result.stdout.split() == source.split(), variant_id


def test_an_indented_row_goes_on_under_its_text_column() -> None:
    lines = rules_lines(get_variant("yahtzee-free-joker").display_rules, 60)
    row = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Free Joker"))
    column = lines[row].index("while")
    assert lines[row + 1][:column].strip() == "" and lines[row + 1][column] != " "
    assert all(len(line) <= 60 for line in lines)
