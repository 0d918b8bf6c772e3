"""Bid entry at the bidding table: the bid being composed, its keys and its prompt.

A mixin of `BiddingTableScreen`, which gives it the game, whose turn it is, and the
redraw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rich.cells import cell_len
from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.families.bidding.views.text import bid_words, styled_template
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.text import shorten


class BidEntry(Screen[None]):
    """The bid a person is composing (`quantity` × `face`) and the keys that change it."""

    game: BiddingGame
    quantity: int
    face: int
    _my_turn: bool
    _reveal_waits: bool
    _refresh: Callable[[], None]
    _moved: Callable[[], None]

    @property
    def state(self) -> BiddingState:
        return self.game.state

    def _min_quantity(self, face: int) -> int | None:
        quantities = (
            [q for q, f in self.game.legal_bids() if f == face]
            if self.state.to_act is not None
            else []
        )
        return min(quantities) if quantities else None

    def _reset_entry(self) -> None:
        """Start the entry at the smallest legal raise of the last face (or of the face the
        viewer holds most of, to open)."""
        state = self.state
        if state.finished or state.to_act is None:
            return
        if state.bid is not None:
            face = state.bid.face
        else:
            cup = state.cups[state.to_act] if state.cups else ()
            common = Counter(d for d in cup if d != 1).most_common(1)
            face = common[0][0] if common else (state.opening_face or 2)
        quantity = self._min_quantity(face)
        if quantity is None:
            legal = self.game.legal_bids()
            if not legal:
                return
            quantity, face = legal[0]
        self.quantity, self.face = quantity, face

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in {"quantity", "face", "set_face", "bid", "challenge", "calza"}:
            if not self._my_turn:
                return False
            if action == "calza" and not self.game.variant.calza:
                return False
            if action == "challenge" and parameters[:1] != (self.game.variant.call_name,):
                return False
        return True

    def action_quantity(self, step: int) -> None:
        self.quantity = max(1, min(self.state.total_dice, self.quantity + step))
        self._refresh()

    def action_face(self, step: int) -> None:
        self.action_set_face((self.face - 1 + step) % 6 + 1)

    def action_set_face(self, face: int) -> None:
        """Bid on `face`: the quantity stays while it is still a legal raise, else it
        becomes the smallest one."""
        self.face = face
        if (self.quantity, face) not in self.game.legal_bids():
            quantity = self._min_quantity(face)
            if quantity is not None:
                self.quantity = quantity
        self._refresh()

    def _human(self, move) -> None:
        if not self._my_turn:
            return
        try:
            move()
        except IllegalMove as exc:
            self.notify(exc.message, severity="warning", timeout=3)
            return
        self._moved()

    def action_bid(self) -> None:
        self._human(lambda: self.game.bid(self.quantity, self.face))

    def action_challenge(self, call: str = "") -> None:
        """Challenge the last bid (`call`: what this variant's table calls it)."""
        self._human(self.game.challenge)

    def action_calza(self) -> None:
        self._human(self.game.calza)

    def _entry_text(self) -> Text:
        state = self.state
        text = Text(no_wrap=True, overflow="ellipsis")
        if self._reveal_waits:
            text.append(_("Read the cups, then press a key."), style="bold")
            return text
        if state.finished:
            text.append(_("Game over."), style="bold")
            return text
        seat = state.to_act
        if seat is None:
            return text
        name = state.players[seat].shown
        if not self._my_turn:
            text.append(_("{name} is thinking…").format(name=name), style="italic")
            return text
        bid = f"◀ {bid_words(self.quantity, self.face)} ▶"
        template = _("{name}, your bid: {bid}")
        prompt = styled_template(template, "bid", bid, "bold reverse", name=name)
        room = self.query_one("#bid-entry", Static).content_region.width
        if room and prompt.cell_len > room:  # the name gives way: the bid stays whole
            name = shorten(name, max(4, cell_len(name) - (prompt.cell_len - room)))
            prompt = styled_template(template, "bid", bid, "bold reverse", name=name)
        text.append_text(prompt)
        text.append("\n⏎ " + _("bid"), style="dim")
        if state.bid is not None:
            text.append(" · c " + _(self.game.variant.call_name), style="dim")
            if self.game.variant.calza:
                text.append(" · z " + _("calza"), style="dim")
        return text
