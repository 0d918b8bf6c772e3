"""Kniffel: the German Yahtzee (Schmidt Spiele), with its sheet's German box names.

Decision (a second Kniffel). Source: the printed rules of Schmidt Spiele's Kniffel
(the Reise-Kniffel leaflet, section "Zweiter, dritter usw. Kniffel"). A further Kniffel
thrown once the Kniffel box holds an entry (50, or a 0 when it was struck) is either
- "Kniffel für 50 Zusatzpunkte": while the upper box of its face is open it goes
  there (e.g. five 5s: 25) and earns 50 extra points; or
- "Kniffel als Joker": when that upper box is filled too, it may go into any open
  lower box as the combination of the player's choice (Full House 25, Kleine Straße
  30, Große Straße 40, the others the sum); when every lower box is filled, an upper
  box is struck (0).
We read "einen Eintrag" literally: a struck Kniffel box (0) counts as an entry, so the
Joker and the 50 apply after a 0 too (unlike Yahtzee's +100, which needs the 50), and
the 50 is paid only for the write into the face's upper box (none for a Joker). The
face's box is forced while open, as the leaflet names it as the one place to write.
Decision (box names): the sheet's German names in every language, as printed on the
Kniffel block; they are the game's identity (like "Yatzy"), and the English-speaking
reader has Yahtzee beside it.
"""

from __future__ import annotations

from dicepoker_tui.families.scoresheet.rules.variants.base import UPPER_IDS, Bonus, Box, Section
from dicepoker_tui.families.scoresheet.rules.variants.yahtzee import UPPER_BONUS, Yahtzee
from dicepoker_tui.i18n import N_

UPPER_LABELS = (
    N_("Einer"),
    N_("Zweier"),
    N_("Dreier"),
    N_("Vierer"),
    N_("Fünfer"),
    N_("Sechser"),
)
LOWER = (
    ("three_of_a_kind", N_("Dreierpasch")),
    ("four_of_a_kind", N_("Viererpasch")),
    ("full_house", N_("Full House")),
    ("small_straight", N_("Kleine Straße")),
    ("large_straight", N_("Große Straße")),
    ("kniffel", N_("Kniffel")),
    ("chance", N_("Chance")),
)
LOWER_IDS = tuple(box for box, _label in LOWER)
KNIFFEL_BONUS = Bonus("kniffel_bonus", "Kniffel bonus", 50)

RULES = """\
KNIFFEL (Schmidt Spiele rules)

Five dice, 13 rounds. Each turn: up to three throws; before the second and third
throw keep any dice and throw the rest. Then write the dice into one open box.
A box without its combination takes 0 (it is struck).

Upper part: Einer..Sechser score the sum of that face.
  Bonus: +35 when the upper part totals 63 or more.
Lower part:
  Dreierpasch     three of one face          sum of all dice
  Viererpasch     four of one face           sum of all dice
  Full House      three + two of two faces   25
  Kleine Straße   1234, 2345 or 3456         30
  Große Straße    12345 or 23456             40
  Kniffel         five of one face           50
  Chance          anything                   sum of all dice

A further Kniffel, once the Kniffel box holds an entry (50 or 0):
  while the upper box of its face is open, it must go there and earns +50;
  when that box is filled, it is a Joker: any open lower box, where Full House,
  Kleine and Große Straße score their full 25/30/40 (no +50);
  when no lower box is open either, a 0 goes into any open upper box.

A struck Kniffel box (0) is an entry too; the +50 is paid only in the upper box
of the face.
"""


class Kniffel(Yahtzee):
    """Kniffel as Schmidt Spiele prints it: Yahtzee's sheet, +50 for a further Kniffel
    in its face's upper box, the forced Joker after any entry in the Kniffel box."""

    id = "kniffel"
    name = N_("Kniffel")
    description = N_("German rules: a further Kniffel earns +50 in its upper box, else a Joker.")
    rules_text = RULES
    boxes = tuple(
        Box(b, lab, section="upper") for b, lab in zip(UPPER_IDS, UPPER_LABELS, strict=True)
    ) + tuple(Box(b, lab, section="lower") for b, lab in LOWER)
    sections = (
        Section("upper", "Upper section", UPPER_IDS),
        Section("lower", "Lower section", LOWER_IDS),
    )
    bonus_labels = {UPPER_BONUS.id: UPPER_BONUS.label, KNIFFEL_BONUS.id: KNIFFEL_BONUS.label}
    five_box = "kniffel"
    made_points = {"full_house": 25, "small_straight": 30, "large_straight": 40, "kniffel": 50}
    five_bonus = KNIFFEL_BONUS
    five_bonus_rule = "face"
    joker = "forced"

    def label(self, box_id: str) -> str:
        """The German name of the box in every language (see the module's Decision)."""
        return self.box(box_id).label

    def label_to_write(self, box_id: str) -> str:
        """The same German name in a hint (Chance, not a translated "Шанс")."""
        return self.label(box_id)
