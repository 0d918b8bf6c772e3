"""The game families by id, and every variant of every family.

A family joins by itself: every package `dicepoker_tui.families.<id>` with a `spec` module
giving `SPEC` is found here (in their `order`), and so is every `SPEC` an
installed distribution names in the entry-point group `dicepoker_tui.families`; a test
adds its own with `register_family`. Nothing here names a family.
"""

from __future__ import annotations

import logging
from importlib.metadata import entry_points
from pathlib import Path

from dicepoker_tui.families import package_ids, part
from dicepoker_tui.family.spec import FamilySpec, VariantLike

ENTRY_POINTS = "dicepoker_tui.families"
"""The entry-point group a plug-in family names its `FamilySpec` in."""

log = logging.getLogger(__name__)

_FAMILIES: dict[str, FamilySpec] = {}


def _builtins() -> None:
    if _FAMILIES:
        return
    for spec in _found():
        _FAMILIES.setdefault(spec.id, spec)


def _found() -> list[FamilySpec]:
    """The families of `dicepoker_tui.families` and those of the entry points (a broken plug-in is
    logged and left out; a broken built-in raises)."""
    found: list[FamilySpec] = []
    for family_id in package_ids():
        spec = part(family_id, "spec")
        if spec is None:
            raise ImportError(f"the family package {family_id!r} has no spec module")
        found.append(spec.SPEC)
    for point in entry_points(group=ENTRY_POINTS):
        try:
            spec = point.load()
        except Exception:  # a plug-in that cannot load does not stop the game
            log.exception("the family %s could not be loaded", point.name)
            continue
        if isinstance(spec, FamilySpec):
            found.append(spec)
    return sorted(found, key=lambda spec: (spec.order, spec.id))


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


def variant_from_file(path: Path) -> str:
    """The id of the variant a house-rules file defines, registered; ValueError (one
    line naming the file, the key and why) when it cannot be used."""
    for spec in families():
        variant_id = spec.variant_from_file(path)
        if variant_id is not None:
            return variant_id
    raise ValueError(f"{path.name}: no family reads house-rules files")
