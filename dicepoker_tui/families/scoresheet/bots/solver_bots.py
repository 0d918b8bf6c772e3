"""Bots that play from the solver's option values: `optimal`, `strong`, `casual`, `novice`.

One policy for all four: every option of the turn (each keep, each legal box) valued
exactly, then the best picked after the level's noise (see `ai.noise`). The table of
the variant is loaded from the cache, or built on first use (seconds).
"""

from __future__ import annotations

import numpy as np

from dicepoker_tui.families.scoresheet.bots.bots import Action, KeepAndThrow, WriteBox
from dicepoker_tui.families.scoresheet.bots.noise import LEVEL_NOISE, noisy_argmax
from dicepoker_tui.families.scoresheet.bots.policy import Policy, positions_of
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant


class PolicyBot:
    """Plays the option with the best exact value after noise of its level's scale."""

    def __init__(self, level: str, seed: int | None = None) -> None:
        self.level = level
        self.scale = LEVEL_NOISE[level]
        self._rng = np.random.default_rng(seed)

    def choose(self, state: GameState, variant: Variant) -> Action:
        turn = state.turn
        if turn is None:
            raise ValueError("the game is over")
        if turn.dice is None:
            return KeepAndThrow(())
        options = Policy.for_variant(variant).options_for(state)
        values = np.array([o.expected for o in options])
        pick = options[int(noisy_argmax(values, self.scale, self._rng))]
        if pick.action == "write":
            return WriteBox(pick.box)
        return KeepAndThrow(positions_of(turn.dice, pick.keep))
