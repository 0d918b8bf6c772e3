"""Opening bidding games (Perudo, Liar's Dice) at an app's table, and their history."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dicepoker_tui.engine.session import Session
from dicepoker_tui.family import GameSetup
from dicepoker_tui.i18n import _

if TYPE_CHECKING:
    from dicepoker_tui.ui.app import DicePokerApp


def open_bidding_game(app: DicePokerApp, setup: GameSetup) -> bool:
    """Put a new bidding game on the table (above the lobby); a refusal becomes a notice."""
    return app.start_game(setup)


def open_bidding_table(app: DicePokerApp, game: Session) -> bool:
    """Put `game` on the table (above the lobby)."""
    return app.open_game(game)


def open_bidding_history(app: DicePokerApp) -> None:
    """The finished bidding games; enter reviews one round by round."""
    store = None if app.keeper is None else app.keeper.store
    if store is None:
        app.notify(_("No game history: games are not kept."), severity="warning", timeout=3)
        return
    from dicepoker_tui.families.bidding.views.games import BiddingGamesScreen

    app.push_screen(BiddingGamesScreen(store))
