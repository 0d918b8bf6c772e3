"""The table's top line keeps the seed whole at 80 columns (it is there to be noted):
the words before it give way, as in the roll bank's long name."""

from __future__ import annotations

import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.family import GameSetup

from .helpers import make_app, table, wait_for

SEED = 2517345298451234567


@pytest.mark.parametrize("size", [(80, 24), (60, 18), (200, 60)])
async def test_the_seed_shows_whole_on_the_top_line(size: tuple[int, int]) -> None:
    setup = GameSetup(
        variant="dice-poker-bank", seats=(Player(name="Bartholomew the Long"),), seed=SEED
    )
    app = make_app(setup)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        top = table(app).query_one("#table-top")
        await wait_for(pilot, lambda: "seed" in str(top.render()))
        shown = str(top.render())
        if top.display:
            assert f"seed {SEED}" in shown, shown
            assert len(shown.rstrip()) <= size[0]
