"""A shared table keeps its family table's styles: Textual gathers a screen's DEFAULT_CSS
along the first DOMNode base of each class, so the hub's part must not be one."""

from __future__ import annotations

import pytest

from dicepoker_tui.families.bidding.views.shared_table import NetBiddingTableScreen
from dicepoker_tui.families.bidding.views.table import BiddingTableScreen
from dicepoker_tui.families.scoresheet.views.shared_table import NetTableScreen
from dicepoker_tui.families.scoresheet.views.table import TableScreen


@pytest.mark.parametrize(
    ("shared", "family"),
    [(NetTableScreen, TableScreen), (NetBiddingTableScreen, BiddingTableScreen)],
)
def test_the_shared_table_inherits_its_family_screens_css(shared, family) -> None:
    assert family.DEFAULT_CSS
    assert family in shared._css_bases(shared)  # Textual's walk for DEFAULT_CSS
