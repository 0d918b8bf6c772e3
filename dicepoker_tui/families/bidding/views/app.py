"""The app started straight at a bidding table (`dicepoker play --variant perudo`)."""

from __future__ import annotations

from dicepoker_tui.families.bidding.views.flow import open_bidding_game
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp


class BiddingApp(DicePokerApp):
    """The usual app (lobby below, history kept), opening with a Perudo or Liar's Dice game."""

    def __init__(self, setup: GameSetup, **kwargs) -> None:
        super().__init__(**kwargs)
        self.bidding_setup = setup

    def on_mount(self) -> None:
        super().on_mount()
        self.call_after_refresh(open_bidding_game, self, self.bidding_setup)

    def _offer_resume(self) -> None:
        """Straight to the table: no resume list first."""
