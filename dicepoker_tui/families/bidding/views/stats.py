"""Statistics of one player in one bidding variant: record, places, challenges, calzas,
dice lost and won, and how their bids held when challenged."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Static

from dicepoker_tui.families.bidding.history.stats import BiddingStats
from dicepoker_tui.family import family_of
from dicepoker_tui.i18n import _, shown_name
from dicepoker_tui.store import Store, StoreError
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.history.choose import show_filter_labels, stats_filter_labels
from dicepoker_tui.ui.history.player_screen import PlayerFiguresScreen
from dicepoker_tui.ui.history.review_text import number, variant_name


def share(hits: int, of: int) -> str:
    """`3 of 5 (60%)`, or `—` when there were none."""
    if not of:
        return "—"
    return (
        _("{hits} of {total}").format(hits=number(hits), total=number(of)) + f" ({hits / of:.0%})"
    )


def record_table(figures: BiddingStats, calza: bool) -> Table:
    """The figures as a two-column grid; calzas only for a variant that has them."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column(justify="right", style="bold", no_wrap=True)
    grid.add_row(_("Games"), number(figures.games))
    grid.add_row(_("Wins"), share(figures.wins, figures.games))
    mean = "—" if figures.mean_place is None else f"{figures.mean_place:.2f}"
    grid.add_row(_("Mean place"), mean)
    grid.add_row(_("Challenges right"), share(figures.challenges_right, figures.challenges))
    if calza:
        grid.add_row(_("Calzas right"), share(figures.calzas_right, figures.calzas))
    grid.add_row(_("Dice lost"), number(figures.dice_lost))
    if calza:
        grid.add_row(_("Dice won back"), number(figures.dice_won))
    grid.add_row(_("Bids true when challenged"), share(figures.bids_true, figures.bids_challenged))
    return grid


class BiddingStatsScreen(PlayerFiguresScreen):
    """A player's figures in a bidding variant; v and p (or the buttons) choose what and whom."""

    DEFAULT_CSS = """
    BiddingStatsScreen #bstats-title {
        height: 1; background: $boost; text-style: bold; padding: 0 1;
    }
    BiddingStatsScreen #bstats-filters { height: 1; margin: 1 0 0 0; padding-left: 1; }
    BiddingStatsScreen #bstats-filters > Button { width: auto; min-width: 0; margin-right: 3; }
    BiddingStatsScreen #bstats-record { height: auto; border: round $primary; padding: 0 1; }
    """

    BINDINGS = [
        Binding("v", "choose_variant", "Variant"),
        Binding("p", "choose_player", "Player"),
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),
    ]

    def __init__(self, store: Store, variant: str | None, player: str | None = None) -> None:
        super().__init__()
        self.store = store
        self.family = family_of(variant) if variant else None
        self.set_reactive(BiddingStatsScreen.variant, variant or "")
        if player is None:
            names = self._names()
            player = names[0] if names else None
        self.set_reactive(BiddingStatsScreen.player, player)
        self.figures: BiddingStats | None = None

    def _names(self) -> list[str]:
        try:
            return self.store.player_names(self.variant or None)
        except StoreError:
            return []

    def compose(self) -> ComposeResult:
        yield Static(id="bstats-title")
        with Horizontal(id="bstats-filters"):
            variant, player = self._labels()
            yield Button(variant, compact=True, id="bstats-variant")
            yield Button(player, compact=True, id="bstats-player")
        with VerticalScroll(id="bstats-body"):
            record = Static(id="bstats-record")
            record.border_title = _("Record")
            yield record
        yield KeysFooter(palette="fit")

    def on_mount(self) -> None:
        self.load()

    def _labels(self) -> list[Text]:
        """The two filter buttons' labels, cut to fit the width together."""
        return stats_filter_labels(self.app.size.width, self.variant, self.player)

    def load(self) -> None:
        """Read the figures of the player and variant chosen, and show them."""
        self.figures = None
        if self.player is not None and self.family is not None:
            try:
                self.figures = self.family.player_stats(self.store, self.player, self.variant)
            except StoreError as exc:
                self.notify(str(exc), severity="error", timeout=6)
        title = Text()
        title.append(_("Statistics"), style="bold")
        title.append(f"  {variant_name(self.variant)}")
        if self.player is not None:
            title.append(f" · {shown_name(self.player)}")
        self.query_one("#bstats-title", Static).update(title)
        record = self.query_one("#bstats-record", Static)
        figures = self.figures
        if figures is None or figures.games == 0:
            name = variant_name(self.variant)
            if self.player is None:
                message = _("No finished game of {variant} yet.").format(variant=name)
            else:
                message = _(
                    "No finished game of {variant} for {player}. p picks another player."
                ).format(variant=name, player=shown_name(self.player))
            record.update(Text(message, style="italic"))
            return
        calza = bool(getattr(self._variant(), "calza", False))
        record.update(record_table(figures, calza))

    def _variant(self) -> object | None:
        try:
            return self.family.variant(self.variant) if self.family else None
        except KeyError:
            return None

    def watch_variant(self) -> None:
        self._show_labels()
        self.load()

    def watch_player(self) -> None:
        self._show_labels()
        self.load()

    def _show_labels(self) -> None:
        show_filter_labels(self, ("#bstats-variant", "#bstats-player"), self._labels())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "bstats-variant":
            self.action_choose_variant()
        elif event.button.id == "bstats-player":
            self.action_choose_player()

    def action_choose_player(self) -> None:
        self.pick_player(self._names())
