"""A first end-to-end check: seeded random games of every variant fold consistently."""

import random

import pytest

from dicepoker_tui.families.scoresheet.rules.game import Game, replay
from dicepoker_tui.families.scoresheet.rules.variants import all_variants


@pytest.mark.parametrize("variant", [v.id for v in all_variants()])
def test_random_game_replays_to_live_state(variant: str) -> None:
    game = Game.new(variant, ["Ann", "Bob"], seed=3)
    rng = random.Random(3)
    while not game.finished:
        game.throw()
        while game.throws_left() and rng.random() < 0.5:
            game.throw(keep=[i for i in range(5) if rng.random() < 0.5][:4])
        options = game.preview()
        game.write(max(options, key=options.__getitem__))
    assert replay(game.events) == game.state
    for sheet in game.state.sheets:
        assert set(sheet.scores) == set(game.variant.box_ids)
