"""Built-in variants, found by id in the registry."""

from dicepoker_tui.families.scoresheet.rules.variants.registry import (
    all_variants,
    get_variant,
    register,
)

__all__ = ["all_variants", "get_variant", "register"]
