"""Histories for the tests of the history screens: known games at known times."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.views.history_scenes import play_simply
from dicepoker_tui.store import Store
from dicepoker_tui.ui.history.app import HistoryApp

START = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)


def add_games(
    store: Store,
    count: int,
    variants: Sequence[str] = ("yahtzee",),
    tables: Sequence[Sequence[str]] = (("Ann", "Bob"),),
    first: int = 0,
) -> list[int]:
    """`count` finished games, an hour apart (game n at START + n hours); their ids."""
    ids = []
    for n in range(first, first + count):
        names = tables[n % len(tables)]
        game = Game.new(variants[n % len(variants)], [Player(name=x) for x in names], seed=500 + n)
        play_simply(game, n)
        at = START + timedelta(hours=n)
        ids.append(
            scoresheet_games(store).create(
                game, started_at=at, updated_at=at + timedelta(minutes=9)
            )
        )
    return ids


def history_app(store: Store, game_id: int | None = None) -> HistoryApp:
    return HistoryApp(store, game_id, time_zone=UTC)
