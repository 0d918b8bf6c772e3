"""`RemoteBiddingGame`: a hub table's Perudo or Liar's Dice game, seen from one seat.

The same interface as the local `BiddingGame`. Its state is the recipient's private
view: the hub sends every other cup as zeros until `cups_revealed` lifts them all. A
bid, challenge or calza is checked here with the pure rules first (an illegal one raises
`IllegalMove` at once) and then sent; the hub's events come back through `subscribe`.
"""

from __future__ import annotations

from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.net.mirrored_session import MirroredSession


class RemoteBiddingGame(MirroredSession, BiddingGame):
    """The bidding game at a hub table (a spectator's mirror has no cup at all)."""

    @property
    def seat(self) -> int | None:
        """The seat this mirror plays (None: watching)."""
        return min(self.seats) if self.seats else None

    def _to_act(self, state: BiddingState) -> int | None:
        return state.to_act


MIRROR = RemoteBiddingGame
"""The class whose instances mirror a hub table of this family."""
