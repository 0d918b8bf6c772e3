"""The app on a real full disk (a small tmpfs filled to ENOSPC) while its history is in use:
a game of any family that cannot be kept is said and asked about before it starts, never a
crash; nothing half-written is left in the history."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.views.table import BiddingTableScreen
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.views.table import TableScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.store import Store
from dicepoker_tui.ui.common.unsaved import UnsavedGameScreen
from dicepoker_tui.ui.lobby.lobby import LobbyScreen
from tests.full_disk import fill, free_up, history_in_use, small_disk
from tests.store.scripted import finished_game

from .helpers import make_app, messages, wait_for

FULL = "the game history could not be used: database or disk is full"
SEATS = (Player(name="Ann"), Player(name="Bot 1", kind="bot", level="strong"))


@pytest.mark.parametrize(
    ("variant", "table"), [("perudo", BiddingTableScreen), ("yatzy", TableScreen)]
)
async def test_a_game_the_full_disk_cannot_keep_is_asked_about_first(
    dicepoker_home: Path, variant: str, table: type
) -> None:
    db = dicepoker_home / "history.db"
    with small_disk(dicepoker_home):
        with Store.open(db).store as store:
            kept = scoresheet_games(store).create(finished_game("yahtzee", seed=1))
        setup = GameSetup(variant=variant, seats=SEATS, seed=8)
        with history_in_use(db):
            fill(dicepoker_home)
            app = make_app(setup)  # as `dicepoker play --variant ...` opens it
            async with app.run_test() as pilot:
                await wait_for(pilot, lambda: isinstance(app.screen, UnsavedGameScreen))
                assert app.screen.problem == FULL
                assert FULL in messages(app)
                await pilot.press("n")
                await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
                assert app.start_game(setup) is False
                await wait_for(pilot, lambda: isinstance(app.screen, UnsavedGameScreen))
                await pilot.press("y")
                await wait_for(pilot, lambda: isinstance(app.screen, table))
                assert app.keeps_games  # the history itself still opens and lists
            free_up(dicepoker_home)
        conn = sqlite3.connect(db)
        try:  # every family's games are rows of `games`
            assert conn.execute("SELECT id FROM games").fetchall() == [(kept,)]
        finally:
            conn.close()
