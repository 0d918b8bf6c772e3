"""The kept Perudo and Liar's Dice games, newest first; enter reviews one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from dicepoker_tui.families.bidding.rules.variants import get_variant
from dicepoker_tui.families.bidding.views.review import BiddingReviewScreen
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.footer import KeysFooter


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
        yield KeysFooter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is None:
            return
        game_id = int(event.option.id)
        events = self.store.bidding.load_events(game_id)
        self.app.push_screen(BiddingReviewScreen(events, self.store, game_id))

    def action_close(self) -> None:
        self.dismiss(None)
