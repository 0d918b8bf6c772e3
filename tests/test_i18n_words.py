"""Words that read right in every language: a box's name as what is written (its
accusative), default seat names in the reader's language, signed numbers with a true
minus sign and never a negative zero."""

from __future__ import annotations

import pytest

from dicepoker_tui import i18n
from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.bots.policy import Option
from dicepoker_tui.families.scoresheet.rules.variants.registry import all_variants, get_variant
from dicepoker_tui.families.scoresheet.views.hints import coach_note, describe
from dicepoker_tui.families.scoresheet.views.sheet_model import fmt_settlement

ACCUSATIVE = {
    "uk": {"three_of_a_kind": "Трійку", "one_pair": "Пару", "pair": "Пару", "three": "Трійку"},
    "ru": {"three_of_a_kind": "Тройку", "one_pair": "Пару", "pair": "Пару", "three": "Тройку"},
    "hr": {"chance": "Šansu", "small_straight": "Malu skalu", "large_straight": "Veliku skalu"},
}
WRITE = {"uk": "записати", "ru": "записать", "hr": "upiši"}


@pytest.fixture
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["uk", "ru", "hr"], indirect=True)
def test_a_hint_writes_every_box_in_the_case_the_phrase_needs(language) -> None:
    changed = ACCUSATIVE[language]
    for variant in all_variants():
        for box in variant.boxes:
            said = describe(Option("write", 20.0, box=box.id, points=9), variant)
            shown = variant.label(box.id)
            # Kniffel's German box names stay as printed in every language: no case ending.
            name = shown if shown == box.label else changed.get(box.id, shown)
            assert said == f"{WRITE[language]} {name} (9)", (variant.id, box.id, said)


@pytest.mark.parametrize("language", ["de"], indirect=True)
def test_german_hints_put_the_sheet_name_before_the_verb(language) -> None:
    for variant in all_variants():
        for box in variant.boxes:
            said = describe(Option("write", 20.0, box=box.id, points=9), variant)
            assert said == f"{variant.label(box.id)} eintragen (9)", (variant.id, box.id, said)
    kniffel = get_variant("kniffel")
    said = describe(Option("write", 20.0, box="three_of_a_kind", points=9), kniffel)
    assert said == "Dreierpasch eintragen (9)"


def test_english_hints_name_the_box_as_the_sheet_does() -> None:
    variant = get_variant("yahtzee")
    said = describe(Option("write", 20.0, box="three_of_a_kind", points=17), variant)
    assert said == "write Three of a kind (17)"


@pytest.mark.parametrize("language", ["uk"], indirect=True)
def test_the_coach_names_the_box_in_the_accusative_too(language) -> None:
    variant = get_variant("yahtzee")
    best = Option("write", 30.0, box="three_of_a_kind", points=17)
    played = Option("write", 25.0, box="chance", points=17)
    assert "записати Трійку (17)" in coach_note(played, best, variant)


@pytest.mark.parametrize(
    ("language", "person", "bot"),
    [
        ("en", "Player 3", "Bot 2"),
        ("uk", "Гравець 3", "Бот 2"),
        ("ru", "Игрок 3", "Бот 2"),
        ("de", "Spieler 3", "Bot 2"),
    ],
    indirect=["language"],
)
def test_default_names_are_read_in_the_language_and_others_as_typed(language, person, bot):
    assert Player(name="Player 3").shown == person
    assert Player(name="Bot 2", kind="bot", level="strong").shown == bot
    for typed in ("Ann", "Player", "Player 3a", "Bots 2", "player 3"):
        assert Player(name=typed).shown == typed


@pytest.mark.parametrize(
    ("value", "shown"),
    [(12.4, "+12.40"), (-12.4, "−12.40"), (-0.001, "0.00"), (0.0, "0.00"), (0.004, "0.00")],
)
def test_a_settlement_has_a_true_minus_and_no_negative_zero(value, shown) -> None:
    assert fmt_settlement(value) == shown


@pytest.mark.parametrize("language", ["en", "uk", "ru", "hr"], indirect=True)
def test_die_labels_are_whole_words_with_room_on_the_smallest_die(language) -> None:
    from dicepoker_tui.ui.common.dice import DIE_SIZES

    smallest = DIE_SIZES[0][0]
    for word in ("HELD", "KEEP", "ROLL"):
        label = f"5 {i18n._(word)}"
        assert len(label) <= smallest - 2, label  # a cell either side: no border touched


@pytest.mark.parametrize("language", ["uk"], indirect=True)
def test_a_hubs_notice_names_its_bots_in_the_readers_language(language) -> None:
    from dicepoker_tui.net.protocol import ChatLine

    won = ChatLine(
        nick=None,
        text="Game over: Bot 2 wins.",
        key="Game over: {name} wins.",
        params={"name": "Bot 2"},
        at=0.0,
    )
    assert "Бот 2" in won.shown() and "Bot 2" not in won.shown()
    tie = ChatLine(
        nick=None,
        text="",
        key="Game over: a tie between {names}.",
        params={"names": "ann, Bot 1"},
        at=0.0,
    )
    assert "ann, Бот 1" in tie.shown()
