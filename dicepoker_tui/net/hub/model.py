"""What the hub keeps: who a session is, the tables and their seats, each peer's place,
and the refusal a request can meet."""

from __future__ import annotations

import asyncio
import re
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from pydantic import BaseModel

from dicepoker_tui.engine.session import Session
from dicepoker_tui.i18n import N_
from dicepoker_tui.net import protocol as p

if TYPE_CHECKING:
    from dicepoker_tui.store.recorder import Recorder

CHAT_HISTORY = 50
NICK_RE = re.compile(p.NICK_PATTERN)


@dataclass(frozen=True)
class Identity:
    """Who a session is: the SSH user name and the key fingerprint it logged in with."""

    nick: str
    fingerprint: str | None = None
    watch_only: bool = False
    """May watch tables and chat, never sit down (a browser visitor where keys are required)."""


@dataclass(frozen=True)
class Ticket:
    """A session whose player picks a nickname in the app (a browser tab): unkeyed."""

    watch_only: bool = False


class Peer(Protocol):
    """One connected session app, as the hub sees it."""

    def send(self, message: BaseModel) -> None:
        """Queue a message; must not block."""

    def close(self, reason: str) -> None:
        """Drop the connection (for instance when it cannot keep up)."""


@dataclass
class Seat:
    name: str | None = None
    fingerprint: str | None = None
    kind: str = "human"
    level: str | None = None

    def owned_by(self, who: Identity) -> bool:
        """Whether `who` sat down here: the same name and the same key (or, both, none)."""
        return (
            self.kind == "human" and self.name == who.nick and self.fingerprint == who.fingerprint
        )


@dataclass
class PeerState:
    identity: Identity | None = None
    token: str | None = None
    table: str | None = None
    playing: bool = False
    tokens: float = 0.0
    """The peer's request budget (a token bucket, see `HubLimits.request_rate`)."""
    tokens_at: float = 0.0
    chat_tokens: float = 0.0
    """The peer's chat budget (a token bucket, see `HubLimits.chat_rate`)."""
    chat_at: float = 0.0
    muted: set[str] = field(default_factory=set)
    """Nicknames (lower case) whose chat this peer does not see."""
    address: str | None = None
    """The remote address of the peer's session (None: not known)."""


@dataclass
class Table:
    id: str
    name: str
    variant: str
    seats: list[Seat]
    turn_timeout: int | None = None
    timeout_action: str = "bot"
    family: p.GameFamily = "scoresheet"
    game: Session | None = None
    chat: deque[p.ChatLine] = field(default_factory=lambda: deque(maxlen=CHAT_HISTORY))
    deadline_handle: asyncio.TimerHandle | None = None
    driver: asyncio.Task | None = None
    takeover: int | None = None
    """Seat whose current turn the timeout handed to a bot."""
    recorder: Recorder | None = None
    last_info: p.TableInfo | None = None
    name_key: str | None = None
    """The template of a name the hub gave (see `protocol.TableInfo.name_key`)."""
    name_params: p.Params = field(default_factory=dict)
    rematch: str | None = None
    """The table opened for this one's rematch."""
    creator: str | None = None
    """The nickname that opened the table (counted against its cap of open tables)."""
    creator_address: str | None = None
    """The remote address of the session that opened it (counted against its cap too)."""
    deadline_seat: int | None = None
    """The seat whose turn the armed timeout is for."""
    ended_deadline: tuple[int, float] | None = None
    """(seat, loop time) the timeout of the turn just ended was due: a turn given back
    by an undo resumes that clock instead of starting a new one."""
    last_move: tuple[int, str] | None = None
    """(seat, who made it) of the last move that may be taken back."""
    took_back: tuple[int, int | None] | None = None
    """(seat, round) of the last move taken back: a seat takes back once a turn, however
    often it makes that move again."""
    abandon_handle: asyncio.TimerHandle | None = None
    """Closes (or parks) a table none of its players is at after the grace period."""

    @property
    def status(self) -> p.TableStatus:
        if self.game is None:
            return "waiting"
        return "finished" if self.game.finished else "playing"


class Refusal(Exception):
    """A request the hub turns down: an English template for the player and its values."""

    def __init__(self, code: str, key: str, /, **params: str | int) -> None:
        self.code = code
        self.key = key
        self.params = params
        self.message = p.fill(key, params)
        super().__init__(self.message)


def clean_text(text: str, limit: int) -> str:
    """Printable text on one line: control and format characters dropped."""
    kept = "".join(
        " " if ch in "\t\r\n" else ch
        for ch in text
        if ch in "\t\r\n" or unicodedata.category(ch)[0] != "C"
    )
    return " ".join(kept.split())[:limit]


def lookup(tables: dict[str, Table], table_id: str) -> Table:
    """The open table `table_id` (a refusal when there is none)."""
    table = tables.get(table_id)
    if table is None:
        raise Refusal("no_table", N_("There is no table {table}."), table=table_id)
    return table
