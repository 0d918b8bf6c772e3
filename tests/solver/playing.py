"""Reaching random legal sheets by playing random moves through the engine."""

from __future__ import annotations

import random

from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.state import Sheet


def random_sheet(variant_id: str, turns: int, seed: int) -> Sheet:
    """The sheet of a solitaire game after `turns` turns of random play."""
    rng = random.Random(seed)
    game = Game.new(variant_id, ["Solo"], seed=seed)
    for _ in range(turns):
        game.throw()
        while game.throws_left() and rng.random() < 0.6:
            game.throw(keep=[i for i in range(5) if rng.random() < 0.5][:4])
        preview = game.preview()
        # mostly the best-scoring box, sometimes any: reaches both good and poor sheets
        if rng.random() < 0.7:
            box = max(preview, key=preview.__getitem__)
        else:
            box = rng.choice(sorted(preview))
        game.write(box)
    return game.state.sheets[0]
