"""How the bidding table uses the terminal: a size notice below the size it needs (as
the scoresheet table has), the dice drawn large and the panel widened in a big one."""

from __future__ import annotations

from textual.screen import Screen

from dicepoker_tui.families.bidding.views.cup import CupDice
from dicepoker_tui.ui.common.size_notice import SizeNotice

NEEDED = (80, 24)
"""The smallest terminal the table is drawn in (below it: the notice)."""
WIDE, TALL = 130, 34
"""From this size on, the dice are large and the panel takes half the width."""


def fit_table(screen: Screen) -> None:
    """Fit the bidding table `screen` to the terminal (on mounting and at every resize).
    Direct style changes, not breakpoint classes: a class change restyles every widget."""
    size = screen.app.size
    small = screen.query_one(SizeNotice).fit(size)
    screen.query_one("#bid-body").display = not small
    screen.query_one("#bid-title").display = not small
    big = size.width >= WIDE and size.height >= TALL
    screen.query_one("#bid-left").styles.width = max(46, size.width // 2) if big else 46
    screen.query_one(CupDice).big = big
    screen.refresh_bindings()  # the bid keys are off while the notice shows


def too_small(screen: Screen) -> bool:
    """Whether the notice stands in for the table (no bids made blind)."""
    return bool(screen.query(SizeNotice)) and screen.query_one(SizeNotice).display
