"""Statistics of one player in one variant: record, box averages, bonuses, totals chart."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Select, Sparkline, Static

from dicepoker_tui.store import GameRecord, PlayerStats, Store, StoreError
from dicepoker_tui.ui.review_text import five_of_a_kind_label, players_text, time_zone, when
from dicepoker_tui.ui.sheet_model import ordinal
from dicepoker_tui.ui.widgets.charts import BoxAverages, TotalsChart
from dicepoker_tui.variants import all_variants, get_variant

BEST_GAMES = 10
NOBODY = "-"
"""The player choice when nobody has finished a game of the variant."""


class StatsScreen(Screen[None]):
    """A player's figures in a variant; the selects (or v, p) choose whom and what."""

    DEFAULT_CSS = """
    StatsScreen #stats-title { height: 1; background: $boost; text-style: bold; padding: 0 1; }
    StatsScreen #stats-filters { height: 1; margin: 1 0 0 0; padding-left: 1; }
    StatsScreen #stats-filters > Select { width: 28; margin-right: 2; }
    StatsScreen #stats-body { height: 1fr; }
    StatsScreen #stats-panels { height: auto; }
    StatsScreen #stats-best {
        height: auto; max-height: 14; border: round $primary; margin-bottom: 1;
    }
    StatsScreen #stats-left { width: 1fr; height: auto; }
    StatsScreen #stats-right { width: 1fr; height: auto; }
    StatsScreen .stats-panel { height: auto; border: round $primary; padding: 0 1; }
    StatsScreen #stats-trend-box { height: auto; border: round $primary; padding: 0 1; }
    StatsScreen Sparkline { height: 1; }
    StatsScreen.-tall Sparkline { height: 4; }
    StatsScreen #stats-empty { padding: 1 2; display: none; }
    StatsScreen.-empty #stats-body { display: none; }
    StatsScreen.-empty #stats-empty { display: block; }
    """

    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    BINDINGS = [
        Binding("v", "choose('stats-variant')", "Variant"),
        Binding("p", "choose('stats-player')", "Player"),
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),
    ]

    variant: reactive[str] = reactive("", init=False)
    player: reactive[str | None] = reactive(None, init=False)

    def __init__(self, store: Store, variant: str | None = None, player: str | None = None):
        super().__init__()
        self.store = store
        self.set_reactive(StatsScreen.variant, variant or self._busiest_variant())
        names = self._names(self.variant)
        if player is None or player.casefold() not in {n.casefold() for n in names}:
            player = names[0] if names else None
        self.set_reactive(StatsScreen.player, player)
        self.figures: PlayerStats | None = None
        self.best: list[GameRecord] = []

    def _busiest_variant(self) -> str:
        """The variant of the latest finished game (or the first variant)."""
        try:
            latest = self.store.finished(limit=1)
        except StoreError:
            latest = []
        return latest[0].variant if latest else all_variants()[0].id

    def _names(self, variant: str) -> list[str]:
        try:
            return self.store.player_names(variant)
        except StoreError:
            return []

    def _player_options(self) -> list[tuple[str, str]]:
        names = self._names(self.variant)
        return [(n, n) for n in names] or [("nobody yet", NOBODY)]

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="stats-title")
        with Horizontal(id="stats-filters"):
            yield Select(
                [(v.name, v.id) for v in all_variants()],
                value=self.variant,
                allow_blank=False,
                compact=True,
                id="stats-variant",
            )
            yield Select(
                self._player_options(),
                value=self.player or NOBODY,
                allow_blank=False,
                compact=True,
                id="stats-player",
            )
        with VerticalScroll(id="stats-body"):
            with Horizontal(id="stats-panels"):
                with Vertical(id="stats-left"):
                    record = Static(id="stats-record", classes="stats-panel")
                    record.border_title = "Record"
                    yield record
                    chart = Vertical(TotalsChart(id="stats-chart"), classes="stats-panel")
                    chart.border_title = "Totals"
                    yield chart
                with Vertical(id="stats-right"):
                    boxes = Vertical(BoxAverages(id="stats-boxes"), classes="stats-panel")
                    boxes.border_title = "Average per box"
                    yield boxes
                    trend = Vertical(Sparkline(id="stats-trend"), id="stats-trend-box")
                    trend.border_title = "Totals, oldest to newest"
                    yield trend
            best: DataTable[Text] = DataTable(cursor_type="row", id="stats-best")
            best.border_title = "Best games (⏎ reviews one)"
            yield best
        yield Static(id="stats-empty")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.load()

    def on_resize(self) -> None:
        self.query_one(TotalsChart).max_bins = max(8, min(30, self.size.height - 16))

    # -- figures --------------------------------------------------------------------------
    def load(self) -> None:
        self.figures = None
        if self.player is not None:
            try:
                self.figures = self.store.stats(self.player, self.variant)
            except StoreError as exc:
                self.notify(str(exc), severity="error", timeout=6)
        figures = self.figures
        title = Text()
        title.append("Statistics", style="bold")
        title.append(f"  {get_variant(self.variant).name}")
        if self.player is not None:
            title.append(f" · {self.player}")
        self.query_one("#stats-title", Static).update(title)
        empty = figures is None or figures.games == 0
        self.set_class(empty, "-empty")
        if empty:
            self.query_one("#stats-empty", Static).update(
                Text(
                    f"No finished game of {get_variant(self.variant).name} yet"
                    + (f" for {self.player}." if self.player else "."),
                    style="italic",
                )
            )
            return
        assert figures is not None
        self.query_one("#stats-record", Static).update(self._record(figures))
        variant = get_variant(self.variant)
        self.query_one(BoxAverages).show(
            [(variant.label(box), figures.box_average.get(box)) for box in variant.box_ids]
        )
        chart = self.query_one(TotalsChart)
        chart.max_bins = max(8, min(30, self.size.height - 16))
        chart.totals = figures.totals
        self.query_one(Sparkline).data = [float(t) for t in figures.totals]
        self._show_best()

    def _show_best(self) -> None:
        """The player's best games in the variant; enter opens the review of one."""
        assert self.player is not None
        try:
            self.best = self.store.finished(
                variant=self.variant, player=self.player, sort="score", limit=BEST_GAMES
            )
        except StoreError:
            self.best = []
        table = self.query_one("#stats-best", DataTable)
        table.clear(columns=True)
        for label, justify in (("#", "right"), ("Date", "left"), ("Total", "right")):
            table.add_column(Text(label, style="bold", justify=justify), key=label)
        table.add_column(Text("Place", style="bold"), key="place")
        table.add_column(Text("Players", style="bold"), key="players")
        me = self.player.casefold()
        for game in self.best:
            mine = next(p for p in game.players if p.name.casefold() == me)
            seats = len(game.players)
            place = "solo" if seats == 1 else f"{ordinal(mine.place or 0)} of {seats}"
            table.add_row(
                Text(str(game.id), style="dim", justify="right"),
                Text(when(game.started_at, time_zone(self))),
                Text(str(mine.total), style="bold", justify="right"),
                Text(place),
                Text(players_text(game)),
                key=str(game.id),
            )

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        from dicepoker_tui.ui.screens.review import ReviewScreen

        if not 0 <= event.cursor_row < len(self.best):
            return
        game = self.best[event.cursor_row]
        try:
            screen = ReviewScreen.from_store(self.store, game.id)
        except (StoreError, ValueError) as exc:
            self.notify(f"Game {game.id} cannot be opened: {exc}", severity="error", timeout=6)
            return
        self.app.push_screen(screen)

    def _record(self, figures: PlayerStats) -> Table:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="dim")
        grid.add_column(justify="right", style="bold")
        grid.add_row("Games", f"{figures.games:,}")
        if figures.contests:
            rate = figures.win_rate or 0.0
            grid.add_row("Wins", f"{figures.wins:,} of {figures.contests:,} ({rate:.0%})")
        else:
            grid.add_row("Wins", "— (solo games only)")
        grid.add_row("Mean total", f"{figures.mean:.1f}" if figures.mean is not None else "—")
        grid.add_row("Best total", str(figures.best))
        grid.add_row("Worst total", str(figures.worst))
        grid.add_row(five_of_a_kind_label(self.variant), f"{figures.five_of_a_kind:,}")
        labels = get_variant(self.variant).bonus_labels
        for bonus, rate in figures.bonus_rate.items():
            label = labels.get(bonus, bonus.replace("_", " ").capitalize())
            grid.add_row(f"{label} rate", f"{rate:.0%}")
        return grid

    # -- choosing -------------------------------------------------------------------------
    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        value = str(event.value)
        if event.select.id == "stats-variant" and value != self.variant:
            self.variant = value
        elif event.select.id == "stats-player":
            self.player = None if value == NOBODY else value

    def watch_variant(self) -> None:
        names = self._names(self.variant)
        keep = self.player if self.player in names else (names[0] if names else None)
        players = self.query_one("#stats-player", Select)
        players.set_options(self._player_options())
        players.value = keep or NOBODY
        if keep == self.player:
            self.load()
        else:
            self.player = keep

    def watch_player(self) -> None:
        self.load()

    def action_choose(self, select_id: str) -> None:
        select = self.query_one(f"#{select_id}", Select)
        select.focus()
        select.action_show_overlay()

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.dismiss(None)
        else:  # the first screen of `dicepoker review`
            self.app.exit()
