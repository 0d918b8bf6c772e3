"""The state every part of the hub works on.

`Hub` is put together from one class per concern (identity, tables, play, bots,
recording, broadcast), each a subclass of `HubBase`: they share this state and call
each other's methods through `self`, on the event loop's thread only.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.hub.model import Identity, Peer, PeerState, Table, Ticket


@dataclass(frozen=True)
class HubLimits:
    """What one player can make the hub keep: tables, requests, the grace of a table left."""

    max_tables: int = 100
    """Open tables in all (the lobby every viewer is sent stays bounded)."""
    max_tables_per_nick: int = 3
    """Unfinished tables a nickname may have opened."""
    max_tables_per_address: int = 10
    """Unfinished tables the sessions of one remote address may have opened."""
    waiting_grace: float = 120.0
    """Seconds a waiting table nobody is at stays open."""
    abandoned_grace: float = 600.0
    """Seconds a started table none of its players is at stays open: then a finished one
    closes and a game in play is parked (see `parking`)."""
    request_rate: float = 20.0
    """Requests a second a peer may make, on average."""
    request_burst: float = 60.0
    chat_rate: float = p.CHAT_RATE
    """Chat lines a second a peer may say, on average."""
    chat_burst: float = p.CHAT_BURST
    max_muted: int = 100
    """Players one peer may mute."""


class HubBase:
    """Tables, peers and session tokens, the history to save games in, and the clocks."""

    def __init__(
        self,
        store: object | None = None,
        bot_pace: float = 0.8,
        clock: Callable[[], float] = time.time,
        limits: HubLimits | None = None,
    ) -> None:
        self.limits = limits or HubLimits()
        self.store = store
        """The history (`dicepoker_tui.store.Store`): games are saved as they are played."""
        self.bot_pace = bot_pace
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self._peers: dict[Peer, PeerState] = {}
        self._tokens: dict[str, Identity] = {}
        self._tickets: dict[str, Ticket] = {}
        self._addresses: dict[str, str] = {}
        """The remote address of each token's session, where the server gave one."""
        self.parked: dict[str, Table] = {}
        """Games in play nobody was at for `abandoned_grace`, oldest first (see `parking`)."""
        self.nick_claimed: Callable[[str], bool] = lambda nick: False
        """Whether a key holds `nick` (the server's claims): a ticket cannot take it."""
        self.ticket_hello: Callable[[str, str | None, str | None], None] = lambda *a: None
        """A ticket's hello: `(token, nickname, why refused or None)` (the login log)."""
        self._next_table = 1
