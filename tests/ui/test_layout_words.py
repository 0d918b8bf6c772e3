"""Translated words are never cut at 80×24: the bidding log keeps a bracketed count
whole, the statistics wrap a long label or value at a space instead of an ellipsis."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.text import Text

from dicepoker_tui import i18n
from dicepoker_tui.families.bidding.views.log_line import BiddingLogLine
from dicepoker_tui.families.scoresheet.views.stats import StatsScreen
from dicepoker_tui.store import Store
from dicepoker_tui.ui.common.i18n_bindings import translate_classes
from dicepoker_tui.ui.views import stats_screen

from .helpers import wait_for
from .history_data import add_games, history_app
from .test_i18n_history import screen_text


def drawn(text: Text, width: int) -> list[str]:
    console = Console(width=width, file=io.StringIO(), color_system=None, legacy_windows=False)
    with console.capture() as captured:
        console.print(BiddingLogLine(text))
    return captured.get().rstrip("\n").split("\n")


@pytest.mark.parametrize(
    "line",
    [
        "  Бот 2 теряет кость (осталось: 2)",
        "  Гравець 2 втрачає кубик (лишилося: 4)",
        "  Igrač 2 dobiva kockicu natrag (preostalo: 4)",
    ],
)
def test_a_bracketed_count_wraps_whole(line: str) -> None:
    lines = drawn(Text(line), 32)
    assert len(lines) == 2, lines
    assert lines[1].strip().startswith("(") and lines[1].startswith("  ("), lines
    assert all(len(x) <= 32 for x in lines)


def test_a_short_line_and_a_word_wider_than_the_log() -> None:
    assert drawn(Text("Ann: 3 fours"), 32) == ["Ann: 3 fours"]
    lines = drawn(Text("x" * 40), 32)
    assert "".join(x.strip() for x in lines) == "x" * 40  # cut, nothing lost


@pytest.fixture
def croatian():
    i18n.set_language("hr")
    yield
    i18n.set_language("en")
    translate_classes()


async def test_croatian_statistics_cut_no_word(croatian) -> None:
    with Store.memory() as store:
        add_games(store, 2, ("yahtzee",), (("Ann",),))
        app = history_app(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(stats_screen(store, "yahtzee", "Ann"))
            await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
            await pilot.pause()
            text = screen_text(app)
    record = [line.split("╮")[0] for line in text.splitlines()[3:12]]
    assert "samo solo igre" in text, text
    assert not any("…" in line for line in record), record
