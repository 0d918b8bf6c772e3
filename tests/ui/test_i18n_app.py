"""The language inside the app: footer keys, the remembered choice."""

from __future__ import annotations

import json

from dicepoker_tui import i18n
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp


def footer_descriptions(app: DicePokerApp) -> set[str]:
    return {b.binding.description for b in app.screen.active_bindings.values() if b.binding.show}


async def test_switching_language_translates_footer_and_is_remembered(tmp_path) -> None:
    settings = tmp_path / "settings.json"
    app = DicePokerApp(settings_file=settings, keep_history=False)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "Start" in footer_descriptions(app)
            app.set_language("uk")
            await pilot.pause()
            shown = footer_descriptions(app)
            assert "Почати" in shown and "Start" not in shown
            assert json.loads(settings.read_text(encoding="utf-8"))["language"] == "uk"
            app.set_language("en")
            await pilot.pause()
            assert "Start" in footer_descriptions(app)
    finally:
        i18n.set_language("en")


async def test_table_footer_in_the_language_chosen_before_start(tmp_path) -> None:
    i18n.set_language("ru")
    try:
        app = DicePokerApp(
            GameSetup("yatzy", seed=1), settings_file=tmp_path / "s.json", keep_history=False
        )
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            shown = footer_descriptions(app)
            assert {"Бросить", "Держи"} <= shown
            assert "Throw" not in shown
    finally:
        i18n.set_language("en")
