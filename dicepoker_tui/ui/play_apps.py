"""The app `dicepoker play` opens for a variant: the usual one, or a family's own."""

from __future__ import annotations

from textual.app import App

from dicepoker_tui.families.bidding.views.app import BiddingApp
from dicepoker_tui.family import family_of
from dicepoker_tui.ui.app import DicePokerApp

_APPS: dict[str, type[App]] = {"bidding": BiddingApp}
"""Families whose games open in an app of their own (the others: `DicePokerApp`)."""


def play_app(variant_id: str) -> type[App]:
    """The app class that opens straight at a table of `variant_id`."""
    return _APPS.get(family_of(variant_id).id, DicePokerApp)
