"""The language in the lobby: its row of languages, the L key, the remembered choice, and
the command palette in the language shown."""

from __future__ import annotations

import json
import os

import pytest
from textual.command import CommandPalette
from textual.widgets import Button, Input, OptionList

from dicepoker_tui import i18n
from dicepoker_tui.cli import choose_language
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.common.settings import settings_path
from dicepoker_tui.ui.common.textual_private import screen_lines
from dicepoker_tui.ui.lobby.lobby import LobbyScreen
from dicepoker_tui.ui.lobby.seats import SeatList


@pytest.fixture(autouse=True)
def english_after():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def lobby_text(app: DicePokerApp) -> str:
    """Every word the lobby shows: titles, labels, buttons, seats and the footer keys."""
    screen = app.screen
    assert isinstance(screen, LobbyScreen)
    parts = [str(screen.query_one("#lobby-title").render())]
    parts += [str(label.render()) for label in screen.query("Label")]
    parts += [str(button.label) for button in screen.query(Button)]
    parts += [str(w.border_title) for w in screen.query("#variants, #seats")]
    seats = screen.query_one(SeatList)
    parts += [p.name for p in screen.seats] + [str(seats.border_subtitle)]
    parts += [b.binding.description for b in screen.active_bindings.values() if b.binding.show]
    return "\n".join(parts)


def current_button(app: DicePokerApp) -> str:
    (button,) = app.screen.query("#lobby-language Button.-current")
    return str(button.label)


async def test_choosing_a_language_in_the_lobby_rebuilds_it_at_once(tmp_path) -> None:
    settings = tmp_path / "settings.json"
    app = DicePokerApp(settings_file=settings, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = app.screen
        before = lobby_text(app)
        assert "Variant" in before and "Player 1" in before and "Start s" in before
        assert current_button(app) == "English"
        # some of the form filled in: it must survive the rebuild
        await pilot.press("down", "down")  # Yatzy
        await pilot.press("b")
        lobby.query_one("#seed", Input).value = "42"
        await pilot.pause()

        await pilot.click("#language-uk")
        await pilot.pause()
        assert app.screen is lobby
        shown = lobby_text(app)
        assert "Варіант" in shown and "Почати s" in shown and "Почати" in shown
        assert "Гравець 1" in shown and "Бот 1" in shown  # default names follow the language
        for english in ("Variant", "Start", "Player 1", "Seed", "Remove"):
            assert english not in shown, english
        assert current_button(app) == "Українська"
        # the form is as it was
        assert lobby.variant_id == "yatzy"
        assert [p.kind for p in lobby.seats] == ["human", "bot"]
        assert lobby.query_one("#seed", Input).value == "42"
        assert lobby.query_one("#variants", OptionList).get_option_at_index(2).prompt == "Ятзі"
        assert json.loads(settings.read_text(encoding="utf-8"))["language"] == "uk"


async def test_the_l_key_goes_through_every_language(tmp_path) -> None:
    settings = tmp_path / "settings.json"
    app = DicePokerApp(settings_file=settings, keep_history=False)
    seen = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _step in range(5):
            await pilot.press("L")
            await pilot.pause()
            seen.append(
                (
                    i18n.current_language(),
                    current_button(app),
                    app.screen.query_one("#variants").border_title,
                )
            )
    saved = json.loads(settings.read_text(encoding="utf-8"))["language"]
    assert [code for code, _b, _t in seen] == ["uk", "ru", "hr", "de", "en"]
    assert [b for _c, b, _t in seen] == ["Українська", "Русский", "Hrvatski", "Deutsch", "English"]
    assert [t for _c, _b, t in seen] == ["Варіант", "Вариант", "Varijanta", "Variante", "Variant"]
    assert saved == "en"


async def test_a_new_app_starts_in_the_language_chosen_in_the_lobby() -> None:
    app = DicePokerApp(keep_history=False)  # the settings file of $DICEPOKER_HOME
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.click("#language-hr")
        await pilot.pause()
    assert json.loads(settings_path().read_text(encoding="utf-8"))["language"] == "hr"

    i18n.set_language("en")
    assert choose_language(None) == "hr"  # how `dicepoker` picks the language at start
    again = DicePokerApp(keep_history=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = lobby_text(again)
        assert "Varijanta" in shown and "Počni s" in shown and "Igrač 1" in shown
        assert current_button(again) == "Hrvatski"


def palette_texts(app: DicePokerApp) -> list[str]:
    """Titles and help lines of every command the palette offers on the current screen."""
    commands = list(app.get_system_commands(app.screen))
    return [text for command in commands for text in (command.title, command.help)]


async def test_palette_commands_in_the_language_shown(tmp_path) -> None:
    i18n.set_language("ru")
    app = DicePokerApp(settings_file=tmp_path / "s.json", keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = palette_texts(app)
        assert {"Начать игру", "Добавить бота", "Выход", "Снимок экрана", "Язык: English"} <= set(
            lobby
        )
        for english in ("Start game", "Add bot seat", "Quit", "Screenshot", "Theme", "Keys"):
            assert english not in lobby, english
        await pilot.press("ctrl+p")
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        assert palette.query_one(Input).placeholder == "Поиск команд…"


async def test_table_palette_and_footer_in_the_language_shown(tmp_path) -> None:
    i18n.set_language("uk")
    app = DicePokerApp(
        GameSetup("yatzy", seed=3), settings_file=tmp_path / "s.json", keep_history=False
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = palette_texts(app)
        assert {"Кинути", "Тримати кубик 3", "Записати", "Таблиця очок", "Меню"} <= set(table)
        for english in ("Throw", "Hold die 3", "Write", "Scoresheet", "Undo", "Menu"):
            assert english not in table, english
        footer = [b.binding for b in app.screen.active_bindings.values() if b.binding.show]
        assert {"Кинути", "Тримай", "Порада", "Меню", "Вихід"} <= {b.description for b in footer}
        line = screen_lines(app)[-1]  # the footer as drawn: every key, ^q too, in 80 columns
        for words in ("Кинути", "Тримай", "Відкат", "Поміч", "Меню", "^q Вихід"):
            assert words in line, (words, line)


async def test_english_table_footer_keeps_quit(tmp_path) -> None:
    app = DicePokerApp(
        GameSetup("yatzy", seed=3), settings_file=tmp_path / "s.json", keep_history=False
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = {
            b.binding.description for b in app.screen.active_bindings.values() if b.binding.show
        }
        assert {"Throw", "Hold", "Write", "Hint", "Sheet", "Undo", "Help", "Menu", "Quit"} == shown


@pytest.mark.parametrize(("language", "word"), [("en", "KEEP"), ("ru", "ДЕРЖИ")])
async def test_hinted_die_label_in_the_language_shown(language, word) -> None:
    from textual.app import App

    from dicepoker_tui.ui.common.dice import Die

    i18n.set_language(language)

    class OneDie(App[None]):
        def compose(self):
            yield Die(0)

    app = OneDie()
    async with app.run_test(size=(20, 8)) as pilot:
        die = app.query_one(Die)
        die.value, die.hinted = 4, True
        await pilot.pause()
        label = str(die.render()).splitlines()[-1]
        assert label.strip() == f"1 {word}"


def test_short_sheet_names_keep_the_seat_number() -> None:
    from dicepoker_tui.families.scoresheet.views.sheet import short_name

    names = [f"Гравець {n}" for n in range(1, 9)]
    short = [short_name(name, 5) for name in names]
    assert len(set(short)) == 8 and all(len(s) == 5 for s in short)
    assert short[0] == "Гра…1"
    assert short_name("Annabelle", 5) == "Anna…"
    assert short_name("Ann", 5) == "Ann"


@pytest.mark.parametrize("language", ["en", "uk", "ru", "hr"])
async def test_language_row_fits_80x24_for_every_variant(language, tmp_path) -> None:
    i18n.set_language(language)
    app = DicePokerApp(settings_file=tmp_path / "s.json", keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = app.screen
        variants = lobby.query_one("#variants", OptionList)
        for index in range(variants.option_count):
            variants.highlighted = index
            await pilot.pause()
            row = lobby.query_one("#lobby-language").region
            footer = lobby.query_one("Footer").region
            buttons = [b.region for b in lobby.query("#lobby-language Button")]
            assert row.bottom <= footer.y, (index, row, footer)
            assert all(b.right <= 80 and b.height == 1 for b in buttons)


def keys_panel_text(app: DicePokerApp) -> str:
    """What the Keys panel (command palette → Keys) shows, as plain text."""
    from rich.console import Console
    from textual.widgets._key_panel import BindingsTable

    console = Console(width=200, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    console.print(app.screen.query_one(BindingsTable).render_bindings_table())
    return console.export_text()


async def test_textuals_own_key_descriptions_in_the_language_shown(tmp_path) -> None:
    i18n.set_language("uk")
    app = DicePokerApp(settings_file=tmp_path / "s.json", keep_history=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#seed", Input).focus()
        app.action_show_help_panel()
        await pilot.pause()
        shown = keys_panel_text(app)
        for words in ("До наступного елемента", "Видалити символ ліворуч", "Поле введення"):
            assert words in shown, words
        for english in ("Focus Next", "Delete character left", "Copy selected text"):
            assert english not in shown, english

        # the input line built in Ukrainian follows a switch to English
        app.set_language("en")
        await pilot.pause()
        seed = app.screen.query_one("#seed", Input)
        descriptions = {b.description for bs in seed._bindings.key_to_bindings.values() for b in bs}
        assert "Delete character left" in descriptions
        assert "Видалити символ ліворуч" not in descriptions


async def test_ctrl_c_says_how_to_quit_in_the_language_shown(tmp_path) -> None:
    i18n.set_language("hr")
    app = DicePokerApp(settings_file=tmp_path / "s.json", keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        notes = [(n.title, n.message) for n in app._notifications]
        assert ("Želite li izaći?", "Za izlaz iz igre pritisnite [b]ctrl+q[/b]") in notes, notes
