"""Languages: catalogues complete and well-formed, language choice, human vs machine output."""

from __future__ import annotations

import gettext
import io
import json
import os
import re
import subprocess
import sys

import pytest

from dicepoker_tui import i18n
from dicepoker_tui.families.scoresheet.rules.variants.registry import all_variants, get_variant
from dicepoker_tui.i18n_extract import app_messages, messages_in_source, missing, po_entries

LANGS = ("uk", "ru", "hr", "de")
FIELD = re.compile(r"\{(\w*)\}")


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")


def test_extraction_finds_calls_plurals_markers_and_footer_keys() -> None:
    source = (
        'from x import _, N_, ngettext\n_("Hello")\nN_("Marked")\n'
        'ngettext("{n} die", "{n} dice", 2)\nBinding("q", "quit", "Quit")\n'
        'Binding("x", "y", description="Other")\nf(_(name))\n'
    )
    assert messages_in_source(source) == {"Hello", "Marked", "{n} die", "{n} dice", "Quit", "Other"}


@pytest.mark.slow
def test_the_app_uses_box_labels_and_screen_texts() -> None:
    used = app_messages()
    assert {"Full house", "Small straight", "Poker", "Total", "Back", "Help"} <= used


def test_extraction_reads_calls_inside_f_string_fields() -> None:
    source = "x = f\"  {_('from the bank')} {ngettext('a', 'b', n)}\"\n"
    assert messages_in_source(source) == {"from the bank", "a", "b"}


@pytest.mark.slow
def test_the_source_marks_every_label_of_the_built_in_variants() -> None:
    """What the registry shows is what `pybabel extract` finds (marked with `N_()`)."""
    from dicepoker_tui.families.bidding.rules import variants as bidding_variants

    shown: set[str] = set()
    for variant in all_variants():
        if type(variant).__module__.startswith("dicepoker_tui."):
            shown |= {variant.name, variant.description, *variant.bonus_labels.values()}
            shown |= {b.label for b in variant.boxes} | {s.label for s in variant.sections}
    for bidding in bidding_variants.all_variants():
        shown |= {bidding.name, bidding.description}
    assert shown - app_messages() == set()


@pytest.mark.parametrize("lang", LANGS)
def test_merging_what_a_catalogue_has_leaves_it_as_written(lang, tmp_path, monkeypatch) -> None:
    from dicepoker_tui.i18n_extract import merge

    original = i18n.po_path(lang).read_text(encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.po_path(lang).parent.mkdir(parents=True)
    i18n.po_path(lang).write_text(original, encoding="utf-8")
    fragment = tmp_path / "same.po"
    fragment.write_text(original, encoding="utf-8")
    assert merge(lang, fragment) == 0
    assert i18n.po_path(lang).read_text(encoding="utf-8") == original


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_every_message_the_app_uses_is_translated(lang: str) -> None:
    assert missing(lang) == []


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_the_placeholders(lang: str) -> None:
    entries = po_entries(i18n.po_path(lang).read_text(encoding="utf-8"))
    for key, value in entries.items():
        if not key:
            continue
        wanted = set(FIELD.findall(key.split("\0")[-1]))
        for form in value.split("\0"):
            assert set(FIELD.findall(form)) == wanted, (lang, key, form)


def test_catalogues_read_and_compile_through_babel() -> None:
    po = (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        '# comment\nmsgid "Two\\nlines"\nmsgstr "Zwei "\n"Zeilen"\n\n'
        '#, fuzzy\nmsgid "Unsure"\nmsgstr "Vielleicht"\n\n'
        'msgid "Empty"\nmsgstr ""\n\n'
        'msgid "{n} die"\nmsgid_plural "{n} dice"\nmsgstr[0] "{n} Würfel"\n'
        'msgstr[1] "{n} Würfel (viele)"\n'
    )
    entries = po_entries(po)
    assert entries["Two\nlines"] == "Zwei Zeilen"
    assert "Unsure" not in entries and "Empty" not in entries
    t = gettext.GNUTranslations(io.BytesIO(i18n.compile_catalogue(i18n.read_catalogue(po))))
    assert t.gettext("Two\nlines") == "Zwei Zeilen"
    assert t.gettext("Unsure") == "Unsure"
    assert t.ngettext("{n} die", "{n} dice", 1) == "{n} Würfel"
    assert t.ngettext("{n} die", "{n} dice", 3) == "{n} Würfel (viele)"


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "uk_UA.UTF-8"}, "uk"),
        ({"LANG": "ru_RU.UTF-8", "LC_ALL": "hr_HR.UTF-8"}, "hr"),
        ({"LC_MESSAGES": "ru_RU", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_language_from_the_environment(env: dict[str, str], lang: str) -> None:
    assert i18n.language_from_env(env) == lang


def test_set_language_switches_labels_but_never_ids(english_after) -> None:
    variant = get_variant("dice-poker")
    english = [variant.label(b) for b in variant.box_ids]
    seen = {}
    for lang in LANGS:
        assert i18n.set_language(lang) == lang
        labels = [variant.label(b) for b in variant.box_ids]
        assert labels != english
        seen[lang] = labels
    assert seen["ru"][variant.box_ids.index("small_straight")] == "Малый стрит"
    assert seen["hr"][variant.box_ids.index("two_pairs")] == "Dva para"
    assert seen["uk"][variant.box_ids.index("four")] == "Каре"
    assert seen["de"][variant.box_ids.index("three")] == "Drilling"
    assert variant.box_ids == get_variant("dice-poker").box_ids
    assert i18n.set_language("xx") == "en"
    assert [variant.label(b) for b in variant.box_ids] == english


@pytest.mark.parametrize("lang", LANGS)
def test_every_variant_has_its_rules_in_every_language(lang: str, english_after) -> None:
    i18n.set_language(lang)
    for variant in all_variants():
        path = i18n.LOCALE_DIR / lang / "rules" / f"{variant.id}.txt"
        assert path.is_file(), path
        assert variant.display_rules == i18n.for_players(path.read_text(encoding="utf-8"))
        assert variant.display_rules != i18n.for_players(variant.rules_text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_players_read_have_no_design_notes(lang: str, english_after) -> None:
    """ "Decision: …" and what another source says stay in the rules files, never on screen."""
    i18n.set_language(lang)
    for variant in all_variants():
        shown = variant.display_rules
        for note in ("Decision", "Рішення", "Решение", "Odluka", "Entscheidung", "source",
                     "джерело", "источник", "izvor", "Quelle"):  # fmt: skip
            assert note not in shown, (variant.id, note)
        assert "63" not in variant.rules_text or "63" in shown  # the rule itself stays


def test_plural_forms_follow_each_language(english_after) -> None:
    i18n.set_language("ru")
    forms = [i18n.ngettext("{n} throw", "{n} throws", n).format(n=n) for n in (1, 2, 5, 21)]
    assert forms == ["1 бросок", "2 броска", "5 бросков", "21 бросок"]
    i18n.set_language("de")
    forms = [i18n.ngettext("{n} throw", "{n} throws", n).format(n=n) for n in (0, 1, 2, 21)]
    assert forms == ["0 Würfe", "1 Wurf", "2 Würfe", "21 Würfe"]


@pytest.mark.parametrize(("lang", "nplurals"), [("uk", 3), ("ru", 3), ("hr", 3), ("de", 2)])
def test_every_plural_has_the_forms_of_its_language(lang: str, nplurals: int) -> None:
    """The header says how many forms the language has, and every plural gives them all."""
    entries = po_entries(i18n.po_path(lang).read_text(encoding="utf-8"))
    assert f"nplurals={nplurals};" in entries[""]
    plurals = {key: value for key, value in entries.items() if "\0" in key}
    assert plurals, lang
    for key, value in plurals.items():
        forms = value.split("\0")
        assert len(forms) == nplurals and all(f.strip() for f in forms), (lang, key, forms)


def _run(*args: str, lang_env: str = "C.UTF-8", home: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANG": lang_env, "DICEPOKER_HOME": home}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    return subprocess.run(
        [sys.executable, "-m", "dicepoker_tui", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


@pytest.mark.slow
def test_cli_lang_flag_and_lang_env_translate_human_output(tmp_path) -> None:
    home = str(tmp_path)
    english = _run("score", "--variant", "dice-poker", "12345", home=home)
    by_flag = _run("score", "--variant", "dice-poker", "--lang", "ru", "12345", home=home)
    by_env = _run("score", "--variant", "dice-poker", "12345", lang_env="ru_RU.UTF-8", home=home)
    assert english.returncode == by_flag.returncode == 0
    assert "Small straight" in english.stdout
    assert "Малый стрит" in by_flag.stdout and "Small straight" not in by_flag.stdout
    assert by_env.stdout == by_flag.stdout
    rules = _run("--lang=hr", "rules", "dice-poker", home=home)
    assert rules.stdout.startswith("POKER NA KOCKICE")
    german = _run("score", "--variant", "yahtzee", "11666", lang_env="de_DE.UTF-8", home=home)
    assert "Full House" in german.stdout and "Dreierpasch" in german.stdout
    assert "Three of a kind" not in german.stdout
    assert _run("--lang", "de", "rules", "yahtzee", home=home).stdout.startswith("YAHTZEE (off")


@pytest.mark.slow
def test_machine_output_never_changes_with_language(tmp_path) -> None:
    home = str(tmp_path)
    outputs = [
        _run("score", "--variant", "yatzy", "--json", "11223", "66666", "--lang", lang, home=home)
        for lang in ("en", *LANGS)
    ]
    assert all(o.returncode == 0 for o in outputs)
    assert len({o.stdout for o in outputs}) == 1
    assert "one_pair" in json.loads(outputs[0].stdout.splitlines()[0])["scores"]
    variants = {_run("variants", "--json", "--lang", lang, home=home).stdout for lang in LANGS}
    assert len(variants) == 1


@pytest.mark.slow
def test_unknown_language_is_one_line_error(tmp_path) -> None:
    result = _run("--lang", "xx", "variants", home=str(tmp_path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip().count("\n") == 0 and "unknown language 'xx'" in result.stderr


@pytest.mark.slow
def test_saved_language_setting_is_used_and_flag_wins(tmp_path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"language": "uk"}), encoding="utf-8")
    saved = _run("score", "--variant", "yahtzee", "11111", home=str(tmp_path))
    assert "Яцзи" in saved.stdout
    flagged = _run("score", "--variant", "yahtzee", "11111", "--lang", "en", home=str(tmp_path))
    assert "Yahtzee" in flagged.stdout


def _finished_export():
    from datetime import UTC, datetime

    from dicepoker_tui.families.scoresheet.history.export import build_export
    from dicepoker_tui.families.scoresheet.views.scenes import finished_game

    game = finished_game("dice-poker", ["Ann", "Bob"], seed=3)
    when = datetime(2026, 1, 2, 3, 4, tzinfo=UTC)
    return build_export(game, 7, "finished", when, when, when)


@pytest.mark.slow
def test_txt_export_follows_the_language_csv_and_json_do_not(english_after) -> None:
    from dicepoker_tui.families.scoresheet.history.export import to_json
    from dicepoker_tui.families.scoresheet.history.sheet_formats import to_csv, to_txt

    doc = _finished_export()
    english = (to_txt(doc), to_csv(doc), to_json(doc))
    assert "Small straight" in english[0] and "Total" in english[0]
    i18n.set_language("ru")
    russian = (to_txt(doc), to_csv(doc), to_json(doc))
    assert "Малый стрит" in russian[0] and "Итого" in russian[0]
    assert "Small straight" not in russian[0]
    assert russian[1:] == english[1:]


@pytest.mark.slow
def test_svg_export_follows_the_language(english_after) -> None:
    from dicepoker_tui.families.scoresheet.views.svg_export import render_svg

    doc = _finished_export()
    i18n.set_language("hr")
    svg = render_svg(doc)
    assert "Poker&#160;na&#160;kockice" in svg or "Poker na kockice" in svg
    assert "Dva" in svg and "Two" not in svg


def test_merging_a_fragment_adds_and_replaces_entries(tmp_path, monkeypatch) -> None:
    from dicepoker_tui.i18n_extract import merge

    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    catalogue = tmp_path / "xx" / "LC_MESSAGES" / "dicepoker.po"
    catalogue.parent.mkdir(parents=True)
    catalogue.write_text(
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Old"\nmsgstr "Alt"\n\nmsgid "{n} die"\nmsgid_plural "{n} dice"\n'
        'msgstr[0] "{n} W"\nmsgstr[1] "{n} Ws"\n',
        encoding="utf-8",
    )
    fragment = tmp_path / "more.po"
    fragment.write_text(
        'msgid "Old"\nmsgstr "Älter"\n\nmsgid "New \\"one\\""\nmsgstr "Neu"\n', encoding="utf-8"
    )
    assert merge("xx", fragment) == 2
    entries = po_entries(catalogue.read_text(encoding="utf-8"))
    assert entries["Old"] == "Älter" and entries['New "one"'] == "Neu"
    assert entries["{n} die\0{n} dice"] == "{n} W\0{n} Ws"
    assert "Plural-Forms" in entries[""]
    assert merge("xx", fragment) == 0
