"""Bid entry at the bidding table: the bid a person is composing, how keys change it, and
the prompt that shows it. The table screen has one (`BiddingTableScreen.draft`) and
tells it whose turn it is."""

from __future__ import annotations

from collections import Counter

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding

from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.families.bidding.views.text import bid_words, styled_template
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.text import shorten

ENTRY_BINDINGS = [
    Binding("up", "quantity(1)", "Qty+", key_display="↑"),
    Binding("down", "quantity(-1)", "Qty-", key_display="↓", show=False),
    Binding("right", "face(1)", "Face", key_display="→"),
    Binding("left", "face(-1)", "Face-", key_display="←", show=False),
    Binding("1", "set_face(1)", "Face 1", show=False),
    Binding("2", "set_face(2)", "Face 2", show=False),
    Binding("3", "set_face(3)", "Face 3", show=False),
    Binding("4", "set_face(4)", "Face 4", show=False),
    Binding("5", "set_face(5)", "Face 5", show=False),
    Binding("6", "set_face(6)", "Face 6", show=False),
    Binding("enter", "bid", "Bid", key_display="⏎"),
    # one of each pair shows: the word for a challenge at this variant's table
    Binding("c", "challenge('dudo')", "Dudo"),
    Binding("c", "challenge('liar')", "Liar!"),
    Binding("d", "challenge('dudo')", "Dudo", show=False),
    Binding("d", "challenge('liar')", "Liar!", show=False),
    Binding("z", "calza", "Calza"),
]
"""The keys of bid entry, in the table screen's bindings."""
ENTRY_ACTIONS = frozenset({"quantity", "face", "set_face", "bid", "challenge", "calza"})
"""The table's actions that make a move or change the bid being composed."""


class BidDraft:
    """The bid being composed at `game` (`quantity` × `face`)."""

    def __init__(self, game: BiddingGame) -> None:
        self.game = game
        self.quantity = 1
        self.face = 2

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

    def reset(self) -> None:
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

    def allows(self, action: str, parameters: tuple[object, ...], my_turn: bool) -> bool:
        """Whether a key's `action` is on now (a move or an entry key only in one's turn;
        calza only where the variant has it; the challenge under this variant's word)."""
        if action not in ENTRY_ACTIONS:
            return True
        if not my_turn:
            return False
        if action == "calza" and not self.game.variant.calza:
            return False
        return not (action == "challenge" and parameters[:1] != (self.game.variant.call_name,))

    def step_quantity(self, step: int) -> None:
        self.quantity = max(1, min(self.state.total_dice, self.quantity + step))

    def step_face(self, step: int) -> None:
        self.set_face((self.face - 1 + step) % 6 + 1)

    def set_face(self, face: int) -> None:
        """Bid on `face`: the quantity stays while it is still a legal raise, else it
        becomes the smallest one."""
        self.face = face
        if (self.quantity, face) not in self.game.legal_bids():
            quantity = self._min_quantity(face)
            if quantity is not None:
                self.quantity = quantity

    def prompt(self, my_turn: bool, reveal_waits: bool, room: int) -> Text:
        """The entry's two lines: whose turn, the bid being composed and its keys (a name
        gives way to the bid when `room` cells are too few)."""
        state = self.state
        text = Text(no_wrap=True, overflow="ellipsis")
        if reveal_waits:
            text.append(_("Read the cups, then press a key."), style="bold")
            return text
        if state.finished:
            text.append(_("Game over."), style="bold")
            return text
        seat = state.to_act
        if seat is None:
            return text
        name = state.players[seat].shown
        if not my_turn:
            text.append(_("{name} is thinking…").format(name=name), style="italic")
            return text
        bid = f"◀ {bid_words(self.quantity, self.face)} ▶"
        template = _("{name}, your bid: {bid}")
        prompt = styled_template(template, "bid", bid, "bold reverse", name=name)
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
