"""`dicepoker play --variant perudo|liars-dice`, without starting a terminal."""

from __future__ import annotations

import pytest

from dicepoker_tui.cli import main
from dicepoker_tui.ui import app as app_module
from dicepoker_tui.ui.app import DicePokerApp

from .helpers import wait_for


@pytest.fixture
def started(monkeypatch) -> list:
    runs: list = []
    monkeypatch.setattr(app_module.DicePokerApp, "run", lambda self, **kw: runs.append(self))
    return runs


def test_play_perudo_opens_a_bidding_table_with_the_seats_given(started) -> None:
    argv = ["play", "--variant", "perudo", "--player", "Ann", "--bot", "novice", "--seed", "4"]
    assert main(argv) == 0
    (app,) = started
    assert isinstance(app, DicePokerApp)
    setup = app.initial_setup
    assert setup.variant == "perudo" and setup.seed == 4
    assert [(p.name, p.kind, p.level) for p in setup.seats] == [
        ("Ann", "human", None),
        ("Bot 1", "bot", "novice"),
    ]


def test_a_lone_seat_gets_a_bot(started) -> None:
    assert main(["play", "--variant", "liars-dice"]) == 0
    assert [p.kind for p in started[0].initial_setup.seats] == ["human", "bot"]


@pytest.mark.parametrize(
    ("seats", "wanted"),
    [
        (["--player", "Ann"], [("Ann", "human", None), ("Bot 1", "bot", "strong")]),
        (["--bot", "novice"], [("Bot 1", "bot", "novice"), ("Bot 2", "bot", "strong")]),
    ],
)
def test_a_short_table_is_filled_with_default_bots_either_way(started, seats, wanted) -> None:
    """`--player Ann` alone and `--bot novice` alone are alike: a seat short, a bot added."""
    assert main(["play", "--variant", "perudo", *seats]) == 0
    assert [(p.name, p.kind, p.level) for p in started[0].initial_setup.seats] == wanted


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--bot", "heuristic"], "unknown bot level 'heuristic'"),
        (["--real-dice", "--player", "Bob"], "hidden dice"),
    ],
)
def test_refused_setups_say_why(started, capsys, extra: list[str], said: str) -> None:
    assert main(["play", "--variant", "perudo", "--player", "Ann", *extra]) == 2
    assert said in capsys.readouterr().err
    assert started == []


async def test_the_app_opens_at_the_bidding_table() -> None:
    from dicepoker_tui.engine.players import Player
    from dicepoker_tui.families.bidding.views.table import BiddingTableScreen
    from dicepoker_tui.family import GameSetup

    seats = (Player(name="Ann"), Player(name="Bot 1", kind="bot", level="strong"))
    app = DicePokerApp(GameSetup("perudo", seats, seed=2), bot_pace=0, keep_history=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
        await wait_for(pilot, lambda: app.screen._my_turn)
        assert app.screen.game.state.seed == 2
