"""The history side in Ukrainian, Russian, Croatian and German: the list, a review, the statistics
and the chooser show no English, the footer fits 80 columns, machine names stay English."""

from __future__ import annotations

import html
import re
from datetime import UTC

import pytest

from dicepoker_tui import i18n
from dicepoker_tui.families.scoresheet.views.history_scenes import sample_history
from dicepoker_tui.families.scoresheet.views.review import ReviewScreen
from dicepoker_tui.families.scoresheet.views.stats import StatsScreen
from dicepoker_tui.store import Store
from dicepoker_tui.ui.common.i18n_bindings import translate_classes
from dicepoker_tui.ui.history.app import HistoryApp
from dicepoker_tui.ui.history.choose import ChoiceScreen
from dicepoker_tui.ui.history.history import HistoryScreen

from .helpers import wait_for

ENGLISH = (
    # the list
    "History", "games", "Newest first", "newest first", "Variant", "Player", "Order", "all",
    "Date", "Score", "Winner", "Players", "page", "Page", "Review", "Sort", "Stats", "Back",
    "palette",
    # a review
    "Game", "Round", "Turn by turn", "kept", "Start", "Game over", "Next turn", "End",
    "Analyse", "wins with",
    # the statistics
    "Statistics", "Record", "Totals", "Average per box", "oldest to newest", "Best games",
    "Games", "Wins", "Win rate", "Mean total", "Best / worst", "rate", "of", "Place", "Total",
    # the chooser
    "All variants", "pick", "cancel",
)  # fmt: skip
"""Words of the English screens; none may be left on a translated one."""
SHARED = {"de": {"Analyse", "Start"}}
"""Words a language writes as English does (German "Analyse")."""

SHOWN = {
    "uk": {
        "history": ["Історія", "60 ігор", "спершу нові", "Варіант", "Переможець", "Огляд"],
        "review": ["Гра 56", "Хід за ходом", "Раунд 5", "утримано", "Наступний хід", "Початок"],
        "stats": ["Статистика", "Підсумки", "Частка перемог", "Середнє по графах", "Бонус Яцзи"],
        "choice": ["Усі варіанти", "Покер на кістках", "вибрати"],
    },
    "ru": {
        "history": ["История", "60 игр", "сначала новые", "Вариант", "Победитель", "Разбор"],
        "review": ["Игра 56", "Ход за ходом", "Раунд 5", "удержано", "Следующий ход", "Начало"],
        "stats": ["Статистика", "Итоги", "Доля побед", "Среднее по графам", "Бонус Яцзы"],
        "choice": ["Все варианты", "Покер на костях", "выбрать"],
    },
    "hr": {
        "history": ["Povijest", "60 igara", "najnovije prvo", "Varijanta", "Pobjednik"],
        "review": ["Igra 56", "Potez po potez", "Krug 5", "zadržano", "Sljedeći potez", "Početak"],
        "stats": ["Statistika", "Učinak", "Postotak pobjeda", "Prosjek po polju"],
        "choice": ["Sve varijante", "Poker na kockice", "odaberi"],
    },
    "de": {
        "history": ["Verlauf", "60 Spiele", "neueste zuerst", "Variante", "Sieger", "Rückblick"],
        "review": ["Spiel 56", "Zug für Zug", "Runde 5", "gehalten", "Nächster Zug", "Anfang"],
        "stats": ["Statistik", "Bilanz", "Siegquote", "Schnitt je Feld", "Yahtzee-Bonus, Quote"],
        "choice": ["Alle Varianten", "Würfelpoker", "wählen"],
    },
}


@pytest.fixture
def language(request):
    """The app's language for one test; English again (footer keys too) after it."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")
    translate_classes()


def screen_text(app: HistoryApp) -> str:
    """Every line of the terminal as drawn (from the app's own SVG screenshot)."""
    svg = app.export_screenshot()
    lines: dict[float, list[tuple[float, str]]] = {}
    for m in re.finditer(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        text = html.unescape(m.group(3)).replace("\xa0", " ")
        lines.setdefault(float(m.group(2)), []).append((float(m.group(1)), text))
    return "\n".join("".join(t for _x, t in sorted(lines[y])) for y in sorted(lines))


async def drawn(pilot) -> str:
    """The screen once its footer is filled in (it waits for the screen's keys)."""
    await wait_for(pilot, lambda: bool(pilot.app.screen.query("FooterKey")))
    await pilot.pause()
    return screen_text(pilot.app)


def english_left(text: str, lang: str = "") -> list[str]:
    words = [w for w in ENGLISH if w not in SHARED.get(lang, ())]
    return [w for w in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]


def footer_words(app: HistoryApp) -> set[str]:
    return {b.binding.description for b in app.screen.active_bindings.values() if b.binding.show}


@pytest.mark.parametrize("language", ["uk", "ru", "hr", "de"], indirect=True)
async def test_history_review_stats_and_chooser_are_translated(language) -> None:
    app = HistoryApp(sample_history(Store.memory()), time_zone=UTC, saved_theme=False)
    shown = SHOWN[language]
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HistoryScreen)
        text = await drawn(pilot)
        assert all(word in text for word in shown["history"]), text
        assert english_left(text, language) == [], text
        last_line = text.splitlines()[-1]
        assert "esc" in last_line and "esc▏" not in last_line  # the footer's last key fits

        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        text = screen_text(app)
        assert all(word in text for word in shown["choice"]), text
        assert english_left(text, language) == [], text
        await pilot.press("escape")

        app.screen.query_one("#history-games").move_cursor(row=4)  # game 56: Ann and Bot 1
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await pilot.press("home", *["right"] * 9)
        text = screen_text(app)
        assert all(word in text for word in shown["review"]), text
        assert english_left(text, language) == [], text
        assert not footer_words(app) & {
            "Next turn",
            "Start",
            "End",
            "Analyse",
            "Back",
        } - SHARED.get(language, set())
        await pilot.press("end")
        assert english_left(screen_text(app), language) == []

        await pilot.press("escape", "s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.pause()
        text = screen_text(app)
        assert all(word in text for word in shown["stats"]), text
        assert english_left(text, language) == [], text


@pytest.mark.parametrize("language", ["uk"], indirect=True)
async def test_empty_history_and_a_player_without_games(language) -> None:
    app = HistoryApp(Store.memory(), time_zone=UTC, saved_theme=False)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await drawn(pilot)
        assert "Завершених ігор ще немає." in text and "0 ігор" in text
        assert english_left(text) == [], text
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "Завершених ігор у «Яцзи» ще немає." in text and "поки нікого" in text
        assert english_left(text) == [], text


async def test_english_footer_keeps_the_palette_key() -> None:
    app = HistoryApp(sample_history(Store.memory()), time_zone=UTC, saved_theme=False)
    async with app.run_test(size=(80, 24)) as pilot:
        last_line = (await drawn(pilot)).splitlines()[-1]
        assert "esc Back" in last_line and "^p palette" in last_line
