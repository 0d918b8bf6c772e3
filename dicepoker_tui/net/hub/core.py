"""`Hub`: the one authority over shared tables, put together from its concerns.

Requests from peers are routed here to identity (tokens, names), tables (create, join,
watch, leave, rematch), play (say, act); bots and timeouts, recording and broadcast
follow from what those do.
"""

from __future__ import annotations

import asyncio
import contextlib

from dicepoker_tui.engine import errors
from dicepoker_tui.family import families
from dicepoker_tui.i18n import N_
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.hub.bots import Bots
from dicepoker_tui.net.hub.broadcast import Broadcast
from dicepoker_tui.net.hub.identity import Identities
from dicepoker_tui.net.hub.model import Peer, PeerState, Refusal
from dicepoker_tui.net.hub.parking import Parking
from dicepoker_tui.net.hub.play import Play
from dicepoker_tui.net.hub.recording import Recording
from dicepoker_tui.net.hub.tables import Tables, offered_variants


class Hub(Identities, Tables, Parking, Play, Bots, Recording, Broadcast):
    """Tables, seats and peers. All methods run on the event loop's thread.

    `Hub(store=None, bot_pace=0.8, clock=time.time)`: see `base.HubBase` for the state."""

    def connect(self, peer: Peer) -> None:
        self._peers[peer] = PeerState()

    def disconnect(self, peer: Peer) -> None:
        state = self._peers.pop(peer, None)
        if state is None or state.table is None:
            return
        table = self.tables.get(state.table)
        if table is not None:
            self._detach(table, state, peer, free_seat=False)

    @property
    def peer_count(self) -> int:
        return len(self._peers)

    def handle(self, peer: Peer, message: p.ClientMessage) -> None:
        """Apply one request; refusals go back to `peer` as `error`."""
        state = self._peers.get(peer)
        if state is None:
            return
        try:
            if isinstance(message, p.Hello):
                self._hello(peer, state, message)
                return
            if state.identity is None:
                raise Refusal("hello_first", N_("Say hello first."))
            self._spend(state)
            if state.identity.watch_only and isinstance(
                message, p.CreateTable | p.Join | p.Rematch
            ):
                raise Refusal(
                    "watch_only",
                    N_("Only players with an SSH key may sit down here; you may watch."),
                )
            match message:
                case p.CreateTable():
                    self._create(peer, state, message)
                case p.Join():
                    table = self._open_or_parked(state, message.table)
                    self._join(peer, state, table, prefer=message.seat)
                case p.Watch():
                    self._watch(peer, state, self._open_or_parked(state, message.table))
                case p.Leave():
                    self._leave(peer, state, message.table)
                case p.Say():
                    self._say(state, message)
                case p.Mute():
                    self._mute(peer, state, message)
                case p.Act():
                    self._act(state, message)
                case p.Rematch():
                    self._rematch(peer, state, self._table(message.table))
        except Refusal as exc:
            peer.send(
                p.Error(
                    code=exc.code,
                    message=exc.message,
                    ref=message.ref,
                    key=exc.key,
                    params=exc.params,
                )
            )
        except errors.IllegalMove as exc:
            peer.send(p.Error(code=exc.code, message=exc.message, ref=message.ref))

    def _spend(self, state: PeerState) -> None:
        """One request from the peer's budget (a token bucket); refused when it is empty."""
        limits = self.limits
        now = self.clock()
        if state.tokens_at == 0.0:
            state.tokens = limits.request_burst
        else:
            elapsed = max(0.0, now - state.tokens_at)
            state.tokens = min(limits.request_burst, state.tokens + elapsed * limits.request_rate)
        state.tokens_at = now
        if state.tokens < 1:
            raise Refusal("too_fast", N_("Too many requests at once: slow down."))
        state.tokens -= 1

    # -- requests ---------------------------------------------------------------------------
    def _hello(self, peer: Peer, state: PeerState, message: p.Hello) -> None:
        if message.version != p.PROTOCOL_VERSION:
            raise Refusal("version", N_("This app and the server speak different versions."))
        ticket = message.token in self._tickets
        try:
            who = self.identity_for(message.token, message.nick)
            conflict = self.name_conflict(who)
            if conflict:
                raise conflict
        except Refusal as exc:
            if ticket:
                self.ticket_hello(message.token, message.nick, exc.message)
            raise
        if ticket:  # the name is the ticket's from now on
            self.ticket_hello(message.token, message.nick, None)
            del self._tickets[message.token]
            self._tokens[message.token] = who
        state.identity, state.token = who, message.token
        state.address = self._addresses.get(message.token)
        lobby = self._lobby_for(who, self._infos())
        levels = {spec.id: spec.bot_levels() for spec in families()}
        peer.send(
            p.Welcome(
                nick=who.nick,
                fingerprint=who.fingerprint,
                tables=lobby.tables,
                seated=lobby.seated,
                variants=offered_variants(),
                bot_levels=next(iter(levels.values()), []),
                family_levels=levels,
            )
        )

    async def aclose(self) -> None:
        """Stop every bot and timer (server shutdown)."""
        self._close_parked()
        for table in list(self.tables.values()):
            if table.abandon_handle is not None:
                table.abandon_handle.cancel()
            self._stop_recording(table, abandoned=table.status == "playing")
            self._cancel_deadline(table)
            if table.driver is not None:
                table.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.driver
