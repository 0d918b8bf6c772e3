"""What a hand-over between people at one screen tells the next player: the reveal they
missed, who opens, the bid they face."""

from __future__ import annotations

from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.bidding.views.text import bid_words, reveal_summary, round_outcome
from dicepoker_tui.i18n import _


def handover_detail(game: BiddingGame, seat: int, last_outcome: list[ev.Event]) -> str:
    """The lines under the next player's name (`last_outcome`: the last reveal's changes)."""
    state = game.state
    names = [p.shown for p in state.players]
    if state.bid is None and state.last_reveal is not None:
        detail = reveal_summary(state, state.last_reveal)
        detail += " " + round_outcome(last_outcome, names)
        return detail + "\n" + _("Round {round}: you open.").format(round=state.round)
    if state.bid is None:
        return _("Round {round}: you open.").format(round=state.round)
    bid = bid_words(state.bid.quantity, state.bid.face)
    detail = _("The bid is {bid}.").format(bid=bid)
    if state.last_reveal is not None and not bid_this_round(game, seat):
        # what happened at the reveal since this player last looked
        outcome = round_outcome(last_outcome, names)
        detail = f"{reveal_summary(state, state.last_reveal)} {outcome}\n{detail}"
    return detail


def bid_this_round(game: BiddingGame, seat: int) -> bool:
    """Whether `seat` has bid since the round began."""
    for event in reversed(game.events):
        if isinstance(event, ev.RoundStarted):
            return False
        if isinstance(event, ev.BidMade) and event.player == seat:
            return True
    return False
