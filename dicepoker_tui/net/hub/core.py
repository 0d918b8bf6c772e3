"""`Hub`: the one authority over shared tables, composed of one collaborator per concern.

Requests from peers are routed here to identity (tokens, names), tables (create, join,
watch, leave, rematch), play (say, act); bots and timeouts, parking, recording and
broadcast follow from what those do. Each collaborator keeps its own state and is given
the others it uses; all run on the event loop's thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dicepoker_tui.engine import errors
from dicepoker_tui.family import families
from dicepoker_tui.i18n import N_
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.hub.base import HubLimits
from dicepoker_tui.net.hub.bots import Bots
from dicepoker_tui.net.hub.broadcast import Broadcast
from dicepoker_tui.net.hub.identity import Identities
from dicepoker_tui.net.hub.model import Identity, Peer, PeerState, Refusal, Table, lookup
from dicepoker_tui.net.hub.parking import Parking
from dicepoker_tui.net.hub.play import Play
from dicepoker_tui.net.hub.recording import Recording
from dicepoker_tui.net.hub.tables import Tables, offered_variants

if TYPE_CHECKING:
    from dicepoker_tui.store import Store


class Hub:
    """Tables, seats and peers. All methods run on the event loop's thread.

    `store`: the history games are saved in as they are played (None: not kept);
    `bot_pace`: seconds a bot's move; `clock`: the time chat lines and budgets use."""

    def __init__(
        self,
        store: Store | None = None,
        bot_pace: float = 0.8,
        clock: Callable[[], float] = time.time,
        limits: HubLimits | None = None,
    ) -> None:
        self._limits = limits or HubLimits()
        self._clock = clock
        self.tables: dict[str, Table] = {}
        """The open tables, by id (shared, to read, by the collaborators)."""
        self.parked: dict[str, Table] = {}
        """Games in play nobody was at for a while, oldest first (see `parking`)."""
        self.identities = Identities()
        self.broadcast = Broadcast(self.tables, self.parked, clock)
        self.recording = Recording(store)
        self.bots = Bots(self.tables, self.broadcast, self._execute, bot_pace)
        self.parking = Parking(
            self._limits,
            self.tables,
            self.parked,
            self.broadcast,
            self.bots,
            self.recording,
            close=self._close,
        )
        self.seating = Tables(
            self._limits, self.tables, self.broadcast, self.bots, self.recording, self.parking
        )
        self.play = Play(
            self._limits, clock, self.tables, self.broadcast, self.bots, self.recording
        )

    def _execute(self, table: Table, command: Any, by: str) -> None:
        """A move at `table` (from a bot, or a turn that timed out)."""
        self.play.execute(table, command, by)

    def _close(self, table: Table) -> None:
        self.seating.close(table)

    # -- settings the server (and tests) change after construction -----------------------
    @property
    def store(self) -> Store | None:
        return self.recording.store

    @store.setter
    def store(self, store: Store | None) -> None:
        self.recording.store = store

    @property
    def limits(self) -> HubLimits:
        return self._limits

    @limits.setter
    def limits(self, limits: HubLimits) -> None:
        self._limits = self.parking.limits = self.seating.limits = self.play.limits = limits

    @property
    def clock(self) -> Callable[[], float]:
        return self._clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self._clock = self.broadcast.clock = self.play.clock = clock

    @property
    def nick_claimed(self) -> Callable[[str], bool]:
        """Whether a key holds a nickname (the server's claims): a ticket cannot take it."""
        return self.identities.nick_claimed

    @nick_claimed.setter
    def nick_claimed(self, claimed: Callable[[str], bool]) -> None:
        self.identities.nick_claimed = claimed

    @property
    def ticket_hello(self) -> Callable[[str, str | None, str | None], None]:
        """A ticket's hello: `(token, nickname, why refused or None)` (the login log)."""
        return self.identities.ticket_hello

    @ticket_hello.setter
    def ticket_hello(self, log: Callable[[str, str | None, str | None], None]) -> None:
        self.identities.ticket_hello = log

    # -- sessions -----------------------------------------------------------------------
    def issue_token(
        self, nick: str, fingerprint: str | None = None, address: str | None = None
    ) -> str:
        """See `Identities.issue_token`."""
        return self.identities.issue_token(nick, fingerprint, address)

    def issue_ticket(self, watch_only: bool = False, address: str | None = None) -> str:
        """See `Identities.issue_ticket`."""
        return self.identities.issue_ticket(watch_only, address)

    def revoke_token(self, token: str) -> None:
        """The SSH session ended: its app, if still connected, is dropped."""
        self.identities.revoke(token)
        for peer, state in list(self.broadcast.peers.items()):
            if state.token == token:
                peer.close("session ended")
                self.disconnect(peer)

    def name_conflict(self, who: Identity) -> Refusal | None:
        """Why `who` may not use its nickname now (another identity holds a seat by that
        name, at an open or parked table), or None."""
        return self.identities.name_conflict(who, self._all_tables())

    def held_without_key(self, nick: str) -> str | None:
        """The name, `nick` or a look-alike, a player without a key uses now, or None."""
        return self.identities.held_without_key(nick, self._all_tables())

    def _all_tables(self) -> list[Table]:
        return [*self.tables.values(), *self.parked.values()]

    def connect(self, peer: Peer) -> None:
        self.broadcast.peers[peer] = PeerState()

    def disconnect(self, peer: Peer) -> None:
        state = self.broadcast.peers.pop(peer, None)
        if state is None or state.table is None:
            return
        table = self.tables.get(state.table)
        if table is not None:
            self.seating.detach(table, state, peer, free_seat=False)

    @property
    def peer_count(self) -> int:
        return len(self.broadcast.peers)

    def handle(self, peer: Peer, message: p.ClientMessage) -> None:
        """Apply one request; refusals go back to `peer` as `error`."""
        state = self.broadcast.peers.get(peer)
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
                    self.seating.create(peer, state, message)
                case p.Join():
                    table = self.seating.open_or_parked(state, message.table)
                    self.seating.join(peer, state, table, prefer=message.seat)
                case p.Watch():
                    self.seating.watch(
                        peer, state, self.seating.open_or_parked(state, message.table)
                    )
                case p.Leave():
                    self.seating.leave(peer, state, message.table)
                case p.Say():
                    self.play.say(state, message)
                case p.Mute():
                    self.play.mute(peer, state, message)
                case p.Act():
                    self.play.act(state, message)
                case p.Rematch():
                    self.seating.rematch(peer, state, lookup(self.tables, message.table))
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
        who = self.identities.sign_in(message.token, message.nick, self.name_conflict)
        state.identity, state.token = who, message.token
        state.address = self.identities.addresses.get(message.token)
        lobby = self.broadcast.lobby_for(who, self.broadcast.infos())
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
        self.parking.close_all()
        for table in list(self.tables.values()):
            if table.abandon_handle is not None:
                table.abandon_handle.cancel()
            self.recording.stop(table, abandoned=table.status == "playing")
            self.bots.cancel_deadline(table)
            if table.driver is not None:
                table.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.driver
