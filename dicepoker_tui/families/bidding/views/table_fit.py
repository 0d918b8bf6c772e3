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


class TableFit(Screen[None]):
    """A mixin of `BiddingTableScreen`: `_fit()` on mounting and on every resize."""

    def _fit(self) -> None:
        """Direct style changes, not breakpoint classes: a class change restyles every
        widget."""
        size = self.app.size
        small = self.query_one(SizeNotice).fit(size)
        self.query_one("#bid-body").display = not small
        self.query_one("#bid-title").display = not small
        big = size.width >= WIDE and size.height >= TALL
        self.query_one("#bid-left").styles.width = max(46, size.width // 2) if big else 46
        self.query_one(CupDice).big = big
        self.refresh_bindings()  # the bid keys are off while the notice shows

    @property
    def too_small(self) -> bool:
        """Whether the notice stands in for the table (no bids made blind)."""
        return bool(self.query(SizeNotice)) and self.query_one(SizeNotice).display
