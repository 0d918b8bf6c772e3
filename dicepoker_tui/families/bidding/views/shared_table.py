"""A Perudo or Liar's Dice table on the game server: the usual bidding screen, remote.

The game is a `RemoteBiddingGame`: its state shows your own cup only (the others are
lifted at a reveal), the hub plays the bots, nobody hands the keyboard over, and a strip
at the bottom shows who is here and the chat (`t` to talk: `c` is dudo here).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input

from dicepoker_tui.families.bidding.mirror import RemoteBiddingGame
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.families.bidding.views.seat_role import BiddingSeatRole
from dicepoker_tui.families.bidding.views.table import BiddingTableScreen
from dicepoker_tui.i18n import _
from dicepoker_tui.net.client import HubClient
from dicepoker_tui.ui.messages import Rematch
from dicepoker_tui.ui.net.panel import NetPanel
from dicepoker_tui.ui.net.shared_table import HubPart


def lifted(events: Sequence[ev.Event]) -> list[ev.Event]:
    """Events with each round's hidden cups filled in from the reveal that ended it."""
    out = list(events)
    pending: int | None = None
    for i, event in enumerate(out):
        if isinstance(event, ev.RoundStarted):
            pending = i
        elif isinstance(event, ev.CupsRevealed) and pending is not None:
            start = out[pending]
            assert isinstance(start, ev.RoundStarted)
            out[pending] = start.model_copy(update={"cups": list(event.cups)})
            pending = None
    return out


class RemoteBiddingRole(BiddingSeatRole):
    """A seat at a shared bidding table: the hub plays bots and nobody hands over; the
    screen follows the hub's events; the review shows every cup; m is the rematch."""

    plays_here = False
    follows_events = True

    def __init__(self, game: RemoteBiddingGame) -> None:
        self.remote = game

    def seats(self, players: Sequence[Any], bots: dict[int, Any]) -> tuple[list[int], int | None]:
        return sorted(self.remote.seats), self.remote.seat

    def hidden_cup_text(self, state: BiddingState) -> str | None:
        if self.remote.spectator and not state.finished:
            return _("Watching: cups stay hidden until a reveal")
        return None

    def review_events(self, events: Sequence[Any]) -> list[Any]:
        return lifted(events)

    def after_result(self, screen: BiddingTableScreen, choice: str | None) -> None:
        if choice == "rematch":
            screen.post_message(Rematch())
        else:
            screen.action_leave()


class NetBiddingTableScreen(BiddingTableScreen):
    """The bidding table screen for a game played on the hub: the usual table with a
    remote seat role, and the hub's part (`hub`: the chat panel and its keys)."""

    BINDINGS = [
        Binding("t", "chat", "Talk", priority=True),  # see `NetPanel.focus_input`
        Binding("m", "rematch", "Rematch", show=False),
    ]

    def __init__(self, game: RemoteBiddingGame, client: HubClient) -> None:
        super().__init__(game, {}, 0.0, role=RemoteBiddingRole(game))
        self.hub = HubPart(self, client, game)

    def compose(self) -> ComposeResult:
        yield from self.hub.around(super().compose())

    def on_mount(self) -> None:  # BiddingTableScreen.on_mount runs too (Textual calls both)
        panel = self.hub.fill()
        panel.query_one(Input).placeholder = _("t: talk · enter sends · escape back")

    def action_chat(self) -> None:
        self.hub.focus_chat()

    def on_net_panel_said(self, message: NetPanel.Said) -> None:
        self.hub.say(message.text)

    def action_rematch(self) -> None:
        """m, as on the result screen: after the game, the table's rematch."""
        if self.state.finished:
            self.post_message(Rematch())
