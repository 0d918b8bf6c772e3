"""Which screens show a family's games: its table, its rules, its shared table on the
game server, its review and statistics. A family package gives them as `VIEWS` in its
`views` package (`dicepoker_tui.families.<id>.views`), found on first use; a family of a
test or a plug-in may add its own with `register_views`.

The app asks these instead of naming a family: `views_for(variant_id).table(...)`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from dicepoker_tui.families import part as families_part
from dicepoker_tui.family import Bot, VariantLike, families, family_of

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
    family's games are not reviewed."""
    stats: Callable[[Store, str | None, str | None], Screen] | None = None
    """`(store, variant, player) -> a player's statistics`; None: no statistics."""
    export_text: Callable[[Any, str], str] | None = None
    """`(exported document, format) -> text`, for the text formats the family leaves to
    the terminal UI (its rounds as they are reviewed, say)."""


_VIEWS: dict[str, FamilyViews] = {}


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
    variant = store.game(game_id).variant
    review = views_for(variant).review
    if review is None:
        raise KeyError(f"no review of {variant} games")
    return review(store, game_id)


def stats_screen(store: Store, variant: str | None, player: str | None) -> Screen:
    """A player's statistics in `variant`, on the screen of the variant's family (for a
    variant no family plays, or none, the first family's screen, which says so)."""
    try:
        views = views_for(variant) if variant else None
    except KeyError:
        views = None
    if views is None or views.stats is None:
        views = next((v for v in map(_views_of, (f.id for f in families())) if v and v.stats), None)
    if views is None or views.stats is None:
        raise KeyError("no family keeps statistics")
    return views.stats(store, variant, player)


def _views_of(family: str) -> FamilyViews | None:
    """The views of `family`: registered, or the `VIEWS` of its package (None: none)."""
    if family not in _VIEWS:
        views = getattr(families_part(family, "views"), "VIEWS", None)
        if isinstance(views, FamilyViews):
            _VIEWS[family] = views
    return _VIEWS.get(family)


def views_for(variant_id: str) -> FamilyViews:
    """The views of the family that plays `variant_id` (KeyError: no screens for it)."""
    family = family_of(variant_id).id
    views = _views_of(family)
    if views is None:
        raise KeyError(f"no screens for the {family} family")
    return views
