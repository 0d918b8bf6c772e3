"""Which screens show a family's games: its table, its rules, and the app that opens
straight at its table (`dicepoker play`). The built-in families' views are listed here;
a family of a test or a plug-in adds its own with `register_views`.

The app asks these instead of naming a family: `views_for(variant_id).table(...)`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from dicepoker_tui.families import Bot, VariantLike, family_of

if TYPE_CHECKING:
    from textual.app import App

    from dicepoker_tui.engine.session import Session

TableFactory = Callable[["App[Any]", "Session", dict[int, Bot], dict[int, float] | None], Screen]
"""`(app, game, bots, coach) -> the table screen` (coach: seat → threshold, or None)."""


@dataclass(frozen=True)
class FamilyViews:
    """The screens of one family."""

    table: TableFactory
    rules: Callable[[VariantLike], Screen]
    kept_by_app: bool = True
    """Whether the app's keeper records the game (else the table keeps its own record)."""
    app: Callable[[], type] | None = None
    """The app class `dicepoker play` opens for this family (None: the usual one)."""
    remote_table: Callable[[Any, Any], Screen] | None = None
    """`(mirrored game, hub client) -> the shared table screen` on the game server."""


def _scoresheet_table(
    app: App[Any], game: Session, bots: dict[int, Bot], coach: dict[int, float] | None
) -> Screen:
    from dicepoker_tui.ui.scoresheet.table import TableScreen

    kept = bool(getattr(app, "keeps_games", False))
    pace = float(getattr(app, "bot_pace", 0.5))
    return TableScreen(game, bots, pace, kept=kept, coach=coach)  # type: ignore[arg-type]


def _scoresheet_rules(variant: VariantLike) -> Screen:
    from dicepoker_tui.ui.common.help import HelpScreen

    return HelpScreen(variant)  # type: ignore[arg-type]


def _bidding_table(
    app: App[Any], game: Session, bots: dict[int, Bot], coach: dict[int, float] | None
) -> Screen:
    from dicepoker_tui.ui.bidding.flow import record_bidding
    from dicepoker_tui.ui.bidding.table import BiddingTableScreen

    pace = float(getattr(app, "bot_pace", 0.6))
    return BiddingTableScreen(game, bots, pace, recorder=record_bidding(app, game))  # type: ignore[arg-type]


def _bidding_rules(variant: VariantLike) -> Screen:
    from dicepoker_tui.ui.bidding.help import BiddingHelpScreen

    return BiddingHelpScreen(variant)  # type: ignore[arg-type]


def _scoresheet_remote(game: Any, client: Any) -> Screen:
    from dicepoker_tui.ui.net.table import NetTableScreen

    return NetTableScreen(game, client)


def _bidding_remote(game: Any, client: Any) -> Screen:
    from dicepoker_tui.ui.net.bidding_table import NetBiddingTableScreen

    return NetBiddingTableScreen(game, client)


def _bidding_app() -> type:
    from dicepoker_tui.ui.bidding.app import BiddingApp

    return BiddingApp


_VIEWS: dict[str, FamilyViews] = {
    "scoresheet": FamilyViews(
        _scoresheet_table, _scoresheet_rules, remote_table=_scoresheet_remote
    ),
    "bidding": FamilyViews(
        _bidding_table,
        _bidding_rules,
        kept_by_app=False,
        app=_bidding_app,
        remote_table=_bidding_remote,
    ),
}


def register_views(family_id: str, views: FamilyViews) -> None:
    """Show the games of family `family_id` with `views`."""
    _VIEWS[family_id] = views


def unregister_views(family_id: str) -> None:
    _VIEWS.pop(family_id, None)


def views_for(variant_id: str) -> FamilyViews:
    """The views of the family that plays `variant_id` (KeyError: no screens for it)."""
    family = family_of(variant_id).id
    try:
        return _VIEWS[family]
    except KeyError:
        raise KeyError(f"no screens for the {family} family") from None
