"""House variants: a built-in variant's class with the numbers of a house-rules file.

A derived variant's id is the file's id and a digest of its full definition
(`our-yahtzee@1a2b3c4d`): a game keeps that definition in its `game_started` event, so
it replays and reviews by the rules it was played by even after the file is edited
(which gives a new id) or deleted.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from dicepoker_tui.families.scoresheet.rules.variants import registry
from dicepoker_tui.families.scoresheet.rules.variants.base import Bonus, Section, Variant
from dicepoker_tui.families.scoresheet.rules.variants.dice_poker import DicePoker
from dicepoker_tui.families.scoresheet.rules.variants.house_file import (
    HouseRuleError,
    HouseRules,
    from_mapping,
    kept_boxes,
    read,
)
from dicepoker_tui.families.scoresheet.rules.variants.yahtzee import Yahtzee
from dicepoker_tui.families.scoresheet.rules.variants.yatzy import Yatzy
from dicepoker_tui.i18n import _

FOLDER = "variants"
"""The folder of the data directory whose `*.toml` files appear in the lobby."""
MAX_FOLDER_FILES = 32
"""At most this many files of the folder are read (in name order)."""

ANY_SMALL = ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6))
ANY_LARGE = ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6))
FIXED_SMALL = ((1, 2, 3, 4, 5),)
FIXED_LARGE = ((2, 3, 4, 5, 6),)


class HouseVariant:
    """Mixed in before the base's class: the rules shown are the base's and the changes."""

    definition: dict[str, Any] = {}
    base_id: str = ""

    @property
    def display_description(self) -> str:
        """The file's own description, or which variant the rules come from."""
        if self.definition["description"]:
            return self.definition["description"]
        base = registry.get_variant(self.base_id)
        return _("House rules derived from {base}.").format(base=base.display_name)

    @property
    def display_rules(self) -> str:
        base = registry.get_variant(self.base_id)
        lines = [_("HOUSE RULES: {name}").format(name=self.name), ""]
        lines += [f"  {line}" for line in changes(self.definition, base)]  # type: ignore[arg-type]
        return "\n".join(lines) + "\n\n" + base.display_rules


def resolved(rules: HouseRules) -> dict[str, Any]:
    """Every key of the rules written out (the base's value where the file is silent)."""
    base = registry.get_variant(rules.base)
    kept = kept_boxes(rules, base.box_ids)
    points = {**getattr(base, "made_points", {}), **rules.points}
    out: dict[str, Any] = {
        "id": rules.id,
        "name": rules.name,
        "description": rules.description,
        "base": rules.base,
        "boxes": list(kept),
        "points": {box: n for box, n in points.items() if box in kept},
        "throws": rules.throws or base.throws_per_turn,
    }
    small = getattr(base, "small_runs", FIXED_SMALL)
    out["straights"] = rules.straights or ("fixed" if tuple(small) == FIXED_SMALL else "any")
    if isinstance(base, Yahtzee | Yatzy):
        bonus = base.upper_bonus
        default = {"threshold": base.upper_threshold, "points": bonus.points if bonus else 0}
        out["upper_bonus"] = rules.upper_bonus.model_dump() if rules.upper_bonus else default
    if isinstance(base, Yahtzee):
        five = base.five_bonus
        default = {"bonus": five.points if five else 0, "joker": base.joker}
        out["five_of_a_kind"] = (
            rules.five_of_a_kind.model_dump() if rules.five_of_a_kind else default
        )
    if isinstance(base, DicePoker):
        double = rules.first_throw_double
        out["first_throw_double"] = base.doubling if double is None else double
        out["roll_bank"] = base.roll_bank if rules.roll_bank is None else rules.roll_bank
    return out


def digest(definition: dict[str, Any]) -> str:
    text = json.dumps(definition, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def derive(definition: dict[str, Any]) -> Variant:
    """The variant of a resolved definition (not registered)."""
    base = registry.get_variant(definition["base"])
    kept = tuple(definition["boxes"])
    attrs: dict[str, Any] = {
        "id": f"{definition['id']}@{digest(definition)}",
        "name": definition["name"],
        "description": definition["description"] or f"House rules derived from {base.name}.",
        "rules_text": base.rules_text,
        "boxes": tuple(b for b in base.boxes if b.id in kept),
        "sections": tuple(
            Section(s.id, s.label, tuple(b for b in s.boxes if b in kept))
            for s in base.sections
            if any(b in kept for b in s.boxes)
        ),
        "throws_per_turn": definition["throws"],
        "made_points": {k: v for k, v in definition["points"].items()},
        "definition": definition,
        "base_id": base.id,
    }
    fixed = definition["straights"] == "fixed"
    attrs["small_runs"] = FIXED_SMALL if fixed else ANY_SMALL
    attrs["large_runs"] = FIXED_LARGE if fixed else ANY_LARGE
    if "upper_bonus" in definition:
        upper = definition["upper_bonus"]
        attrs["upper_threshold"] = upper["threshold"]
        attrs["upper_bonus"] = (
            Bonus("upper_bonus", "Upper bonus", upper["points"]) if upper["points"] else None
        )
    if "five_of_a_kind" in definition and isinstance(base, Yahtzee):
        five = definition["five_of_a_kind"]
        old = base.five_bonus
        attrs["five_bonus"] = Bonus(old.id, old.label, five["bonus"]) if five["bonus"] else None
        attrs["joker"] = five["joker"]
    if "roll_bank" in definition:
        attrs["doubling"] = definition["first_throw_double"]
        attrs["roll_bank"] = definition["roll_bank"]
    cls = type(f"House_{type(base).__name__}", (HouseVariant, type(base)), attrs)
    return cls()


def register_rules(rules: HouseRules) -> Variant:
    """The variant of a checked file's rules, registered and offered (lobby, `variants`)."""
    variant = register_definition(resolved(rules))
    return registry.register(variant, listed=True)


def register_definition(definition: dict[str, Any]) -> Variant:
    """The variant of a stored definition (re-checked first), registered by its id but
    not offered: a game's rules stay reviewable, the lobby lists only the files."""
    from_mapping(definition)
    variant = derive(definition)
    if variant.id in registry._REGISTRY:
        return registry._REGISTRY[variant.id]
    return registry.register(variant, listed=False)


def load_file(path: Path) -> Variant:
    """The registered variant of a house-rules file; HouseRuleError (one line) otherwise."""
    return register_rules(read(path))


def load_folder(folder: Path) -> tuple[list[Variant], list[str]]:
    """The variants of the folder's `*.toml` files (name order, at most MAX_FOLDER_FILES),
    and one line for each file that could not be used."""
    variants: list[Variant] = []
    problems: list[str] = []
    try:
        paths = sorted(p for p in folder.glob("*.toml") if p.is_file())
    except OSError:
        return variants, problems
    for path in paths[:MAX_FOLDER_FILES]:
        try:
            variants.append(load_file(path))
        except HouseRuleError as exc:
            problems.append(str(exc))
    return variants, problems


def changes(definition: dict[str, Any], base: Variant) -> list[str]:
    """What the rules change from the base, one line each, for players."""
    out = [_("Derived from {base}.").format(base=base.display_name)]
    dropped = [base.label(b) for b in base.box_ids if b not in definition["boxes"]]
    if dropped:
        out.append(_("Boxes left out: {boxes}.").format(boxes=", ".join(dropped)))
    for box, points in definition["points"].items():
        if box in definition["boxes"] and points != getattr(base, "made_points", {}).get(box):
            out.append(_("{box} scores {points}.").format(box=base.label(box), points=points))
    if definition["throws"] != base.throws_per_turn:
        out.append(_("Throws per turn: {n}.").format(n=definition["throws"]))
    runs = {"fixed": _("exactly 1-2-3-4-5 and 2-3-4-5-6"), "any": _("any run of four and of five")}
    out.append(_("Straights: {runs}.").format(runs=runs[definition["straights"]]))
    if "upper_bonus" in definition:
        upper = definition["upper_bonus"]
        out.append(
            _("Upper bonus: +{points} at {threshold} or more.").format(**upper)
            if upper["points"]
            else _("No upper bonus.")
        )
    if "five_of_a_kind" in definition:
        five = definition["five_of_a_kind"]
        jokers = {"forced": _("forced"), "free": _("free"), "none": _("none")}
        out.append(
            _("Further five of a kind: +{bonus}; Joker: {joker}.").format(
                bonus=five["bonus"], joker=jokers[five["joker"]]
            )
        )
    if "roll_bank" in definition:
        yes_no = {True: _("yes"), False: _("no")}
        out.append(_("First-throw double: {v}.").format(v=yes_no[definition["first_throw_double"]]))
        out.append(_("Roll bank: {v}.").format(v=yes_no[definition["roll_bank"]]))
    return out
