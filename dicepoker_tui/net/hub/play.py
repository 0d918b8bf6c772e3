"""Play at a table: what seated people say and do, each move applied to the game and its
events sent, and the end of the game told."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dicepoker_tui.family import family_of
from dicepoker_tui.i18n import N_
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.hub.base import HubLimits
from dicepoker_tui.net.hub.bots import Bots, to_act
from dicepoker_tui.net.hub.broadcast import Broadcast
from dicepoker_tui.net.hub.model import Peer, PeerState, Refusal, Table, clean_text, lookup
from dicepoker_tui.net.hub.recording import Recording


class Play:
    """Chat and moves from peers at the open `tables`; moves from bots arrive at `execute`
    too. Each peer's chat budget is kept in its `PeerState`."""

    def __init__(
        self,
        limits: HubLimits,
        clock: Callable[[], float],
        tables: dict[str, Table],
        broadcast: Broadcast,
        bots: Bots,
        recording: Recording,
    ) -> None:
        self.limits = limits
        self.clock = clock
        self.tables = tables
        self.broadcast = broadcast
        self.bots = bots
        self.recording = recording

    def say(self, state: PeerState, message: p.Say) -> None:
        table = lookup(self.tables, message.table)
        if state.table != table.id:
            raise Refusal("not_at_table", N_("Sit down or watch the table to chat there."))
        text = clean_text(message.text, p.CHAT_MAX)
        if not text:
            raise Refusal("empty", N_("Nothing to say."))
        self._spend_chat(state)
        assert state.identity is not None
        line = p.ChatLine(
            nick=state.identity.nick,
            text=text,
            at=self.clock(),
            keyed=state.identity.fingerprint is not None,
        )
        table.chat.append(line)
        said = p.Chat(table=table.id, line=line)
        for peer, other in self.broadcast.peers.items():
            if other.table == table.id and not self.broadcast.muted(other, line):
                peer.send(said)

    def _spend_chat(self, state: PeerState) -> None:
        """One line from the peer's chat budget (a token bucket); refused when empty."""
        limits = self.limits
        now = self.clock()
        if state.chat_at == 0.0:
            state.chat_tokens = limits.chat_burst
        else:
            elapsed = max(0.0, now - state.chat_at)
            state.chat_tokens = min(
                limits.chat_burst, state.chat_tokens + elapsed * limits.chat_rate
            )
        state.chat_at = now
        if state.chat_tokens < 1:
            raise Refusal("chat_too_fast", p.CHAT_TOO_FAST)
        state.chat_tokens -= 1

    def mute(self, peer: Peer, state: PeerState, message: p.Mute) -> None:
        """Mute (or unmute) a player for this peer; a notice to the peer alone says so."""
        nick = message.nick.strip().lower()
        if message.muted:
            if nick not in state.muted and len(state.muted) >= self.limits.max_muted:
                raise Refusal(
                    "too_many_muted", N_("You mute as many players as you may; unmute one first.")
                )
            state.muted.add(nick)
            key = N_("You no longer see what {nick} says; /unmute {nick} to see it again.")
        else:
            state.muted.discard(nick)
            key = N_("You see what {nick} says again.")
        if state.table is not None:
            params: p.Params = {"nick": message.nick.strip()}
            line = p.ChatLine(
                nick=None, text=p.fill(key, params), at=self.clock(), key=key, params=params
            )
            peer.send(p.Chat(table=state.table, line=line))

    def act(self, state: PeerState, message: p.Act) -> None:
        table = lookup(self.tables, message.table)
        who = state.identity
        assert who is not None
        if state.table != table.id:
            raise Refusal("not_at_table", N_("Sit down at the table first."))
        if not state.playing:
            raise Refusal("spectator", N_("You are watching: only seated players play."))
        game = table.game
        if game is None:
            raise Refusal("not_started", N_("The game starts when every seat is taken."))
        seat = message.command.player
        if not 0 <= seat < len(table.seats):
            raise Refusal("not_your_seat", N_("There is no such seat."))
        if not isinstance(message.command, family_of(table.variant).command_types):
            raise Refusal("bad_command", N_("That move belongs to another game."))
        if not table.seats[seat].owned_by(who):
            current = to_act(game)
            name = table.seats[seat].name or ""
            if current is not None and seat == current:
                raise Refusal("out_of_turn", N_("It is {name}'s turn."), name=name)
            raise Refusal("not_your_seat", N_("That seat is {name}'s."), name=name)
        if table.takeover is not None and table.takeover == seat:
            raise Refusal("timed_out", N_("Time ran out: this turn is being played for you."))
        spec = family_of(table.variant)
        if message.command.type in spec.take_back_commands:
            if table.last_move != (seat, who.nick):
                raise Refusal(
                    "not_yours_to_undo", N_("Only a move you made yourself can be taken back.")
                )
            if table.took_back == (seat, spec.round_of(game.state)):
                raise Refusal("undone_once", N_("A move can be taken back once a turn."))
        self.execute(table, message.command, who.nick)

    def execute(self, table: Table, command: Any, by: str) -> None:
        game = table.game
        assert game is not None
        spec = family_of(table.variant)
        taken_back = command.type in spec.take_back_commands
        if taken_back:
            table.took_back = (getattr(command, "player", -1), spec.round_of(game.state))
        new = game.execute(command)  # type: ignore[arg-type]
        self.broadcast.send_events(table, new, by=by)
        if taken_back:
            table.last_move = None
        else:
            table.last_move = (getattr(command, "player", -1), by)
            table.ended_deadline = None
        if spec.turn_over(new):
            table.takeover = None
            handle = table.deadline_handle
            if handle is not None and table.deadline_seat is not None and not taken_back:
                table.ended_deadline = (table.deadline_seat, handle.when())
            self.bots.cancel_deadline(table)  # the next turn gets the whole time
        if game.finished:
            self._finished(table)
        self.bots.schedule(table)
        self.broadcast.changed(table)

    def _finished(self, table: Table) -> None:
        self.broadcast.tell_game_over(table)
        self.recording.stop(table, abandoned=False)
