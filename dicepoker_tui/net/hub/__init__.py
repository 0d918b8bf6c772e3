"""The hub: the one authority over shared tables.

It owns every table's `Game` (dice thrown here, with a secret seed), the seats and who
owns them (nickname, plus key fingerprint where one was used), spectators, chat, the
bots and the optional turn timeout. Peers (one per session app) send requests; the hub
checks that only a seat's owner acts for it, applies the command to the game, and sends
every resulting event, with who caused it, to everyone at the table.

Pure asyncio and no I/O of its own: `hub_socket` connects peers over a unix socket,
tests can connect peers directly.

Modules: `model` (identities, tables, seats, peers' places, refusals), `base` (the
shared state), `core` (`Hub`: each request routed to its concern), `identity` (tokens,
nicknames), `tables` (create, join, watch, leave, rematch, start, close), `parking`
(tables nobody plays at: closed, or parked for their players), `play` (chat, moves, the
game's end), `bots` (bot driver and turn timeout), `recording` (the history),
`broadcast` (what each peer sees, and sending it).
"""

from dicepoker_tui.net.hub.base import HubLimits
from dicepoker_tui.net.hub.core import Hub
from dicepoker_tui.net.hub.model import (
    NICK_RE,
    Identity,
    Peer,
    PeerState,
    Refusal,
    Seat,
    Table,
    clean_text,
)

__all__ = [
    "NICK_RE",
    "Hub",
    "HubLimits",
    "Identity",
    "Peer",
    "PeerState",
    "Refusal",
    "Seat",
    "Table",
    "clean_text",
]
