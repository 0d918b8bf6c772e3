"""Variants by id. Built-ins register on first use; tests may register their own."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dicepoker_tui.families.scoresheet.rules.variants.base import Variant

_REGISTRY: dict[str, Variant] = {}
_UNLISTED: set[str] = set()
"""Ids found by `get_variant` but left out of `all_variants` (a stored game's house rules)."""
_RESOLVERS: list[Callable[[str], object]] = []
"""Called with an unknown id before giving up (the history registers a stored game's rules)."""


def register(variant: Variant, listed: bool = True) -> Variant:
    """Make `variant` available by its id (replacing one of the same id); an unlisted
    one is found by id but not offered (`all_variants`)."""
    _REGISTRY[variant.id] = variant
    if listed:
        _UNLISTED.discard(variant.id)
    else:
        _UNLISTED.add(variant.id)
    return variant


def add_resolver(resolver: Callable[[str], object]) -> None:
    """Ask `resolver(variant_id)` to register a variant no one has registered yet."""
    if resolver not in _RESOLVERS:
        _RESOLVERS.append(resolver)


def _load_builtins() -> None:
    if "yahtzee" in _REGISTRY:
        return
    from dicepoker_tui.families.scoresheet.rules.variants import (
        dice_poker,
        kniffel,
        yahtzee,
        yatzy,
    )

    for variant in (
        yahtzee.Yahtzee(),
        yahtzee.YahtzeeFreeJoker(),
        yatzy.Yatzy(),
        dice_poker.DicePoker(),
        dice_poker.DicePokerBank(),
        kniffel.Kniffel(),
    ):
        _REGISTRY.setdefault(variant.id, variant)


def get_variant(variant_id: str) -> Variant:
    """The variant with this id; KeyError with the known ids otherwise."""
    _load_builtins()
    if variant_id not in _REGISTRY and "@" in variant_id:
        for resolver in list(_RESOLVERS):
            resolver(variant_id)
    try:
        return _REGISTRY[variant_id]
    except KeyError:
        known = ", ".join(v for v in _REGISTRY if v not in _UNLISTED)
        raise KeyError(f"unknown variant {variant_id!r} (known: {known})") from None


def all_variants() -> list[Variant]:
    """Every registered variant, built-ins first."""
    _load_builtins()
    return [v for v in _REGISTRY.values() if v.id not in _UNLISTED]
