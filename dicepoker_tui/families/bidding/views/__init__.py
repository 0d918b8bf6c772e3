"""Bidding games (Perudo, Liar's Dice): the table, its help, result and review screens."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from dicepoker_tui.family import Bot, VariantLike, family_of
from dicepoker_tui.ui.views import FamilyViews, TableOptions

if TYPE_CHECKING:
    from dicepoker_tui.engine.session import Session
    from dicepoker_tui.store import Store


def _bidding_table(game: Session, bots: dict[int, Bot], options: TableOptions) -> Screen:
    from dicepoker_tui.families.bidding.views.table import BiddingTableScreen

    return BiddingTableScreen(game, bots, options.pace, kept=options.kept)  # type: ignore[arg-type]


def _bidding_rules(variant: VariantLike) -> Screen:
    from dicepoker_tui.families.bidding.views.help import BiddingHelpScreen

    return BiddingHelpScreen(variant)  # type: ignore[arg-type]


def _bidding_remote(game: Any, client: Any) -> Screen:
    from dicepoker_tui.families.bidding.views.shared_table import NetBiddingTableScreen

    return NetBiddingTableScreen(game, client)


def _bidding_review(store: Store, game_id: int) -> Screen:
    from dicepoker_tui.families.bidding.views.review import BiddingReviewScreen

    record = store.game(game_id)
    return BiddingReviewScreen(
        family_of(record.variant).load(store, game_id).events, store, game_id
    )


def _bidding_stats(store: Store, variant: str | None, player: str | None) -> Screen:
    from dicepoker_tui.families.bidding.views.stats import BiddingStatsScreen

    return BiddingStatsScreen(store, variant, player)


def _bidding_text(doc: Any, fmt: str) -> str:
    from dicepoker_tui.families.bidding.views.text import review_text

    variant = family_of(doc.variant).variant(doc.variant)
    return review_text(list(doc.events), variant).plain  # type: ignore[arg-type]


VIEWS = FamilyViews(
    _bidding_table,
    _bidding_rules,
    remote_table=_bidding_remote,
    review=_bidding_review,
    stats=_bidding_stats,
    export_text=_bidding_text,
)
