"""Kept games: the unfinished ones to resume, or the finished ones to look back at."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from dicepoker_tui.family import KeptGame, get_variant
from dicepoker_tui.i18n import _, ngettext, shown_name
from dicepoker_tui.store import GameRecord
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.common.text import shorten

Mode = Literal["resume", "history"]


def _variant_name(variant_id: str) -> str:
    try:
        return get_variant(variant_id).display_name
    except KeyError:
        return variant_id


def _players(record: GameRecord, finished: bool) -> str:
    parts = []
    for p in record.players:
        name = f"{shown_name(p.name)}*" if p.kind == "bot" else shown_name(p.name)
        parts.append(f"{name} {p.total}" if finished and p.total is not None else name)
    return ", ".join(parts)


SHORTEST = (2, 10, 10, 12, 5)
"""The narrowest each column gets: #, started, variant, players, round or winner."""


def fit_columns(headers: Sequence[str], rows: Sequence[Sequence[str]], width: int) -> list[int]:
    """Column widths that fit `width` cells (each column has one cell of padding either
    side): every column as wide as its widest cell, the players and the variant cut first."""
    widths = [max([cell_len(h)] + [cell_len(r[i]) for r in rows]) for i, h in enumerate(headers)]
    room = width - 2 * len(widths) - 2  # padding and the scrollbar
    for column in (3, 2, 4, 1):  # players, variant, last, date
        over = sum(widths) - room
        if over <= 0:
            break
        widths[column] = max(SHORTEST[column], widths[column] - over)
    return widths


Listed = GameRecord | KeptGame
"""A finished game (the history) or an unfinished one of any family (resume)."""


def _record(listed: Listed) -> GameRecord:
    return listed.record if isinstance(listed, KeptGame) else listed


def _key(listed: Listed) -> str:
    return listed.key if isinstance(listed, KeptGame) else str(listed.id)


class GamesScreen(Screen[Listed | None]):
    """A list of kept games; enter picks one (it is the result)."""

    BINDINGS = [
        Binding("enter", "pick", "Open", key_display="⏎", priority=True),  # shown in the footer
        Binding("x", "abandon", "Drop"),
        Binding("delete", "abandon", "Drop", show=False),
        Binding("escape", "back", "Back"),
    ]

    def __init__(
        self,
        mode: Mode,
        games: Sequence[Listed],
        abandon: Callable[[KeptGame], object] | None = None,
    ) -> None:
        super().__init__()
        self.mode = mode
        self.games = list(games)
        self.abandon = abandon
        """Drops a game from the resume list (x), when the list offers that."""

    @property
    def records(self) -> list[GameRecord]:
        """The records of the games the list holds now."""
        return [_record(g) for g in self.games]

    def header_text(self) -> str:
        """The header, counting the games the list holds now."""
        n = len(self.games)
        if self.mode == "resume":
            return ngettext(
                "Resume — {n} unfinished game", "Resume — {n} unfinished games", n
            ).format(n=n)
        return ngettext(
            "History — the last {n} finished game", "History — the last {n} finished games", n
        ).format(n=n)

    def compose(self) -> ComposeResult:
        yield Static(self.header_text(), id="games-title", classes="screen-title")
        yield DataTable(cursor_type="row", id="games-table")
        yield Static(id="games-empty")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        finished = self.mode == "history"
        headers = ["#", _("started"), _("variant"), _("players (* bot)")]
        headers.append(_("winner") if finished else _("round"))
        rows = []
        for listed in self.games:
            record = _record(listed)
            started = record.started_at.astimezone().strftime("%Y-%m-%d %H:%M")
            if finished:
                last = ", ".join(record.winners)
            else:
                round_no = listed.round if isinstance(listed, KeptGame) else None
                last = "·" if round_no is None else str(round_no)
            variant = _variant_name(record.variant)
            rows.append([str(record.id), started, variant, _players(record, finished), last])
        widths = fit_columns(headers, rows, self.app.size.width)
        for header, width in zip(headers, widths, strict=True):
            table.add_column(shorten(header, width), width=width)
        for listed, row in zip(self.games, rows, strict=True):
            cells = [shorten(cell, width) for cell, width in zip(row, widths, strict=True)]
            table.add_row(*cells, key=_key(listed))
        if self.games:
            self.query_one("#games-empty", Static).display = False
        else:
            self._show_empty()
        table.focus()

    def _show_empty(self) -> None:
        what = _("No unfinished games.") if self.mode == "resume" else _("No finished games yet.")
        empty = self.query_one("#games-empty", Static)
        empty.update(Text(f"\n  {what}  {_('escape goes back.')}", style="dim"))
        empty.display = True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "abandon":
            return self.mode == "resume"
        return True

    def _picked(self) -> Listed | None:
        table = self.query_one(DataTable)
        if not self.games or table.cursor_row < 0:
            return None
        return self.games[table.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_pick()

    def action_pick(self) -> None:
        picked = self._picked()
        if picked is None:
            self.notify(_("Nothing to open."), severity="warning", timeout=2)
            return
        self.dismiss(picked)

    def action_abandon(self) -> None:
        picked = self._picked()
        if not isinstance(picked, KeptGame) or self.abandon is None:
            return
        self.abandon(picked)
        table = self.query_one(DataTable)
        table.remove_row(picked.key)
        self.games = [g for g in self.games if g is not picked]
        self.query_one("#games-title", Static).update(self.header_text())
        if not self.games:
            self._show_empty()
        self.notify(
            _("Game {id} dropped from the resume list (it stays in the history).").format(
                id=picked.record.id
            )
        )

    def action_back(self) -> None:
        self.dismiss(None)
