"""`BiddingSeatRole`: who plays at a bidding table and how, given to `BiddingTableScreen`.

At home (the default) the bots play on this machine and people at one keyboard hand it
over between turns. A shared table on the game server gives the same screen a remote
role (`views/shared_table.py`): the hub plays the bots, the screen follows the hub's
events, and the result offers the table's rematch.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.ui.messages import GameOver

if TYPE_CHECKING:
    from dicepoker_tui.families.bidding.views.table import BiddingTableScreen


class BiddingSeatRole:
    """A bidding table at home: the defaults every hook returns."""

    plays_here = True
    """Bots move and people hand over at this screen (False: the hub runs the game)."""
    follows_events = False
    """Redraw and look at who acts next after every event (the hub's arrive one by one)."""

    def seats(self, players: Sequence[Any], bots: dict[int, Any]) -> tuple[list[int], int | None]:
        """The seats people play at this screen, and the one whose cup shows now."""
        humans = [i for i in range(len(players)) if i not in bots]
        return humans, humans[0] if len(humans) == 1 else None

    def hidden_cup_text(self, state: BiddingState) -> str | None:
        """What the cup panel says instead of the usual words, or None."""
        return None

    def review_events(self, events: Sequence[Any]) -> list[Any]:
        """The events the review after the game shows."""
        return list(events)

    def after_result(self, screen: BiddingTableScreen, choice: str | None) -> None:
        """The result screen's choice: a new game, a rematch or the lobby."""
        screen.post_message(GameOver(screen.game, choice or "lobby"))  # type: ignore[arg-type]
