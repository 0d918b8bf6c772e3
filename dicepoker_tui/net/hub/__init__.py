"""The hub: the one authority over shared tables.

It owns every table's `Game` (dice thrown here, with a secret seed), the seats and who
owns them (nickname, plus key fingerprint where one was used), spectators, chat, the
bots and the optional turn timeout. Peers (one per session app) send requests; the hub
checks that only a seat's owner acts for it, applies the command to the game, and sends
every resulting event, with who caused it, to everyone at the table.

Pure asyncio and no I/O of its own: `hub_socket` connects peers over a unix socket,
tests can connect peers directly.

`Hub` (`core`) is composed of one collaborator per concern, each with its own state and
given the others it uses: `Identities` (`identity`: tokens, nicknames), `Tables`
(`tables`: create, join, watch, leave, rematch, start, close), `Parking` (`parking`:
tables nobody plays at, closed or parked for their players), `Play` (`play`: chat, moves,
the game's end), `Bots` (`bots`: bot driver and turn timeout), `Recording` (`recording`:
the history) and `Broadcast` (`broadcast`: the peers, what each sees, and sending it).
`model` holds identities, tables, seats, peers' places and refusals; `base` the limits.
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
