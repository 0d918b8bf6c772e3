"""Rule sets of the bidding family, by id."""

from __future__ import annotations

from dataclasses import dataclass

from dicepoker_tui.engine.described import Described
from dicepoker_tui.i18n import N_

PERUDO_RULES = """\
PERUDO

Each player starts with five dice under a cup, seen only by them. Everyone throws
at once. In turn, each player either raises the bid - a quantity and a face
("seven 4s") about ALL dice on the table - or challenges the last bid ("dudo").

On a challenge every cup is lifted. If the bid holds (at least that many dice show
the face), the challenger loses a die; otherwise the bidder does. The loser starts
the next round. A player with no dice is out; the last player with dice wins.

Ones ("paco") are wild: they count for every face, except in bids on ones.
A raise is a higher quantity of any face, or the same quantity of a higher face.
  Bidding ones halves the quantity (rounded up): after "seven 4s", "four 1s" is enough.
  Leaving ones needs twice the quantity plus one: after "four 1s", "nine 4s".
Calza: instead of bidding, any player other than the last bidder may claim the last
bid is exact. If it is, they win back a die (never above five); if not, they lose
one. The caller starts the next round.
Palifico: the round after a player first drops to one die, ones are not wild and
the face of the opening bid cannot change (only the quantity rises).

Decision: the opening bid of a round may not be on ones, except in a palifico round.
Decision: the challenger or caller cannot be the last bidder; the first player of
a round must bid.
"""

LIARS_DICE_RULES = """\
LIAR'S DICE

Each player starts with five dice under a cup, seen only by them. Everyone throws
at once. In turn, each player either raises the bid - a quantity and a face
("seven 4s") about ALL dice on the table - or challenges the last bid.

A raise is a higher quantity of any face, or the same quantity of a higher face.
Ones are an ordinary face: nothing is wild.

On a challenge every cup is lifted. If the bid holds (at least that many dice show
the face), the challenger loses a die; otherwise the bidder does. The loser starts
the next round (or the next player, if the loser is out). A player with no dice is
out; the last player with dice wins.
"""


@dataclass(frozen=True)
class BiddingVariant(Described):
    """A rule set of the bidding family."""

    id: str
    name: str
    description: str
    rules_text: str
    wild_ones: bool
    calza: bool
    palifico: bool
    dice_per_player: int = 5
    family: str = "bidding"
    call_name: str = N_("dudo")
    """What a challenge is called at this game's table (marked with `N_()`)."""


PERUDO = BiddingVariant(
    id="perudo",
    name=N_("Perudo"),
    description=N_("Bluffing with hidden dice: wild ones, calza and palifico rounds."),
    rules_text=PERUDO_RULES,
    wild_ones=True,
    calza=True,
    palifico=True,
)
LIARS_DICE = BiddingVariant(
    id="liars-dice",
    name=N_("Liar's Dice"),
    description=N_("Bluffing with hidden dice, plain rules: no wild ones."),
    rules_text=LIARS_DICE_RULES,
    wild_ones=False,
    calza=False,
    palifico=False,
    call_name=N_("liar"),
)
_REGISTRY: dict[str, BiddingVariant] = {v.id: v for v in (PERUDO, LIARS_DICE)}


def register(variant: BiddingVariant) -> BiddingVariant:
    """Make `variant` available by its id (replacing one of the same id)."""
    _REGISTRY[variant.id] = variant
    return variant


def get_variant(variant_id: str) -> BiddingVariant:
    """The bidding variant with this id; KeyError with the known ids otherwise."""
    try:
        return _REGISTRY[variant_id]
    except KeyError:
        known = ", ".join(_REGISTRY)
        raise KeyError(f"unknown variant {variant_id!r} (known: {known})") from None


def all_variants() -> list[BiddingVariant]:
    """Every registered bidding variant, built-ins first."""
    return list(_REGISTRY.values())
