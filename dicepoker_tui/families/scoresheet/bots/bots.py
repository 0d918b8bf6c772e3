"""The bot interface: what a scoresheet bot sees and the actions it answers with.

A bot looks at the state of a game it is to act in and chooses one action: throw
keeping some dice (positions 0-4), or write the dice into a box. The caller carries
the action out through the engine, so a bot can never break a rule. The levels and
how to build a bot of each are in `ai.levels`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant


@dataclass(frozen=True)
class KeepAndThrow:
    """Hold the dice at `keep` (0-based positions) and throw the rest."""

    keep: tuple[int, ...]


@dataclass(frozen=True)
class WriteBox:
    """Write the dice on the table into `box`."""

    box: str


Action = KeepAndThrow | WriteBox


class Bot(Protocol):
    """Chooses the next action for the player to act in `state`."""

    level: str

    def choose(self, state: GameState, variant: Variant) -> Action: ...
