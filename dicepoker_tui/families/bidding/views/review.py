"""Reviewing bidding games: every cup round by round (`e` exports a stored one as JSON)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.variants import get_variant
from dicepoker_tui.families.bidding.views.text import review_text
from dicepoker_tui.i18n import _
from dicepoker_tui.store import Store
from dicepoker_tui.ui.common.export_save import export_review
from dicepoker_tui.ui.common.footer import KeysFooter


class BiddingReviewScreen(Screen[None]):
    """A whole bidding game: all cups, bids, calls and outcomes, round by round."""

    BINDINGS_CONTEXT = "review"
    """Footer words read as in the scoresheet review."""

    BINDINGS = [
        Binding("e", "export", "Export"),
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),
    ]

    def __init__(
        self, events: list[ev.Event], store: Store | None = None, game_id: int | None = None
    ) -> None:
        super().__init__()
        self.events = events
        self.store = store
        self.game_id = game_id
        """The stored game shown (None: a game just played, not from the history)."""

    def compose(self) -> ComposeResult:
        start = self.events[0]
        assert isinstance(start, ev.GameStarted)
        variant = get_variant(start.variant)
        names = ", ".join(p.shown for p in start.players)
        title = _("Review — {variant}: {names}").format(variant=_(variant.name), names=names)
        yield Static(title, classes="screen-title")
        with VerticalScroll(id="bidding-review-body"):
            yield Static(review_text(self.events, variant), id="bidding-review")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#bidding-review-body").focus()

    def action_export(self) -> None:
        """The game as JSON, as `dicepoker export` writes it (see `export_review`)."""
        export_review(self, self.store, self.game_id)

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.dismiss(None)
        else:  # the first screen of `dicepoker review GAME_ID`
            self.app.exit()
