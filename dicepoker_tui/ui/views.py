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
    store: Store | None = None
    """The history, for a table that keeps its own record (None: games are not kept)."""
    notice: Callable[[str], None] = print
    """How the table tells the player that the history failed."""


TableFactory = Callable[["Session", dict[int, Bot], TableOptions], Screen]


@dataclass(frozen=True)
class FamilyViews:
    """The screens of one family."""

    table: TableFactory
    rules: Callable[[VariantLike], Screen]
    kept_by_app: bool = True
    """Whether the app's keeper records the game (else the table keeps its own record)."""
    remote_table: Callable[[Any, Any], Screen] | None = None
    """`(mirrored game, hub client) -> the shared table screen` on the game server."""


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

    recorder = record(game, options.store, options.notice)
    return BiddingTableScreen(game, bots, options.pace, recorder=recorder)  # type: ignore[arg-type]


def _bidding_rules(variant: VariantLike) -> Screen:
    from dicepoker_tui.ui.bidding.help import BiddingHelpScreen

    return BiddingHelpScreen(variant)  # type: ignore[arg-type]


def _bidding_remote(game: Any, client: Any) -> Screen:
    from dicepoker_tui.ui.net.bidding_table import NetBiddingTableScreen

    return NetBiddingTableScreen(game, client)


def record(game: Session, store: Store | None, notice: Callable[[str], None]) -> Any:
    """Keep `game` in `store` as it is played (a Recorder), or None when it cannot be."""
    from dicepoker_tui.i18n import _

    if store is None:
        return None
    try:
        return family_of(game.state.variant).recorder(store, game, on_error=notice)
    except Exception as exc:  # the history never stops a game
        notice(_("The game cannot be kept in the history: {error}").format(error=exc))
        return None


_VIEWS: dict[str, FamilyViews] = {
    "scoresheet": FamilyViews(
        _scoresheet_table, _scoresheet_rules, remote_table=_scoresheet_remote
    ),
    "bidding": FamilyViews(
        _bidding_table, _bidding_rules, kept_by_app=False, remote_table=_bidding_remote
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
