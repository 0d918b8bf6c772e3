"""The bounds of what one player can make the hub keep."""

from __future__ import annotations

from dataclasses import dataclass

from dicepoker_tui.net import protocol as p


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
