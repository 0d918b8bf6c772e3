"""The keep graph of five dice: rolls, keeps and the chances of completing a keep."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import factorial

from dicepoker_tui.engine.dice import FACES, Dice, all_rolls


@cache
def outcome_probabilities(n: int) -> tuple[tuple[Dice, float], ...]:
    """Every sorted multiset of `n` thrown dice with its probability."""
    result = []
    for combo in combinations_with_replacement(FACES, n):
        ways = factorial(n)
        for c in Counter(combo).values():
            ways //= factorial(c)
        result.append((combo, ways / 6**n))
    return tuple(result)


@cache
def all_keeps() -> tuple[Dice, ...]:
    """Every sorted multiset of 0 to 5 dice (462 of them)."""
    return tuple(k for n in range(6) for k in combinations_with_replacement(FACES, n))


@cache
def completions(keep: Dice) -> tuple[tuple[Dice, float], ...]:
    """The rolls a keep can become after throwing the rest, with probabilities."""
    return tuple(
        (tuple(sorted(keep + thrown)), p) for thrown, p in outcome_probabilities(5 - len(keep))
    )


@cache
def sub_keeps(roll: Dice) -> tuple[Dice, ...]:
    """The distinct multisets that can be kept from a sorted roll (itself included)."""
    subs = {tuple(c) for n in range(len(roll) + 1) for c in combinations(roll, n)}
    return tuple(sorted(subs, key=lambda k: (len(k), k)))


def keep_positions(dice: Dice, keep: Dice) -> tuple[int, ...]:
    """Positions in the (unsorted) `dice` that hold the multiset `keep`."""
    wanted = Counter(keep)
    positions = []
    for i, v in enumerate(dice):
        if wanted[v] > 0:
            wanted[v] -= 1
            positions.append(i)
    return tuple(positions)


ROLLS = all_rolls()
