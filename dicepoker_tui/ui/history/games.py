"""Kept games: the unfinished ones to resume, or the finished ones to look back at."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from dicepoker_tui.engine.scoresheet.variants import get_variant
from dicepoker_tui.i18n import _, ngettext
from dicepoker_tui.store import GameRecord
from dicepoker_tui.ui.common.footer import KeysFooter

Mode = Literal["resume", "history"]


def _variant_name(variant_id: str) -> str:
    try:
        return get_variant(variant_id).display_name
    except KeyError:
        return variant_id


def _players(record: GameRecord, finished: bool) -> str:
    parts = []
    for p in record.players:
        name = f"{p.name}*" if p.kind == "bot" else p.name
        parts.append(f"{name} {p.total}" if finished and p.total is not None else name)
    return ", ".join(parts)


class GamesScreen(Screen[int | None]):
    """A list of kept games; enter picks one (its id is the result)."""

    BINDINGS = [
        Binding("enter", "pick", "Open", key_display="⏎", priority=True),  # shown in the footer
        Binding("x", "abandon", "Drop"),
        Binding("delete", "abandon", "Drop", show=False),
        Binding("escape", "back", "Back"),
    ]

    def __init__(
        self,
        mode: Mode,
        records: Sequence[GameRecord],
        abandon: Callable[[int], object] | None = None,
    ) -> None:
        super().__init__()
        self.mode = mode
        self.records = list(records)
        self.abandon = abandon
        """Drops a game from the resume list (x), when the list offers that."""

    def compose(self) -> ComposeResult:
        if self.mode == "resume":
            n = len(self.records)
            title = ngettext(
                "Resume — {n} unfinished game", "Resume — {n} unfinished games", n
            ).format(n=n)
        else:
            n = len(self.records)
            title = ngettext(
                "History — the last {n} finished game", "History — the last {n} finished games", n
            ).format(n=n)
        yield Static(title, classes="screen-title")
        yield DataTable(cursor_type="row", id="games-table")
        yield Static(id="games-empty")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        finished = self.mode == "history"
        table.add_columns(
            "#", _("started"), _("variant"), _("players (* bot)"), _("winner") if finished else ""
        )
        for record in self.records:
            started = record.started_at.astimezone().strftime("%Y-%m-%d %H:%M")
            last = (
                ", ".join(record.winners)
                if finished
                else _("{n} events").format(n=record.event_count)
            )
            table.add_row(
                str(record.id),
                started,
                _variant_name(record.variant),
                _players(record, finished),
                last,
                key=str(record.id),
            )
        empty = self.query_one("#games-empty", Static)
        if self.records:
            empty.display = False
        else:
            what = (
                _("No unfinished games.") if self.mode == "resume" else _("No finished games yet.")
            )
            empty.update(Text(f"\n  {what}  {_('escape goes back.')}", style="dim"))
        table.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "abandon":
            return self.mode == "resume"
        return True

    def _picked(self) -> int | None:
        table = self.query_one(DataTable)
        if not self.records or table.cursor_row < 0:
            return None
        return self.records[table.cursor_row].id

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_pick()

    def action_pick(self) -> None:
        game_id = self._picked()
        if game_id is None:
            self.notify(_("Nothing to open."), severity="warning", timeout=2)
            return
        self.dismiss(game_id)

    def action_abandon(self) -> None:
        game_id = self._picked()
        if game_id is None or self.abandon is None:
            return
        self.abandon(game_id)
        table = self.query_one(DataTable)
        table.remove_row(str(game_id))
        self.records = [r for r in self.records if r.id != game_id]
        self.notify(
            _("Game {id} dropped from the resume list (it stays in the history).").format(
                id=game_id
            )
        )

    def action_back(self) -> None:
        self.dismiss(None)
