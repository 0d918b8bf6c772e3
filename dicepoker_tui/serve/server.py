"""`GameServer`: the `dicepoker serve` process — SSH listener, hub, hub socket, spawner.

Everything runs on one asyncio loop. The data directory (`$DICEPOKER_HOME` or the
platform's) holds the host key, the history, the hub socket and one directory per
nickname that the session apps use as their home. The solver's tables are read from the
operator's cache folder (memory-mapped, never built here or in an app: `ai.prepared_tables`).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from dicepoker_tui.family.prepared import cache_dir, serve_tables
from dicepoker_tui.i18n import N_, _
from dicepoker_tui.net.hub import Hub, HubLimits
from dicepoker_tui.net.hub_socket import serve_hub
from dicepoker_tui.serve.authorized_keys import load_authorized_keys
from dicepoker_tui.serve.claims import CLAIMS_NAME, NAMES_PER_KEY, NickClaims
from dicepoker_tui.serve.door import LOGIN_LOG_NAME, Door, DoorLimits, LoginLog
from dicepoker_tui.serve.host_key import HOST_KEY_NAME, load_or_create_host_key
from dicepoker_tui.serve.session_host import EndReason, Session, idle_reason
from dicepoker_tui.serve.spawner import Spawner
from dicepoker_tui.serve.ssh_login import GameSSHServer
from dicepoker_tui.serve.web import WebLimits, WebServer
from dicepoker_tui.serve.web_gate import raise_fd_limit
from dicepoker_tui.serve.web_seat import clear_tab_homes, web_launch

log = logging.getLogger(__name__)

SOCKET_NAME = "hub.sock"
LOCK_NAME = "serve.lock"
"""Held (flock) by the one server of a data directory while it runs."""
HISTORY_NAME = "history.db"
JOBS_NAME = "jobs"
"""The lock files of the heavy-job slots the session apps share (`ai.prepared_tables`)."""
MAX_SOCKET_PATH = 100
NAMES_LOGGED = 10
"""Refused nicknames of one browser tab written to the login log."""


class AlreadyServing(Exception):
    """Another `dicepoker serve` runs on this data directory; the message says which."""


@dataclass
class ServeOptions:
    host: str = "127.0.0.1"
    port: int = 2222
    host_key: Path | None = None
    authorized_keys: Path | None = None
    max_sessions: int = 50
    idle_timeout: float = 3600.0
    data_dir: Path | None = None
    bot_pace: float = 0.8
    prefork: bool = True
    history: bool = True
    max_tables: int = 100
    max_tables_per_nick: int = 3
    max_tables_per_address: int = 10
    waiting_grace: float = 120.0
    names_per_key: int = NAMES_PER_KEY
    abandoned_grace: float = 600.0
    door: DoorLimits = field(default_factory=DoorLimits)
    web_port: int | None = None
    """Also serve the app to browsers on this port (`serve.web`), at the same tables."""
    public_url: str | None = None
    trust_forwarded: bool = False


class GameServer:
    """Start with `await start()`; `port` is the port bound (useful with port 0)."""

    def __init__(self, options: ServeOptions) -> None:
        self.options = options
        if options.data_dir is not None:
            self.data_dir = options.data_dir
        else:
            from dicepoker_tui.store.paths import data_dir

            self.data_dir = data_dir()
        self.authorized_keys: asyncssh.SSHAuthorizedKeys | None = None
        self.hub = Hub(
            bot_pace=options.bot_pace,
            limits=HubLimits(
                max_tables=options.max_tables,
                max_tables_per_nick=options.max_tables_per_nick,
                max_tables_per_address=options.max_tables_per_address,
                waiting_grace=options.waiting_grace,
                abandoned_grace=options.abandoned_grace,
            ),
        )
        self.spawner = Spawner(prefork=options.prefork)
        self.door = Door(options.door)
        self.claims = NickClaims(self.data_dir / CLAIMS_NAME, options.names_per_key)
        self.logins = LoginLog(self.data_dir / LOGIN_LOG_NAME)
        self.sessions: set[Session] = set()
        self.socket_path = self.data_dir / SOCKET_NAME
        self.port = options.port
        self.store = None
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._hub_server: asyncio.AbstractServer | None = None
        self._idle_task: asyncio.Task | None = None
        self._tmp: tempfile.TemporaryDirectory | None = None
        self._lock_fd: int | None = None
        self.web: WebServer | None = None
        self.hub.nick_claimed = self.claims.claimed
        self.hub.ticket_hello = self._browser_login

    @property
    def max_sessions(self) -> int:
        return self.options.max_sessions

    # -- start and stop -----------------------------------------------------------------------
    async def start(self) -> None:
        _private_dir(self.data_dir)
        self._lock()
        serve_tables(cache_dir(), self.data_dir / JOBS_NAME)  # read, never built here
        low = raise_fd_limit(self.options.max_sessions)
        if low is not None:  # (the server's log speaks English, as its other lines)
            log.warning(
                "the open-file limit (%d) is too low for --max-sessions %d (it needs about "
                "%d): raise it (LimitNOFILE= in a systemd unit, ulimit -n)",
                low[0],
                self.options.max_sessions,
                low[1],
            )
        key = load_or_create_host_key(self.options.host_key or self.data_dir / HOST_KEY_NAME)
        if self.options.authorized_keys is not None:
            self.authorized_keys = load_authorized_keys(self.options.authorized_keys)
        if self.options.history:
            self._open_history()
        _load_bots()
        if len(str(self.socket_path)) > MAX_SOCKET_PATH:
            self._tmp = tempfile.TemporaryDirectory(prefix="dicepoker-")
            self.socket_path = Path(self._tmp.name) / SOCKET_NAME
        self._hub_server = await serve_hub(self.hub, self.socket_path, self.spawner.started)
        await self.spawner.start()
        self._acceptor = await asyncssh.create_server(
            lambda: GameSSHServer(self),
            self.options.host,
            self.options.port,
            server_host_keys=[key],
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            login_timeout=self.options.door.login_grace,
            keepalive_interval=30,
            keepalive_count_max=4,
        )
        self.port = self._acceptor.sockets[0].getsockname()[1]
        if self.options.web_port is not None:
            await self._start_web()
        if self.options.idle_timeout > 0:
            self._idle_task = asyncio.get_running_loop().create_task(self._close_idle())

    async def _start_web(self) -> None:
        options = self.options
        clear_tab_homes(self.data_dir / "sessions")
        self.web = WebServer(
            lambda tab: web_launch(self, tab),
            host=options.host,
            port=options.web_port or 0,
            public_url=options.public_url,
            limits=WebLimits(
                max_sessions=options.max_sessions,
                idle_timeout=options.idle_timeout,
                trust_forwarded=options.trust_forwarded,
            ),
            door=self.door,
            others=lambda: len(self.sessions),
            audit=lambda address, nick, outcome: self.logins.write(
                address, nick, "browser", outcome
            ),
        )
        await self.web.start()

    def _lock(self) -> None:
        """Take the data directory's lock, or refuse without touching anything."""
        path = self.data_dir / LOCK_NAME
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(fd, 64, 0).decode(errors="replace").strip() or "?"
            os.close(fd)
            raise AlreadyServing(
                _("another dicepoker serve (pid {pid}) uses {path}; stop it first").format(
                    pid=holder, path=self.data_dir
                )
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._lock_fd = fd

    def _unlock(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # the lock goes with it; the file stays, harmless
            self._lock_fd = None

    def _open_history(self) -> None:
        try:
            from dicepoker_tui.store import Store
        except ImportError:
            return
        path = self.data_dir / HISTORY_NAME
        opened = Store.open(path)
        for kept in (path, *path.parent.glob(HISTORY_NAME + "-*")):  # with its journal files
            with contextlib.suppress(OSError):
                os.chmod(kept, 0o600)
        if opened.notice:
            log.warning("%s", opened.notice)
        self.store = opened.store
        self.hub.store = opened.store

    async def close(self) -> None:
        if self._idle_task is not None:
            self._idle_task.cancel()
        if self.web is not None:
            await self.web.close()
        for session in list(self.sessions):
            session.terminate(EndReason(N_("the server is shutting down")))
        loop = asyncio.get_running_loop()
        until = loop.time() + 5.0
        while self.sessions and loop.time() < until:  # their apps end and they say why
            await asyncio.sleep(0.05)
        if self._acceptor is not None:
            self._acceptor.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._acceptor.wait_closed(), 5)
        await self.hub.aclose()
        if self._hub_server is not None:
            self._hub_server.close()
        await self.spawner.aclose()
        with contextlib.suppress(OSError):
            self.socket_path.unlink()
        if self.store is not None:
            self.store.close()
        if self._tmp is not None:
            self._tmp.cleanup()
        self._unlock()
        serve_tables(None)

    async def serve_forever(self) -> None:
        assert self._acceptor is not None
        await self._acceptor.wait_closed()

    # -- sessions -----------------------------------------------------------------------------
    def admit(self, session: Session) -> bool:
        tabs = len(self.web.tabs) if self.web is not None else 0
        if len(self.sessions) + tabs >= self.options.max_sessions:
            return False
        self.sessions.add(session)
        return True

    def release(self, session: Session) -> None:
        """`session` ended. The home of a nickname without a key goes with its last
        session: its settings are nobody's to keep (anyone may use that name)."""
        self.sessions.discard(session)
        who = getattr(session, "identity", None)
        if who is None or who.fingerprint is not None or self.claims.claimed(who.nick):
            return
        if any(getattr(s, "identity", None) == who for s in self.sessions):
            return
        shutil.rmtree(self.data_dir / "sessions" / who.nick, ignore_errors=True)

    def session_dir(self, nick: str) -> Path:
        """A nickname's home for its session apps; its history is the server's."""
        home = self.data_dir / "sessions" / nick
        _private_dir(home)
        link = home / HISTORY_NAME
        if not link.is_symlink() and not link.exists():
            with contextlib.suppress(OSError):
                link.symlink_to(Path("..") / ".." / HISTORY_NAME)
        return home

    def _browser_login(self, token: str, nick: str | None, refusal: str | None) -> None:
        """A browser tab's player picked a nickname: one line in the login log."""
        tabs = self.web.tabs if self.web is not None else ()
        tab = next((t for t in tabs if t.ticket == token), None)
        if refusal and tab is not None:
            tab.names_refused += 1
            if tab.names_refused > NAMES_LOGGED:
                return  # (a script trying names: its first ones are in the log)
        outcome = f"refused: {refusal}" if refusal else "accepted"
        self.logins.write(tab.address if tab else "?", nick or "-", "browser", outcome)

    def address_hint(self, nick: str) -> str:
        host = self.options.host if self.options.host not in ("", "0.0.0.0", "::") else "HOST"
        safe = nick if nick and len(nick) <= 24 and nick.isprintable() else "NAME"
        return f"ssh -t -p {self.port} {safe}@{host}"

    async def _close_idle(self) -> None:
        limit = self.options.idle_timeout
        while True:
            await asyncio.sleep(min(30.0, max(1.0, limit / 4)))
            now = asyncio.get_running_loop().time()
            for session in list(self.sessions):
                if session.idle_for(now) > limit and session.end_reason is None:
                    session.terminate(idle_reason(limit))


def _load_bots() -> None:
    """Load the bot levels (the solver's modules among them: half a second) now rather
    than on the event loop at the first hello, when every session would wait for it."""
    from dicepoker_tui.family import families

    for family in families():
        family.bot_levels()


def _private_dir(path: Path) -> None:
    path.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        os.chmod(path, 0o700)
