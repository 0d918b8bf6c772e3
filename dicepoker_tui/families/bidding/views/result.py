"""The end of a bidding game: places in order of leaving, and what to do next."""

from __future__ import annotations

from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from dicepoker_tui.families.bidding.rules import variants as bidding_variants
from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.families.bidding.views.text import cup_text, reveal_summary, revealed_wild
from dicepoker_tui.i18n import _, ngettext
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.common.fresh_keys import FreshKeys

BiddingChoice = Literal["new", "rematch", "lobby", "review"]


def standings_text(state: BiddingState) -> Text:
    text = Text()
    for standing in sorted(state.standings or [], key=lambda s: s.place):
        name = state.players[standing.player].shown
        line = f"{standing.place}. {name}"
        if standing.place == 1:
            wins = ngettext(
                "wins with {n} die left", "wins with {n} dice left", standing.total
            ).format(n=standing.total)
            text.append(f"{line}  {wins}\n", style="bold")
        else:
            text.append(f"{line}\n")
    return text


def last_cups_text(state: BiddingState) -> Text:
    """The last reveal, as it ended the game: what was called and every lifted cup."""
    reveal = state.last_reveal
    assert reveal is not None
    variant = bidding_variants.get_variant(state.variant)
    text = Text(reveal_summary(state, reveal) + "\n", style="dim")
    width = min(12, max(len(p.shown) for p in state.players))
    for seat, cup in enumerate(reveal.cups):
        if cup:
            text.append(f"{state.players[seat].shown[:width]:<{width}}  ")
            text.append_text(
                cup_text(tuple(cup), reveal.face, revealed_wild(reveal, variant, state.palifico))
            )
            text.append("\n")
    return text


class BiddingResultScreen(FreshKeys, ModalScreen[BiddingChoice]):
    """Standings; n new game, m rematch, l or escape the lobby. Keys typed before it
    showed are dropped."""

    DEFAULT_CSS = """
    BiddingResultScreen { align: center middle; }
    #bidding-result-box { width: 60; height: auto; border: double $accent;
        background: $panel; padding: 0 2; }
    #bidding-result-box > Horizontal { height: auto; }
    #bidding-result-box Button { margin-right: 1; min-width: 0; }
    """
    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("m", "choose('rematch')", "Rematch"),
        Binding("l", "choose('lobby')", "Lobby"),
        Binding("v", "choose('review')", "Review"),
        Binding("escape", "choose('lobby')", "Lobby", show=False),
    ]

    def __init__(self, state: BiddingState) -> None:
        super().__init__()
        self.state = state
        self.keys_fresh_from_now()

    def compose(self) -> ComposeResult:
        with Vertical(id="bidding-result-box"):
            yield Static(Text(_("Game over"), style="bold"), id="bidding-result-title")
            yield Static(standings_text(self.state), id="bidding-standings")
            if self.state.last_reveal is not None:
                yield Static(last_cups_text(self.state), id="bidding-last-cups")
            with Horizontal():
                yield Button(_("New game") + " n", id="new", compact=True)
                yield Button(_("Rematch") + " m", id="rematch", compact=True, variant="primary")
                yield Button(_("Lobby") + " l", id="lobby", compact=True)
                yield Button(_("Review") + " v", id="review", compact=True)
        yield KeysFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id)  # type: ignore[arg-type]

    def action_choose(self, choice: BiddingChoice) -> None:
        self.dismiss(choice)
