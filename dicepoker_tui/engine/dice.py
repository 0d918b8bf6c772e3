"""Dice values, the 252 five-dice multisets, and seedable dice sources."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import Protocol

FACES = (1, 2, 3, 4, 5, 6)
DICE_COUNT = 5

Dice = tuple[int, ...]


def counts(dice: Iterable[int]) -> tuple[int, ...]:
    """How many dice show each face; index 0 is unused so `counts(d)[v]` is n(v)."""
    c = [0] * 7
    for v in dice:
        c[v] += 1
    return tuple(c)


@cache
def all_rolls(n: int = DICE_COUNT) -> tuple[Dice, ...]:
    """Every multiset of n dice as a sorted tuple (252 of them for five dice)."""
    return tuple(combinations_with_replacement(FACES, n))


def parse_roll(text: str) -> Dice:
    """Parse five digits 1-6 (`13456`); raises ValueError naming the problem."""
    digits = text.strip().replace(",", "").replace(" ", "")
    if len(digits) != DICE_COUNT or any(ch not in "0123456789" for ch in digits):
        raise ValueError(f"{text!r} is not a roll: give five digits 1-6, like 13456")
    values = tuple(int(ch) for ch in digits)
    bad = [v for v in values if v not in FACES]
    if bad:
        raise ValueError(f"{text!r} is not a roll: {bad[0]} is not a face of a die (1-6)")
    return values


def validate_dice(values: Sequence[int]) -> Dice:
    """Check five values 1-6; raises ValueError with a player-readable message."""
    if len(values) != DICE_COUNT:
        raise ValueError(f"Five dice are needed, not {len(values)}.")
    for v in values:
        if v not in FACES:
            raise ValueError(f"{v} is not a face of a die (1-6).")
    return tuple(values)


class DiceSource(Protocol):
    """Where thrown dice come from. `key` numbers the throw within the game."""

    def roll(self, count: int, key: int) -> Dice: ...


class SeededDice:
    """Deterministic dice: throw number `key` of a game with `seed` always shows the same.

    Each throw draws from its own generator keyed by (seed, key), so a resumed game
    throws exactly what the uninterrupted game would have thrown.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def roll(self, count: int, key: int) -> Dice:
        rng = random.Random(f"{self.seed}/{key}")
        return tuple(rng.randint(1, 6) for _ in range(count))


def new_seed() -> int:
    """A fresh random seed for a game that was not given one."""
    return random.SystemRandom().randrange(1, 2**53)
