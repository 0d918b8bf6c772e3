"""The app side of the hub socket: requests out, messages in, and the table's `RemoteGame`.

Runs on the app's own event loop. Listeners get every message the hub sends, after the
client has updated what it keeps (the lobby, and the game of the table you are at).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel

from dicepoker_tui.i18n import _
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.mirrored_session import MirroredSession
from dicepoker_tui.net.mirrors import mirror_class

log = logging.getLogger(__name__)

Listener = Callable[[p.ServerMessage], None]


class HubError(Exception):
    """The hub refused the session or could not be reached; the message is for the player."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        """The hub's refusal code (`name_taken`, `bad_nick`, ...), None when unreachable."""


class TokenBucket:
    """A budget of `rate` things a second on average, `burst` at once (the chat lines an
    app may send: the hub's own limit, kept before sending, so a line beyond it costs
    nothing and is not lost; the keys a session's app takes)."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._tokens = burst
        self._at = clock()

    def take(self) -> bool:
        """Spend one: False (and nothing spent) when none is left."""
        now = self.clock()
        self._tokens = min(self.burst, self._tokens + max(0.0, now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


def mute_request(text: str) -> p.Mute | None:
    """`/mute NAME` or `/unmute NAME` as the request it is; None for a chat line."""
    command, _, nick = text.strip().partition(" ")
    if command in ("/mute", "/unmute") and nick.strip():
        return p.Mute(nick=nick.strip()[:64], muted=command == "/mute")
    return None


class HubClient:
    """One connection to the hub, saying hello with a session token."""

    def __init__(self, path: Path | str, token: str) -> None:
        self.path = Path(path)
        self.token = token
        self.pick: str | None = None
        """The nickname picked in the app, for a session with a ticket (a browser tab)."""
        self.welcome: p.Welcome | None = None
        self.tables: list[p.TableInfo] = []
        self.seated: list[str] = []
        self.game: MirroredSession | None = None
        self.chat: list[p.ChatLine] = []
        self.chat_budget = TokenBucket(p.CHAT_RATE, p.CHAT_BURST)
        """The chat lines this app may still send (see `may_say`)."""
        self._listeners: list[Listener] = []
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task | None = None
        self.closed = asyncio.Event()

    @property
    def nick(self) -> str:
        return self.welcome.nick if self.welcome else ""

    def listen(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    async def connect(self, timeout: float = 10.0) -> p.Welcome:
        """Open the socket and say hello; raises `HubError` with a readable reason."""
        try:
            self._reader, self._writer = await asyncio.wait_for(
                asyncio.open_unix_connection(str(self.path), limit=p.MAX_HUB_LINE), timeout
            )
        except (OSError, TimeoutError) as exc:
            reason = _("The game server is not reachable ({error}).").format(error=exc)
            raise HubError(reason) from None
        self.send(p.Hello(token=self.token, nick=self.pick))
        first = await asyncio.wait_for(self._read(), timeout)
        if isinstance(first, p.Error):
            self._writer.close()  # refused: a new hello comes on a new connection
            raise HubError(first.shown(), first.code)
        if not isinstance(first, p.Welcome):
            raise HubError(_("The game server answered oddly."))
        self.welcome = first
        self.tables, self.seated = first.tables, first.seated
        self._task = asyncio.get_running_loop().create_task(self._run())
        return first

    def send(self, message: BaseModel) -> None:
        if self._writer is None or self._writer.is_closing():
            return
        self._writer.write(p.encode(message))

    async def _read(self) -> p.ServerMessage | None:
        assert self._reader is not None
        line = await self._reader.readline()
        if not line:
            return None
        return p.decode_server(line)

    async def _run(self) -> None:
        try:
            while True:
                message = await self._read()
                if message is None:
                    break
                self._take(message)
        except (OSError, ValueError, p.BadMessage) as exc:
            log.warning("hub connection lost: %s", exc)
        finally:
            self.closed.set()

    def _take(self, message: p.ServerMessage) -> None:
        match message:
            case p.Lobby():
                self.tables, self.seated = message.tables, message.seated
            case p.TableSnapshot():
                self.chat = list(message.chat)
                mirror = mirror_class(message.family)
                self.game = mirror(message.table, message.seats, self.send, message.events)
            case p.TableUpdate():
                if self.game is not None and self.game.table.id == message.table.id:
                    self.game.table = message.table
            case p.GameEvents():
                if self.game is not None and self.game.table.id == message.table:
                    self.game.apply(message.events, by=message.by)
            case p.Chat():
                if self.game is not None and self.game.table.id == message.table:
                    self.chat = [*self.chat[-(p.CHAT_MAX - 1) :], message.line]
            case p.Left():
                if self.game is not None and self.game.table.id == message.table:
                    self.game = None
            case p.Error():
                if self.game is not None and message.ref is not None:
                    self.game.refused(message.ref)
        for listener in list(self._listeners):
            try:
                listener(message)
            except Exception:
                log.exception("a hub listener failed")

    # -- requests -----------------------------------------------------------------------------
    def create(self, variant: str, seats: int = 2, bots: list[str] | None = None, **kw) -> None:
        self.send(p.CreateTable(variant=variant, seats=seats, bots=bots or [], **kw))

    def join(self, table: str, seat: int | None = None) -> None:
        self.send(p.Join(table=table, seat=seat))

    def watch(self, table: str) -> None:
        self.send(p.Watch(table=table))

    def leave(self) -> None:
        if self.game is not None:
            self.send(p.Leave(table=self.game.table.id))

    def rematch(self) -> None:
        """After a game: a rematch of this table (the one opened already, or a new one)."""
        if self.game is not None:
            self.send(p.Rematch(table=self.game.table.id))

    def may_say(self, text: str) -> bool:
        """Whether `text` may be said now: a chat line takes one from the chat budget
        (False when it is spent: hold the line and try again later); `/mute` is free."""
        return mute_request(text) is not None or self.chat_budget.take()

    def say(self, text: str) -> None:
        """Say `text` at the table; `/mute NAME` and `/unmute NAME` mute and unmute a player.
        (The hub keeps the chat budget too: ask `may_say` first.)"""
        mute = mute_request(text)
        if mute is not None:
            self.send(mute)
        elif self.game is not None and text.strip():
            self.send(p.Say(table=self.game.table.id, text=text[: p.CHAT_MAX]))

    async def aclose(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(Exception):
                await self._writer.wait_closed()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
