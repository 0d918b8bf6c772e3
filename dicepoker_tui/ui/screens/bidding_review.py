"""Reviewing bidding games: every cup round by round, and the list of kept games."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from dicepoker_tui.engine.bidding import events as ev
from dicepoker_tui.engine.bidding.variants import get_variant
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.bidding_text import review_text


class BiddingReviewScreen(Screen[None]):
    """A whole bidding game: all cups, bids, calls and outcomes, round by round."""

    BINDINGS = [Binding("escape", "close", "Back"), Binding("q", "close", "Back", show=False)]

    def __init__(self, events: list[ev.Event]) -> None:
        super().__init__()
        self.events = events

    def compose(self) -> ComposeResult:
        start = self.events[0]
        assert isinstance(start, ev.GameStarted)
        variant = get_variant(start.variant)
        names = ", ".join(p.name for p in start.players)
        title = _("Review — {variant}: {names}").format(variant=_(variant.name), names=names)
        yield Static(title, classes="screen-title")
        with VerticalScroll(id="bidding-review-body"):
            yield Static(review_text(self.events, variant), id="bidding-review")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#bidding-review-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)


def variant_name(variant_id: str) -> str:
    """The variant's name in the current language (its id when it is not known)."""
    try:
        return _(get_variant(variant_id).name)
    except KeyError:
        return variant_id


class BiddingGamesScreen(Screen[None]):
    """Finished Perudo and Liar's Dice games, newest first; enter reviews one."""

    BINDINGS = [Binding("escape", "close", "Back")]

    def __init__(self, store) -> None:  # a Store: imported by the caller, not here
        super().__init__()
        self.store = store

    def compose(self) -> ComposeResult:
        yield Static(_("Perudo and Liar's Dice games"), classes="screen-title")
        records = self.store.bidding.games()
        names = {r.variant: variant_name(r.variant) for r in records}
        width = max((len(n) for n in names.values()), default=0)
        options = [
            Option(
                f"{r.started_at[:16].replace('T', ' ')}  {names[r.variant]:<{width}}  "
                f"{', '.join(r.players)}  → {r.winner or '-'}",
                id=str(r.id),
            )
            for r in records
        ]
        games = OptionList(*options, id="bidding-games")
        if not options:
            games.add_option(Option(_("No finished bidding game yet."), disabled=True))
        yield games
        yield Footer(compact=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is None:
            return
        events = self.store.bidding.load_events(int(event.option.id))
        self.app.push_screen(BiddingReviewScreen(events))

    def action_close(self) -> None:
        self.dismiss(None)
