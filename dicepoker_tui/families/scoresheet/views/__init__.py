"""Scoresheet games (Yahtzee, Yatzy, dice poker) at the table: the table and result
screens, their widgets, hints, coach, bots, and the keeper that records them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from dicepoker_tui.family import Bot, VariantLike
from dicepoker_tui.ui.views import FamilyViews, TableOptions

if TYPE_CHECKING:
    from dicepoker_tui.engine.session import Session
    from dicepoker_tui.store import Store


def _scoresheet_table(game: Session, bots: dict[int, Bot], options: TableOptions) -> Screen:
    from dicepoker_tui.families.scoresheet.views.table import TableScreen

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

    return HelpScreen(variant)


def _scoresheet_remote(game: Any, client: Any) -> Screen:
    from dicepoker_tui.families.scoresheet.views.shared_table import NetTableScreen

    return NetTableScreen(game, client)


def _review(store: Store, game_id: int) -> Screen:
    from dicepoker_tui.families.scoresheet.views.review import ReviewScreen

    return ReviewScreen.from_store(store, game_id)


def _stats(store: Store, variant: str | None, player: str | None) -> Screen:
    from dicepoker_tui.families.scoresheet.views.stats import StatsScreen

    return StatsScreen(store, variant=variant, player=player)


def _export_text(doc: Any, fmt: str) -> str:
    if fmt != "svg":
        raise KeyError(f"no {fmt} export for {doc.variant}")
    from dicepoker_tui.families.scoresheet.views.svg_export import render_svg

    return render_svg(doc)


VIEWS = FamilyViews(
    _scoresheet_table,
    _scoresheet_rules,
    remote_table=_scoresheet_remote,
    review=_review,
    stats=_stats,
    export_text=_export_text,
)
