"""A shared table on the game server: the usual table screen, on a `RemoteGame`.

Differences from a table at home: the hub plays the bots (the screen only shows them),
nobody hands the keyboard over, only your own seat acts, and a strip at the bottom shows
who is here or away, the chat, and a line to talk (`c`). While seats are still free, a
waiting screen comes first.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from dicepoker_tui.families.scoresheet.mirror import RemoteGame
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.families.scoresheet.views.seat_role import SeatRole
from dicepoker_tui.families.scoresheet.views.table import TableScreen
from dicepoker_tui.i18n import _
from dicepoker_tui.net.client import HubClient
from dicepoker_tui.ui.messages import Rematch
from dicepoker_tui.ui.net.panel import NetPanel
from dicepoker_tui.ui.net.shared_table import HubPart


class HubBots:
    """Stands in for the table's bot runner: the hub plays bots, the screen only names them."""

    busy = False

    def __init__(self, game: RemoteGame) -> None:
        self.game = game

    def is_bot(self, seat: int) -> bool:
        return self.game.state.players[seat].kind == "bot"

    def poke(self) -> None:
        pass

    def on_worker_state_changed(self, event: object) -> bool:
        return False


class RemoteRole(SeatRole):
    """A seat at a shared table: the hub plays the bots, nobody hands the keyboard over,
    only your own seat acts, and the lines say who is playing on their own screen."""

    hands_over = False
    preload_solver = False
    """The hub plays the bots: the solver loads on the first hint only. (Even asking
    whether its table is cached builds the variant's model, a second or more of CPU in
    every session that opens a table.)"""

    def __init__(self, game: RemoteGame) -> None:
        self.remote = game

    def runner(self, screen, game, bots, pace, show_box) -> HubBots:  # type: ignore[no-untyped-def, override]
        return HubBots(self.remote)

    def _is_bot(self, seat: int) -> bool:
        return self.remote.state.players[seat].kind == "bot"

    def status(self, state: GameState, variant: Variant, status: Text) -> Text:
        turn = state.turn
        if turn is None or turn.player in self.remote.seats or self._is_bot(turn.player):
            return status
        name = state.players[turn.player].shown
        lines = status.plain.split("\n")
        if turn.dice is None:
            lines[0] = _("{name} is about to throw…").format(name=name)
        else:
            lines[0] = _("{name} is playing. Throw {n}, {left} left.").format(
                name=name, n=turn.throws, left=self.remote.throws_left()
            )
        return Text("\n".join(lines))

    def log_line(self, event: ev.Event, state: GameState) -> str | None:
        if not isinstance(event, ev.DiceThrown):
            return None
        who = self.remote.last_by or state.players[event.player].shown
        dice = " ".join(str(d) for d in event.dice)
        if who == "timeout":
            line = _("timeout for {name} throws {dice}")
            return line.format(name=state.players[event.player].shown, dice=dice)
        return _("{name} throws {dice}").format(name=who, dice=dice)

    def top_line(self, state: GameState, variant: Variant) -> Text | None:
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f" {variant.display_name} ", style="bold reverse")
        text.append("  " + _("table {id}").format(id=self.remote.table.id))
        if state.turn is None:
            text.append("  · " + _("game over"))
        else:
            player = state.players[state.turn.player]
            rnd = _("round {round} of {rounds}").format(
                round=state.turn.round, rounds=len(variant.boxes)
            )
            text.append(f"  · {rnd}  ")
            if state.turn.player in self.remote.seats:
                text.append(_("your turn"), style="bold reverse")
            else:
                who = (
                    _("{name} (bot)").format(name=player.shown)
                    if player.kind == "bot"
                    else player.shown
                )
                text.append(_("{name} to play").format(name=who), style="bold")
        if self.remote.spectator:
            text.append("  · " + _("watching"), style="italic")
        return text

    def refusal(self, state: GameState) -> str | None:
        turn = state.turn
        if turn is None:
            return None
        if self.remote.spectator:
            return _("You are watching: only seated players play.")
        if turn.player not in self.remote.seats and not self._is_bot(turn.player):
            return _("It is {name}'s turn.").format(name=state.players[turn.player].shown)
        return None


class NetTableScreen(TableScreen):
    """The table screen for a game played on the hub: the usual table with a remote
    seat role, and the hub's part (`hub`: the chat panel and its keys)."""

    BINDINGS = [
        Binding("c", "chat", "Chat", priority=True),  # see `NetPanel.focus_input`
        Binding("m", "rematch", "Rematch", show=False),
    ]

    def __init__(self, game: RemoteGame, client: HubClient) -> None:
        super().__init__(game, {}, 0.0, kept=True, role=RemoteRole(game))
        self.hub = HubPart(self, client, game)

    def compose(self) -> ComposeResult:
        yield from self.hub.around(super().compose())

    def on_mount(self) -> None:  # TableScreen.on_mount runs too (Textual calls both)
        self.hub.fill()

    def action_chat(self) -> None:
        self.hub.focus_chat()

    def on_net_panel_said(self, message: NetPanel.Said) -> None:
        self.hub.say(message.text)

    def action_rematch(self) -> None:
        """m, as on the result screen: after the game, the table's rematch."""
        if self.game.finished:
            self.post_message(Rematch())
