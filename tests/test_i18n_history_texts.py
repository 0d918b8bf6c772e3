"""Words read in a context (the review's footer), numbers grouped per language, and the
history's texts: translated when shown, the same English as before."""

from __future__ import annotations

import pytest
from textual.binding import Binding, BindingsMap

from dicepoker_tui import i18n
from dicepoker_tui.families.scoresheet.views.review_steps import five_of_a_kind_label
from dicepoker_tui.i18n_extract import messages_in_source, missing
from dicepoker_tui.ui.common.i18n_bindings import translated
from dicepoker_tui.ui.history.review_text import number, variant_name

LANGS = ("uk", "ru", "hr", "de")


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")


def test_extraction_reads_contexts_of_calls_and_of_a_class_footer() -> None:
    source = (
        'pgettext("review", "Start")\n'
        "class A:\n"
        '    BINDINGS_CONTEXT = "review"\n'
        '    BINDINGS = [Binding("home", "first", "Start"), Binding("escape", "close", "Back")]\n'
        "class B:\n"
        '    BINDINGS = [Binding("s", "start", "Start")]\n'
    )
    assert messages_in_source(source) == {"review\x04Start", "review\x04Back", "Start"}


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_review_footer_words_are_in_every_catalogue(lang: str) -> None:
    lacking = [m for m in missing(lang) if m.startswith("review\x04")]
    assert lacking == []


def descriptions(bindings: BindingsMap) -> list[str]:
    return [b.description for _key, b in bindings]


def test_a_context_changes_the_word_where_the_catalogue_has_it(english_after) -> None:
    bindings = BindingsMap([Binding("home", "first", "Start"), Binding("a", "analyse", "Analyse")])
    i18n.set_language("uk")
    assert descriptions(translated(bindings)) == ["Почати", "Аналіз"]
    assert descriptions(translated(bindings, "review")) == ["Початок", "Аналіз"]
    assert descriptions(translated(bindings, "no such context")) == ["Почати", "Аналіз"]
    i18n.set_language("en")
    assert descriptions(translated(bindings, "review")) == ["Start", "Analyse"]


@pytest.mark.parametrize(
    ("lang", "shown"),
    [
        ("en", "12,345"),
        ("uk", "12\u00a0345"),
        ("ru", "12\u00a0345"),
        ("hr", "12.345"),
        ("de", "12.345"),
    ],
)
def test_numbers_are_grouped_as_each_language_writes_them(lang, shown, english_after) -> None:
    i18n.set_language(lang)
    assert number(12345) == shown
    assert number(999) == "999"


def test_five_of_a_kind_and_variant_names(english_after) -> None:
    english = {v: five_of_a_kind_label(v) for v in ("yahtzee", "yatzy", "dice-poker")}
    assert english == {"yahtzee": "Yahtzees", "yatzy": "Yatzys", "dice-poker": "Pokers"}
    assert variant_name("dice-poker") == "Dice poker" and variant_name("nope") == "nope"
    i18n.set_language("ru")
    assert five_of_a_kind_label("dice-poker") == "Покеры"
    assert variant_name("dice-poker") == "Покер на костях" and variant_name("nope") == "nope"
