"""Which screens show a family's games: its table, its rules and its shared table on the
game server. The built-in families' views are listed here; a family of a test or a
plug-in adds its own with `register_views`.

The app asks these instead of naming a family: `views_for(variant_id).table(...)`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from dicepoker_tui.families import Bot, VariantLike, family_of

if TYPE_CHECKING:
    from dicepoker_tui.engine.session import Session
    from dicepoker_tui.store import Store


@dataclass(frozen=True)
class TableOptions:
    """What the app tells a table it opens."""

    pace: float
    """Seconds a bot step takes."""
    kept: bool
    """Whether an unfinished game is kept in the history when the table is left."""
    coach: dict[int, float] | None = None
    """Seat → the coach's threshold, for the coached seats."""
    help_to_win: bool = False
    """Whether the hint and the coach aim at the chance to win (games of two or more)."""


TableFactory = Callable[["Session", dict[int, Bot], TableOptions], Screen]


@dataclass(frozen=True)
class FamilyViews:
    """The screens of one family."""

    table: TableFactory
    rules: Callable[[VariantLike], Screen]
    remote_table: Callable[[Any, Any], Screen] | None = None
    """`(mirrored game, hub client) -> the shared table screen` on the game server."""
    review: Callable[[Store, int], Screen] | None = None
    """`(store, game id) -> the review of a stored game` (raises `StoreError`); None: the
    scoresheet review."""
    stats: Callable[[Store, str | None, str | None], Screen] | None = None
    """`(store, variant, player) -> a player's statistics`; None: the scoresheet ones."""
    export_text: Callable[[Any, str], str] | None = None
    """`(exported document, format) -> text`, for the text formats the family leaves to
    the terminal UI (its rounds as they are reviewed, say)."""


def _scoresheet_table(game: Session, bots: dict[int, Bot], options: TableOptions) -> Screen:
    from dicepoker_tui.ui.scoresheet.table import TableScreen

    return TableScreen(
        game,  # type: ignore[arg-type]
        bots,  # type: ignore[arg-type]
        options.pace,
        kept=options.kept,
        coach=options.coach,
        help_to_win=options.help_to_win,
    )


def _scoresheet_rules(variant: VariantLike) -> Screen:
    from dicepoker_tui.ui.common.help import HelpScreen

    return HelpScreen(variant)  # type: ignore[arg-type]


def _scoresheet_remote(game: Any, client: Any) -> Screen:
    from dicepoker_tui.ui.net.table import NetTableScreen

    return NetTableScreen(game, client)


def _bidding_table(game: Session, bots: dict[int, Bot], options: TableOptions) -> Screen:
    from dicepoker_tui.ui.bidding.table import BiddingTableScreen

    return BiddingTableScreen(game, bots, options.pace, kept=options.kept)  # type: ignore[arg-type]


def _bidding_rules(variant: VariantLike) -> Screen:
    from dicepoker_tui.ui.bidding.help import BiddingHelpScreen

    return BiddingHelpScreen(variant)  # type: ignore[arg-type]


def _bidding_remote(game: Any, client: Any) -> Screen:
    from dicepoker_tui.ui.net.bidding_table import NetBiddingTableScreen

    return NetBiddingTableScreen(game, client)


def _bidding_review(store: Store, game_id: int) -> Screen:
    from dicepoker_tui.ui.bidding.review import BiddingReviewScreen

    record = store.game(game_id)
    return BiddingReviewScreen(
        family_of(record.variant).load(store, game_id).events, store, game_id
    )


def _bidding_stats(store: Store, variant: str | None, player: str | None) -> Screen:
    from dicepoker_tui.ui.bidding.stats import BiddingStatsScreen

    return BiddingStatsScreen(store, variant, player)


def _bidding_text(doc: Any, fmt: str) -> str:
    from dicepoker_tui.ui.bidding.text import review_text

    variant = family_of(doc.variant).variant(doc.variant)
    return review_text(list(doc.events), variant).plain  # type: ignore[arg-type]


_VIEWS: dict[str, FamilyViews] = {
    "scoresheet": FamilyViews(
        _scoresheet_table, _scoresheet_rules, remote_table=_scoresheet_remote
    ),
    "bidding": FamilyViews(
        _bidding_table,
        _bidding_rules,
        remote_table=_bidding_remote,
        review=_bidding_review,
        stats=_bidding_stats,
        export_text=_bidding_text,
    ),
}


def register_views(family_id: str, views: FamilyViews) -> None:
    """Show the games of family `family_id` with `views`."""
    _VIEWS[family_id] = views


def unregister_views(family_id: str) -> None:
    _VIEWS.pop(family_id, None)


def export_text(doc: Any, fmt: str) -> str:
    """An exported game in a text format its family leaves to the terminal UI."""
    views = views_for(doc.variant)
    if views.export_text is None:
        raise KeyError(f"no {fmt} export for {doc.variant}")
    return views.export_text(doc, fmt)


def review_screen(store: Store, game_id: int) -> Screen:
    """The review of stored game `game_id`, whatever its family (`StoreError`,
    `GameNotFound` or `KeyError` when it cannot be shown)."""
    review = views_for(store.game(game_id).variant).review
    if review is not None:
        return review(store, game_id)
    from dicepoker_tui.ui.history.review import ReviewScreen

    return ReviewScreen.from_store(store, game_id)


def stats_screen(store: Store, variant: str | None, player: str | None) -> Screen:
    """A player's statistics in `variant`, on the screen of the variant's family."""
    try:
        stats = views_for(variant).stats if variant else None
    except KeyError:  # a variant no family plays: the scoresheet screen says so
        stats = None
    if stats is not None:
        return stats(store, variant, player)
    from dicepoker_tui.ui.history.stats import StatsScreen

    return StatsScreen(store, variant=variant, player=player)


def views_for(variant_id: str) -> FamilyViews:
    """The views of the family that plays `variant_id` (KeyError: no screens for it)."""
    family = family_of(variant_id).id
    try:
        return _VIEWS[family]
    except KeyError:
        raise KeyError(f"no screens for the {family} family") from None
