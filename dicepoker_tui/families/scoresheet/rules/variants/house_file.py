"""A house-rules file: a TOML file that derives a variant from a built-in one.

The file is validated strictly (pydantic, extra keys forbidden) and then against its
base; any fault is one `HouseRuleError` naming the key and why. `HouseRules` is also
what a game keeps in its history: `resolved()` writes every key out, so the variant is
rebuilt exactly from it, whatever the file says later.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from dicepoker_tui.families.scoresheet.rules.variants.base import UPPER_IDS
from dicepoker_tui.i18n import _

MAX_FILE_BYTES = 16 * 1024
"""A house-rules file is a few lines; anything larger is refused unread."""

BASES = ("yahtzee", "yahtzee-free-joker", "kniffel", "yatzy", "dice-poker", "dice-poker-bank")
"""The built-in variants a file may derive from."""

CLASSIC = ("yahtzee", "yahtzee-free-joker", "kniffel")
POKER = ("dice-poker", "dice-poker-bank")


class HouseRuleError(ValueError):
    """A bad house-rules file: `str()` is the one line a person reads."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class UpperBonusRule(_Strict):
    """`[upper_bonus]`: the bonus for the upper section's total."""

    threshold: int = Field(ge=1, le=105, description="The least upper total that earns it.")
    points: int = Field(ge=0, le=500, description="Its points (0: no upper bonus).")


class FiveRule(_Strict):
    """`[five_of_a_kind]`: a further five of a kind, after the first was written."""

    bonus: int = Field(ge=0, le=500, description="Points for it (0: no bonus).")
    joker: Literal["forced", "free", "none"] = Field(
        description="forced: face box, else any lower box; free: any box after a 0; none."
    )


class HouseRules(_Strict):
    """The keys of a house-rules file (see docs/house-rules.md)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]{1,31}$", description="Short id, e.g. our-yahtzee.")
    name: str = Field(min_length=1, max_length=40, description="The name players see.")
    description: str = Field(default="", max_length=120)
    base: str = Field(description="The built-in variant it derives from.")
    boxes: tuple[str, ...] | None = Field(default=None, description="The boxes kept (all).")
    drop: tuple[str, ...] = Field(default=(), description="The boxes dropped.")
    points: dict[str, int] = Field(default_factory=dict, description="Fixed points by box.")
    upper_bonus: UpperBonusRule | None = None
    five_of_a_kind: FiveRule | None = None
    straights: Literal["fixed", "any"] | None = Field(
        default=None, description="fixed: 12345 / 23456 only; any: any run of 4 / of 5."
    )
    throws: int | None = Field(default=None, ge=1, le=5, description="Throws per turn.")
    first_throw_double: bool | None = None
    roll_bank: bool | None = None


def _fault(key: str, why: str) -> HouseRuleError:
    return HouseRuleError(_("{key}: {why}").format(key=key, why=why))


def parse(text: str) -> HouseRules:
    """The rules of a file's text, checked against their base; HouseRuleError otherwise."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HouseRuleError(_("not TOML: {error}").format(error=exc)) from None
    return from_mapping(data)


def from_mapping(data: object) -> HouseRules:
    """Rules from parsed TOML or stored JSON, checked; HouseRuleError otherwise."""
    try:
        rules = HouseRules.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(str(part) for part in first["loc"]) or "file"
        raise _fault(key, first["msg"]) from None
    check(rules)
    return rules


def read(path: Path) -> HouseRules:
    """The rules in the file at `path`; HouseRuleError (one line, naming the file)."""
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise HouseRuleError(_("larger than {n} bytes").format(n=MAX_FILE_BYTES))
        text = raw.decode("utf-8")
        return parse(text)
    except HouseRuleError as exc:
        raise HouseRuleError(f"{path.name}: {exc}") from None
    except UnicodeDecodeError:
        raise HouseRuleError(f"{path.name}: " + _("not UTF-8 text")) from None
    except OSError as exc:
        raise HouseRuleError(f"{path.name}: {exc.strerror or exc}") from None


def check(rules: HouseRules) -> None:
    """What the schema cannot say: the keys against the base variant."""
    from dicepoker_tui.families.scoresheet.rules.variants.registry import get_variant

    if rules.base not in BASES:
        raise _fault(
            "base", _("not a built-in variant (one of {known})").format(known=", ".join(BASES))
        )
    if rules.id in BASES:
        raise _fault("id", _("{id} is a built-in variant").format(id=rules.id))
    base = get_variant(rules.base)
    if rules.boxes is not None and rules.drop:
        raise _fault("drop", _("give boxes or drop, not both"))
    for key, named in (("boxes", rules.boxes or ()), ("drop", rules.drop)):
        for box in named:
            if box not in base.box_ids:
                raise _fault(key, _("{base} has no box {box}").format(base=rules.base, box=box))
    kept = kept_boxes(rules, base.box_ids)
    stages = {b.stage for b in base.boxes}
    if {base.box(b).stage for b in kept} != stages:
        raise _fault("boxes", _("every stage keeps at least one box"))
    if rules.base not in POKER and not set(UPPER_IDS) <= set(kept):
        raise _fault("boxes", _("the six upper boxes stay (the upper bonus counts them)"))
    fixed = getattr(base, "made_points", {})
    for box in rules.points:
        if box not in kept:
            raise _fault(f"points.{box}", _("not a box of this variant"))
        if box not in fixed:
            raise _fault(f"points.{box}", _("this box scores the dice, not fixed points"))
        if not 1 <= rules.points[box] <= 500:
            raise _fault(f"points.{box}", _("points from 1 to 500"))
    allowed = {
        "upper_bonus": rules.base not in POKER,
        "five_of_a_kind": rules.base in CLASSIC,
        "first_throw_double": rules.base in POKER,
        "roll_bank": rules.base in POKER,
    }
    for key, ok in allowed.items():
        if getattr(rules, key) is not None and not ok:
            raise _fault(key, _("{base} has no such rule").format(base=rules.base))


def kept_boxes(rules: HouseRules, base_boxes: tuple[str, ...]) -> tuple[str, ...]:
    """The base's boxes the rules keep, in the base's order."""
    if rules.boxes is not None:
        return tuple(b for b in base_boxes if b in rules.boxes)
    return tuple(b for b in base_boxes if b not in rules.drop)
