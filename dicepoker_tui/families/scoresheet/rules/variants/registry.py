"""Variants by id. Built-ins register on first use; tests may register their own."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dicepoker_tui.families.scoresheet.rules.variants.base import Variant

_REGISTRY: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    """Make `variant` available by its id (replacing one of the same id)."""
    _REGISTRY[variant.id] = variant
    return variant


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
    try:
        return _REGISTRY[variant_id]
    except KeyError:
        known = ", ".join(_REGISTRY)
        raise KeyError(f"unknown variant {variant_id!r} (known: {known})") from None


def all_variants() -> list[Variant]:
    """Every registered variant, built-ins first."""
    _load_builtins()
    return list(_REGISTRY.values())
