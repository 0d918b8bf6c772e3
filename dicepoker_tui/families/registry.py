"""The game families by id, and every variant of every family.

The built-in families are listed here, explicitly; a test or plug-in adds its own with
`register_family`.
"""

from __future__ import annotations

from dicepoker_tui.families.spec import FamilySpec, VariantLike

_FAMILIES: dict[str, FamilySpec] = {}


def _builtins() -> None:
    if _FAMILIES:
        return
    from dicepoker_tui.families.bidding import BiddingSpec
    from dicepoker_tui.families.scoresheet import ScoresheetSpec

    for spec in (ScoresheetSpec(), BiddingSpec()):
        _FAMILIES.setdefault(spec.id, spec)


def register_family(spec: FamilySpec) -> FamilySpec:
    """Make a family available (replacing one of the same id)."""
    _builtins()
    _FAMILIES[spec.id] = spec
    return spec


def unregister_family(family_id: str) -> None:
    """Forget a family registered with `register_family` (a test's, say)."""
    _FAMILIES.pop(family_id, None)


def families() -> list[FamilySpec]:
    """Every family, built-ins first."""
    _builtins()
    return list(_FAMILIES.values())


def get_family(family_id: str) -> FamilySpec:
    """The family with this id; KeyError naming the known ones otherwise."""
    _builtins()
    try:
        return _FAMILIES[family_id]
    except KeyError:
        known = ", ".join(_FAMILIES)
        raise KeyError(f"unknown family {family_id!r} (known: {known})") from None


def family_of(variant_id: str) -> FamilySpec:
    """The family a variant belongs to; KeyError naming every known variant otherwise."""
    for spec in families():
        if spec.owns(variant_id):
            return spec
    known = ", ".join(v.id for v in all_variants())
    raise KeyError(f"unknown variant {variant_id!r} (known: {known})")


def get_variant(variant_id: str) -> VariantLike:
    """The variant with this id, of whichever family."""
    return family_of(variant_id).variant(variant_id)


def all_variants() -> list[VariantLike]:
    """Every variant of every family (each says its `family`)."""
    return [v for spec in families() for v in spec.variants()]
