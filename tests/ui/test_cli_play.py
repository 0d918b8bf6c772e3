"""`dicepoker play` options and the bare `dicepoker`, without starting a terminal."""

from __future__ import annotations

import pytest

from dicepoker_tui.cli import main
from dicepoker_tui.ui import app as app_module


@pytest.fixture
def started(monkeypatch) -> list:
    """Record the apps that would run instead of running them."""
    runs: list = []
    monkeypatch.setattr(app_module.DicePokerApp, "run", lambda self, **kw: runs.append(self))
    return runs


def test_play_goes_straight_to_a_table_with_the_seats_given(started) -> None:
    argv = ["play", "--variant", "dice-poker", "--player", "Ann", "--player", "Bob"]
    assert main([*argv, "--bot", "heuristic", "--seed", "9"]) == 0
    setup = started[0].initial_setup
    assert setup.variant == "dice-poker"
    assert setup.seed == 9
    assert [(p.name, p.kind, p.level) for p in setup.seats] == [
        ("Ann", "human", None),
        ("Bob", "human", None),
        ("Bot 1", "bot", "heuristic"),
    ]


def test_no_arguments_open_the_lobby(started) -> None:
    assert main([]) == 0
    assert started[0].initial_setup is None


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--variant", "chess"], "unknown variant 'chess'"),
        (["--bot", "grandmaster"], "unknown bot level 'grandmaster'"),
        (["--player", "Ann", "--player", "ann"], "different name"),
        (["--player", "x" * 30], "1 to 24 characters"),
        (["--real-dice", "--bot", "heuristic"], "bots cannot throw real dice"),
        ([f"--player=P{i}" for i in range(9)], "1 to 8 seats"),
    ],
)
def test_bad_options_are_one_line_errors(started, capsys, argv, needle) -> None:
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert needle in err
    assert err.count("\n") == 1
    assert not started


@pytest.mark.parametrize(
    ("lang", "player", "bot"),
    [("en", "Player 1", "Bot 1"), ("uk", "Гравець 1", "Бот 1"), ("hr", "Igrač 1", "Bot 1")],
)
def test_default_seat_names_follow_the_language(started, monkeypatch, tmp_path, lang, player, bot):
    from dicepoker_tui import i18n

    monkeypatch.setenv("DICEPOKER_HOME", str(tmp_path))
    try:
        assert main(["--lang", lang, "play", "--variant", "yatzy"]) == 0
        assert main(["--lang", lang, "play", "--bot", "heuristic", "--bot", "heuristic"]) == 0
    finally:
        i18n.set_language("en")
    assert [p.name for p in started[0].initial_setup.seats] == [player]
    second = bot.rpartition(" ")[0] + " 2"
    assert [p.name for p in started[1].initial_setup.seats] == [bot, second]
