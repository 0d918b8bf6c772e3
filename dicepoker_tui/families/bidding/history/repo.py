"""The bidding games (Perudo, Liar's Dice) in the history: each kept as one whole event log
(every cup included) by an `EventLogRepository`. `bidding_games(store)` is the store's one
repository of them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules import variants as bidding_variants
from dicepoker_tui.store.connection import Database
from dicepoker_tui.store.event_logs import BiddingRecord, EventLogRepository

if TYPE_CHECKING:
    from dicepoker_tui.store.database import Store

CONTINUED = frozenset({"game_started", "cups_revealed", "dice_count_changed", "player_out"})
"""Events always followed by more of the same command: a log is kept after a bid, a new
round (a reveal and the next round are stored together) and the end of the game."""


class BiddingRepository(EventLogRepository):
    """The bidding games (Perudo, Liar's Dice)."""

    def __init__(self, db: Database) -> None:
        super().__init__(db, ev.EVENT_ADAPTER, CONTINUED, family="bidding")

    def games(
        self, status: str | None = "finished", variants: Sequence[str] | None = None
    ) -> list[BiddingRecord]:
        if variants is None:
            variants = [v.id for v in bidding_variants.all_variants()]
        return super().games(status, variants)


def bidding_games(store: Store) -> BiddingRepository:
    """The bidding games of `store`: written by a `Recorder`, listed and loaded for their
    review."""
    return store.repository(BiddingRepository)
