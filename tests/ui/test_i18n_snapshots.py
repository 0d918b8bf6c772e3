"""The table and the scoresheet at 80×24 in Ukrainian, Russian, Croatian and German.

Cyrillic labels are long: these pictures show that the layouts still hold. Update after
an intended change with `pytest tests/ui/test_i18n_snapshots.py --snapshot-update` and
look at the new SVGs before committing them.
"""

from __future__ import annotations

import pytest

from dicepoker_tui import i18n
from dicepoker_tui.families.scoresheet.views.scenes import ANN_AND_BOT, finished_game
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.scenes.scene import app as _app
from dicepoker_tui.ui.scenes.scene import keys as _keys

LANGS = ("uk", "ru", "hr", "de")


@pytest.fixture
def language(request):
    """Switch the app's language for one test, and back to English after it."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("language", LANGS, indirect=True)
def test_table_dice_poker(snap_compare, language, tmp_path) -> None:
    app = _app(GameSetup("dice-poker", ANN_AND_BOT, seed=5), settings=tmp_path / "s.json")
    prepare = _keys("r", "enter", "r", "1", "3", "r", wait_for_humans=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=prepare)


@pytest.mark.parametrize("language", LANGS, indirect=True)
def test_table_yahtzee(snap_compare, language, tmp_path) -> None:
    app = _app(GameSetup("yahtzee", ANN_AND_BOT, seed=12), settings=tmp_path / "s.json")
    prepare = _keys("r", "enter", "r", "j", "enter", "r", "2", "4", wait_for_humans=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=prepare)


@pytest.mark.parametrize("language", LANGS, indirect=True)
def test_scoresheet_dice_poker_end(snap_compare, language, tmp_path) -> None:
    game = finished_game("dice-poker", ["Ann", "Bob", "Cy"], seed=7)
    assert snap_compare(_app(game=game, settings=tmp_path / "s.json"), terminal_size=(80, 24))


@pytest.mark.parametrize("language", LANGS, indirect=True)
def test_scoresheet_yatzy_end(snap_compare, language, tmp_path) -> None:
    game = finished_game("yatzy", ["Ann", "Bob"], seed=4)
    assert snap_compare(_app(game=game, settings=tmp_path / "s.json"), terminal_size=(80, 24))


@pytest.mark.parametrize("language", LANGS, indirect=True)
def test_lobby(snap_compare, language, tmp_path) -> None:
    app = _app(settings=tmp_path / "s.json")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_keys("b"))
