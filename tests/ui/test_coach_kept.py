"""The coach stays with its seat on a rematch and when an unfinished game is resumed in a
new app (it is kept in the history with the game)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.views.scoresheet import ScoresheetScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.store import Store
from dicepoker_tui.ui.history.games import GamesScreen

from .helpers import box_list, make_app, move_cursor_to, table, wait_for
from .test_hint_table import coach_notes, costly_write, policy_ready

VARIANT = "dice-poker"


def coached_solo(seed: int, coach: float | None) -> GameSetup:
    return GameSetup(variant=VARIANT, seats=(Player(name="Ann"),), seed=seed, coach=(coach,))


async def write_any(pilot, app) -> None:
    """Throw once and write the first box offered."""
    await pilot.press("space")
    await pilot.pause()
    box = next(r.box for r in box_list(app).rows if r.legal)
    await move_cursor_to(pilot, app, box)
    await pilot.press("enter")
    await pilot.pause()


async def the_coach_speaks_after_a_poor_write(pilot, app) -> None:
    policy = await policy_ready(pilot, app)
    await pilot.press("space")
    await pilot.pause()
    box, loss = costly_write(policy, table(app).game)
    app.clear_notifications()
    await move_cursor_to(pilot, app, box)
    await pilot.press("enter")
    await pilot.pause()
    notes = coach_notes(app)
    assert len(notes) == 1 and f"gave up {loss:.1f}" in notes[0]


async def test_a_rematch_keeps_the_coach() -> None:
    app = make_app(coached_solo(4, 0.5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = table(app).game
        assert table(app).coach_thresholds == {0: 0.5}
        while not first.finished:
            await write_any(pilot, app)
        await wait_for(pilot, lambda: isinstance(app.screen, ScoresheetScreen))
        await pilot.press("m")
        await wait_for(pilot, lambda: table(app).game is not first)
        assert not table(app).game.finished
        assert table(app).coach_thresholds == {0: 0.5}
        await the_coach_speaks_after_a_poor_write(pilot, app)


@pytest.mark.parametrize("coach", [1.0, None])
async def test_a_game_resumed_in_a_new_app_keeps_its_coach(
    dicepoker_home: Path, coach: float | None
) -> None:
    first = make_app(coached_solo(6, coach))
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await write_any(pilot, first)
        played = len(table(first).game.events)
    store, _ = Store.open()
    with store:
        (kept,) = scoresheet_games(store).unfinished()
        assert kept.event_count == played
    app = make_app()  # a new app on the same history: it offers the unfinished game
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GamesScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(app.screen_stack) > 1 and table(app) is app.screen)
        assert len(table(app).game.events) == played
        if coach is None:
            assert table(app).coach_thresholds == {}
        else:
            assert table(app).coach_thresholds == {0: coach}
            await the_coach_speaks_after_a_poor_write(pilot, app)
