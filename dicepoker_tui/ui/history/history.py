"""History: the finished games, newest (or best) first, a page at a time.

Filters (variant, player) and the order are kept by the screen and turned into one
`Store.finished(..., limit=, offset=)` query per page, so a history of ten thousand games
lists as fast as one of ten. Enter opens the review of the highlighted game.
"""

from __future__ import annotations

from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static

from dicepoker_tui.engine.names import plain
from dicepoker_tui.family import all_variants
from dicepoker_tui.i18n import N_, _, ngettext, pgettext, shown_name
from dicepoker_tui.store import GameRecord, Store, StoreError
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.history.choose import ChoiceScreen, filter_labels, show_filter_labels
from dicepoker_tui.ui.history.review_text import (
    ellipsize,
    number,
    players_text,
    time_zone,
    variant_name,
    when,
    winners_text,
)
from dicepoker_tui.ui.views import review_screen, stats_screen

PAGE_SIZE = 50
ALL = "*"
"""The value of the "every variant" and "everyone" choices."""

SortKey = Literal["date", "score"]
SORTS: dict[SortKey, str] = {"date": N_("Newest first"), "score": N_("Best first")}


class HistoryScreen(Screen[None]):
    """The list of finished games; the store is the app's."""

    DEFAULT_CSS = """
    HistoryScreen #history-title { height: 1; background: $boost; text-style: bold; padding: 0 1; }
    HistoryScreen #history-filters { height: 1; margin: 1 0 1 0; padding-left: 1; }
    HistoryScreen #history-filters > Button { width: auto; min-width: 0; margin-right: 3; }
    HistoryScreen #history-games { height: 1fr; width: 1fr; }
    HistoryScreen #history-empty { height: 1fr; padding: 1 2; display: none; }
    HistoryScreen.-empty #history-games { display: none; }
    HistoryScreen.-empty #history-empty { display: block; }
    """

    BINDINGS = [
        Binding("enter", "review", "Review", key_display="⏎", priority=True),
        Binding("right", "page(1)", "Page", key_display="←→", priority=True),
        Binding("left", "page(-1)", "Previous page", show=False, priority=True),
        Binding("o", "sort", "Sort"),
        Binding("v", "choose_variant", "Variant"),
        Binding("p", "choose_player", "Player"),
        Binding("s", "stats", "Stats"),
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),
    ]

    variant: reactive[str | None] = reactive(None, init=False)
    player: reactive[str | None] = reactive(None, init=False)
    sort: reactive[SortKey] = reactive("date", init=False)

    def __init__(self, store: Store, variant: str | None = None, player: str | None = None):
        super().__init__()
        self.store = store
        self.set_reactive(HistoryScreen.variant, variant)
        self.set_reactive(HistoryScreen.player, player)
        self.page = 0
        """The page shown, from 0."""
        self.total = 0
        self._filled_width = 0
        self._resumed = False
        self.games: list[GameRecord] = []

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="history-title")
        with Horizontal(id="history-filters"):
            variant, player, sort = self._labels()
            yield Button(variant, compact=True, id="history-variant")
            yield Button(player, compact=True, id="history-player")
            yield Button(sort, compact=True, id="history-sort")
        table: DataTable[Text | str] = DataTable(cursor_type="row", id="history-games")
        yield table
        yield Static(id="history-empty")
        yield KeysFooter(palette="fit")

    def on_mount(self) -> None:
        self.load()
        self.query_one("#history-games", DataTable).focus()

    def on_resize(self) -> None:
        if self.is_mounted and self.size.width != self._filled_width:
            self._fill_table()

    def on_screen_resume(self) -> None:
        if self._resumed:  # back from a review: a game may have ended meanwhile
            self.load()
        self._resumed = True

    def _labels(self) -> list[Text]:
        """The three filter buttons' labels, cut to fit the width together."""
        shown = variant_name(self.variant) if self.variant else pgettext("variants", "all")
        return filter_labels(
            self.app.size.width,
            [
                ("v", _("Variant"), shown),
                (
                    "p",
                    _("Player"),
                    shown_name(self.player) if self.player else pgettext("players", "all"),
                ),
                ("o", _("Order"), _(SORTS[self.sort]).lower()),
            ],
        )

    def _show_labels(self) -> None:
        buttons = ("#history-variant", "#history-player", "#history-sort")
        show_filter_labels(self, buttons, self._labels())

    # -- loading --------------------------------------------------------------------------
    @property
    def pages(self) -> int:
        return max(1, -(-self.total // PAGE_SIZE))

    def load(self) -> None:
        """Count the games that match, then read the page shown (clamped to the last)."""
        try:
            self.total = self.store.count_finished(self.variant, self.player)
            self.page = page = max(0, min(self.page, self.pages - 1))
            self.games = self.store.finished(
                variant=self.variant,
                player=self.player,
                sort=self.sort,
                limit=PAGE_SIZE,
                offset=page * PAGE_SIZE,
            )
        except StoreError as exc:
            self.total, self.games = 0, []
            self.notify(str(exc), severity="error", timeout=6)
        self._fill_table()

    def _fill_table(self) -> None:
        table = self.query_one("#history-games", DataTable)
        keep = table.cursor_row if table.row_count else 0
        table.clear(columns=True)
        width = self._filled_width = self.size.width or 80
        wide = width >= 110
        score_key = "Score" if self.player is None else ellipsize(shown_name(self.player), 8)
        score_label = _("Score") if self.player is None else score_key
        # (key, header, width, justify); the keys stay English.
        columns = [
            ("#", "#", 6, "right"),
            ("Date", _("Date"), 16 if wide else 10, "left"),
            ("Variant", _("Variant"), 22 if wide else 14, "left"),
            (score_key, score_label, 6, "right"),
            ("Winner", _("Winner"), 24 if wide else 13, "left"),
        ]
        # What is left goes to the players: cell padding 2 a column, 2 for the scrollbar.
        rest = max(12, width - sum(column[2] + 2 for column in columns) - 2 - 2)
        columns.append(("Players", _("Players"), rest, "left"))
        for key, label, w, justify in columns:
            table.add_column(Text(label, style="bold", justify=justify), width=w, key=key)
        widths = [column[2] for column in columns]
        for game in self.games:
            table.add_row(*self._cells(game, widths, wide), key=str(game.id))
        if self.games:
            table.move_cursor(row=min(keep, len(self.games) - 1), animate=False)
        self._show_title()
        empty = not self.games
        self.set_class(empty, "-empty")
        if empty:
            self.query_one("#history-empty", Static).update(self._empty_text())

    def _cells(self, game: GameRecord, widths: list[int], wide: bool) -> list[Text]:
        score: int | str | None = game.best_total
        if self.player is not None:
            me = [p for p in game.players if p.name.casefold() == self.player.casefold()]
            score = max((p.total for p in me if p.total is not None), default=score)
            if score is None:  # no totals (a bidding game): the player's place
                place = min((p.place for p in me if p.place is not None), default=None)
                score = None if place is None else _("#{place}").format(place=place)
        if game.damaged:  # its id and why, never a made-up date or score
            return [
                Text(str(game.id), style="dim", justify="right"),
                Text("—"),
                Text(ellipsize(variant_name(game.variant), widths[2])),
                Text(""),
                Text(""),
                Text(ellipsize(plain(game.damaged), widths[5]), style="red"),
            ]
        date = when(game.started_at, time_zone(self))
        return [
            Text(str(game.id), style="dim", justify="right"),
            Text(date if wide else date[:10]),
            Text(ellipsize(variant_name(game.variant), widths[2])),
            Text("" if score is None else str(score), style="bold", justify="right"),
            Text(ellipsize(winners_text(game), widths[4])),
            Text(ellipsize(players_text(game), widths[5])),
        ]

    def _show_title(self) -> None:
        text = Text()
        text.append(_("History"), style="bold")
        count = ngettext("{n} game", "{n} games", self.total).format(n=number(self.total))
        text.append(f"  {count} · {_(SORTS[self.sort]).lower()}")
        if self.total > PAGE_SIZE:
            first = self.page * PAGE_SIZE + 1
            last = min(self.total, first + PAGE_SIZE - 1)
            page = _("page {page} of {pages}").format(page=self.page + 1, pages=self.pages)
            text.append(f" · {number(first)}–{number(last)} · {page}")
        self.query_one("#history-title", Static).update(text)

    def _empty_text(self) -> Text:
        if self.variant is None and self.player is None:
            kept = _("Every game played is kept here once it is over.")
            return Text(f"{_('No finished games yet.')}\n\n{kept}", style="italic")
        return Text(_("No finished game matches these filters."), style="italic")

    # -- filters, order, pages ------------------------------------------------------------
    def watch_variant(self) -> None:
        self._show_labels()
        self.page = 0
        self.load()

    def watch_player(self) -> None:
        self._show_labels()
        self.page = 0
        self.load()

    def watch_sort(self) -> None:
        self._show_labels()
        self.page = 0
        self.load()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        match event.button.id:
            case "history-variant":
                self.action_choose_variant()
            case "history-player":
                self.action_choose_player()
            case "history-sort":
                self.action_sort()

    def action_sort(self) -> None:
        self.sort = "score" if self.sort == "date" else "date"

    def action_page(self, delta: int) -> None:
        page = max(0, min(self.page + delta, self.pages - 1))
        if page != self.page:
            self.page = page
            self.load()
            table = self.query_one("#history-games", DataTable)
            table.move_cursor(row=0, animate=False)

    def action_choose_variant(self) -> None:
        choices = [(_("All variants"), ALL), *((v.display_name, v.id) for v in all_variants())]

        def chosen(value: str | None) -> None:
            if value is not None:
                self.variant = None if value == ALL else value

        self.app.push_screen(ChoiceScreen(_("Variant"), choices, self.variant or ALL), chosen)

    def action_choose_player(self) -> None:
        try:
            names = self.store.player_names(self.variant)
        except StoreError as exc:
            self.notify(str(exc), severity="error", timeout=6)
            return
        choices = [(_("All players"), ALL), *((shown_name(n), n) for n in names)]

        def chosen(value: str | None) -> None:
            if value is not None:
                self.player = None if value == ALL else value

        title = _("Player")
        if self.variant:
            title = _("Player ({variant})").format(variant=variant_name(self.variant))
        self.app.push_screen(ChoiceScreen(title, choices, self.player or ALL), chosen)

    # -- opening --------------------------------------------------------------------------
    @property
    def highlighted(self) -> GameRecord | None:
        table = self.query_one("#history-games", DataTable)
        if not self.games or not 0 <= table.cursor_row < len(self.games):
            return None
        return self.games[table.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_review()

    def action_review(self) -> None:
        game = self.highlighted
        if game is None:
            return
        if game.damaged:  # as `dicepoker export` says: no review with a made-up date
            message = _("Game {id} cannot be opened: {error}").format(
                id=game.id, error=plain(game.damaged)
            )
            self.notify(message, severity="error", timeout=6, markup=False)
            return
        show_review(self, self.store, game.id)

    def action_stats(self) -> None:
        game = self.highlighted
        variant = self.variant or (game.variant if game else None)
        player = self.player
        if player is None and game is not None:
            humans = [p.name for p in game.players if p.kind == "human"]
            player = (humans or [p.name for p in game.players])[0]
        self.app.push_screen(stats_screen(self.store, variant, player))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "page":
            return True if self.total > PAGE_SIZE else None
        if action == "review":  # enter on a filter button presses it
            return bool(self.games) and not isinstance(self.focused, Button)
        return True

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.dismiss(None)
        else:  # the first screen of `dicepoker review`
            self.app.exit()


def show_review(screen: Screen, store: Store, game_id: int) -> None:
    """Push the review of stored game `game_id` (any family) over `screen`, or say why it
    cannot be opened."""
    try:
        review = review_screen(store, game_id)
    except (StoreError, ValueError, KeyError) as exc:
        reason = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        message = _("Game {id} cannot be opened: {error}").format(id=game_id, error=reason)
        screen.notify(message, severity="error", timeout=6)
        return
    screen.app.push_screen(review)
