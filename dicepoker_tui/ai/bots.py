"""The bot interface and the registry of bot levels.

A bot looks at the state of a game it is to act in and chooses one action: throw
keeping some dice (positions 0-4), or write the dice into a box. The caller carries
the action out through the engine, so a bot can never break a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from dicepoker_tui.engine.scoresheet.state import GameState
from dicepoker_tui.engine.scoresheet.variants.base import Variant


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


_FACTORIES: dict[str, Callable[[int | None], Bot]] = {}


def register_level(level: str, factory: Callable[[int | None], Bot]) -> None:
    """Make a bot level available; `factory(seed)` builds one bot."""
    _FACTORIES[level] = factory


def _load_builtins() -> None:
    # importing a bot module registers its levels
    import dicepoker_tui.ai.heuristic
    import dicepoker_tui.ai.solver_bots  # noqa: F401  (optimal, strong, casual, novice)


def bot_levels() -> list[str]:
    _load_builtins()
    return list(_FACTORIES)


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of `level`; KeyError naming the known levels otherwise."""
    _load_builtins()
    try:
        factory = _FACTORIES[level]
    except KeyError:
        raise KeyError(f"unknown bot level {level!r} (known: {', '.join(_FACTORIES)})") from None
    return factory(seed)
