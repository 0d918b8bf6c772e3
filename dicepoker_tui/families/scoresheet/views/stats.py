"""Statistics of one player in one variant: record, box averages, bonuses, totals chart."""

from __future__ import annotations

import statistics

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, DataTable, Sparkline, Static

from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.rules.variants import all_variants, get_variant
from dicepoker_tui.families.scoresheet.views.charts import BoxAverages, TotalsChart
from dicepoker_tui.families.scoresheet.views.review import ReviewScreen
from dicepoker_tui.families.scoresheet.views.review_steps import five_of_a_kind_label
from dicepoker_tui.families.scoresheet.views.sheet_model import ordinal
from dicepoker_tui.i18n import _, shown_name
from dicepoker_tui.store import GameRecord, PlayerStats, Store, StoreError
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.history.choose import show_filter_labels, stats_filter_labels
from dicepoker_tui.ui.history.player_screen import PlayerFiguresScreen
from dicepoker_tui.ui.history.review_text import number, players_text, time_zone, variant_name, when

BEST_GAMES = 10


class StatsScreen(PlayerFiguresScreen):
    """A player's figures in a variant; v and p (or the buttons) choose what and whom."""

    DEFAULT_CSS = """
    StatsScreen #stats-title { height: 1; background: $boost; text-style: bold; padding: 0 1; }
    StatsScreen #stats-filters { height: 1; margin: 1 0 0 0; padding-left: 1; }
    StatsScreen #stats-filters > Button { width: auto; min-width: 0; margin-right: 3; }
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
        Binding("v", "choose_variant", "Variant"),
        Binding("p", "choose_player", "Player"),
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),
    ]

    def __init__(self, store: Store, variant: str | None = None, player: str | None = None):
        super().__init__()
        self.store = store
        latest = self._latest(variant)
        self.set_reactive(StatsScreen.variant, variant or (latest.variant if latest else ""))
        if not self.variant:
            self.set_reactive(StatsScreen.variant, all_variants()[0].id)
        if player is None and latest is not None:
            humans = [p.name for p in latest.players if p.kind == "human"]
            player = (humans or [p.name for p in latest.players])[0]
        self.set_reactive(StatsScreen.player, player)
        self.figures: PlayerStats | None = None
        self.best: list[GameRecord] = []

    def _latest(self, variant: str | None) -> GameRecord | None:
        """The latest finished game (of `variant`): where the screen starts."""
        try:
            latest = self.store.finished(variant=variant, limit=1)
        except StoreError:
            return None
        return latest[0] if latest else None

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="stats-title")
        with Horizontal(id="stats-filters"):
            variant, player = self._labels()
            yield Button(variant, compact=True, id="stats-variant")
            yield Button(player, compact=True, id="stats-player")
        with VerticalScroll(id="stats-body"):
            with Horizontal(id="stats-panels"):
                with Vertical(id="stats-left"):
                    record = Static(id="stats-record", classes="stats-panel")
                    record.border_title = _("Record")
                    yield record
                    chart = Vertical(TotalsChart(id="stats-chart"), classes="stats-panel")
                    chart.border_title = _("Totals")
                    yield chart
                with Vertical(id="stats-right"):
                    boxes = Vertical(BoxAverages(id="stats-boxes"), classes="stats-panel")
                    boxes.border_title = _("Average per box")
                    yield boxes
                    # Each cell is the mean of the games it covers (the default, max, hides dips).
                    spark = Sparkline(summary_function=statistics.fmean, id="stats-trend")
                    trend = Vertical(spark, id="stats-trend-box")
                    trend.border_title = _("Totals, oldest to newest")
                    yield trend
            best: DataTable[Text] = DataTable(cursor_type="row", id="stats-best")
            best.border_title = _("Best games (⏎ reviews one)")
            yield best
        yield Static(id="stats-empty")
        yield KeysFooter(palette="fit")

    def on_mount(self) -> None:
        self.load()

    def on_resize(self) -> None:
        self.query_one(TotalsChart).max_bins = max(8, min(30, self.size.height - 16))

    def _labels(self) -> list[Text]:
        """The two filter buttons' labels, cut to fit the width together."""
        return stats_filter_labels(self.app.size.width, self.variant, self.player)

    def _show_labels(self) -> None:
        show_filter_labels(self, ("#stats-variant", "#stats-player"), self._labels())

    # -- figures --------------------------------------------------------------------------
    def load(self) -> None:
        self.figures = None
        if self.player is not None:
            try:
                self.figures = scoresheet_games(self.store).stats(self.player, self.variant)
            except StoreError as exc:
                self.notify(str(exc), severity="error", timeout=6)
        figures = self.figures
        title = Text()
        title.append(_("Statistics"), style="bold")
        title.append(f"  {variant_name(self.variant)}")
        if self.player is not None:
            title.append(f" · {shown_name(self.player)}")
        self.query_one("#stats-title", Static).update(title)
        empty = figures is None or figures.games == 0
        self.set_class(empty, "-empty")
        if empty:
            name = variant_name(self.variant)
            if self.player is None:
                message = _("No finished game of {variant} yet.").format(variant=name)
            else:
                message = _(
                    "No finished game of {variant} for {player}. p picks another player."
                ).format(variant=name, player=shown_name(self.player))
            self.query_one("#stats-empty", Static).update(Text(message, style="italic"))
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
        for key, label, justify in (
            ("#", "#", "right"),
            ("Date", _("Date"), "left"),
            ("Total", _("Total"), "right"),
        ):
            table.add_column(Text(label, style="bold", justify=justify), key=key)
        table.add_column(Text(_("Place"), style="bold"), key="place")
        table.add_column(Text(_("Players"), style="bold"), key="players")
        me = self.player.casefold()
        for game in self.best:
            mine = next(p for p in game.players if p.name.casefold() == me)
            seats = len(game.players)
            place = (
                _("solo")
                if seats == 1
                else _("{place} of {seats}").format(place=ordinal(mine.place or 0), seats=seats)
            )
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
        if not 0 <= event.cursor_row < len(self.best):
            return
        game = self.best[event.cursor_row]
        ReviewScreen.show_game(self, self.store, game.id)

    def _record(self, figures: PlayerStats) -> Table:
        grid = Table.grid(padding=(0, 2))
        # a narrow panel wraps a long label or value at a space, never cutting a word
        grid.add_column(style="dim", overflow="fold")
        grid.add_column(justify="right", style="bold", overflow="fold")
        grid.add_row(_("Games"), number(figures.games))
        if figures.contests:
            rate = figures.win_rate or 0.0
            wins = _("{wins} of {games}").format(
                wins=number(figures.wins), games=number(figures.contests)
            )
            grid.add_row(_("Wins"), wins)
            grid.add_row(_("Win rate"), f"{rate:.0%}")
        else:
            grid.add_row(_("Wins"), _("solo games only"))
        mean = f"{figures.mean:.1f}" if figures.mean is not None else "—"
        grid.add_row(_("Mean total"), mean)
        grid.add_row(_("Best / worst"), f"{figures.best} / {figures.worst}")
        grid.add_row(five_of_a_kind_label(self.variant), number(figures.five_of_a_kind))
        variant = get_variant(self.variant)
        for bonus, rate in figures.bonus_rate.items():
            label = _("{bonus} rate").format(bonus=variant.bonus_label(bonus))
            grid.add_row(label, f"{rate:.0%}")
        return grid

    # -- choosing -------------------------------------------------------------------------
    def watch_variant(self) -> None:
        self._show_labels()
        self.load()

    def watch_player(self) -> None:
        self._show_labels()
        self.load()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "stats-variant":
            self.action_choose_variant()
        elif event.button.id == "stats-player":
            self.action_choose_player()

    def action_choose_player(self) -> None:
        try:
            names = self.store.player_names(self.variant)
        except StoreError as exc:
            self.notify(str(exc), severity="error", timeout=6)
            return
        self.pick_player(names)
