"""Game families: each declares its variants, seats, setup, bots, views and storage in one
`FamilySpec`; everything above the engine asks them through this package."""

from dicepoker_tui.family import bot_driver, kept
from dicepoker_tui.family.registry import (
    all_variants,
    families,
    family_of,
    get_family,
    get_variant,
    register_family,
    unregister_family,
    variant_from_file,
)
from dicepoker_tui.family.setup import (
    NAME_MAX,
    GameSetup,
    fit_levels,
    name_problem,
    unused_name,
)
from dicepoker_tui.family.spec import Bot, FamilySpec, KeptGame, VariantLike

__all__ = [
    "NAME_MAX",
    "Bot",
    "FamilySpec",
    "GameSetup",
    "KeptGame",
    "VariantLike",
    "all_variants",
    "bot_driver",
    "families",
    "family_of",
    "fit_levels",
    "get_family",
    "get_variant",
    "kept",
    "name_problem",
    "register_family",
    "unregister_family",
    "unused_name",
    "variant_from_file",
]
