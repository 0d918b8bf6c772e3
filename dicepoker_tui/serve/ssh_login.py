"""The SSH front door: who you are, whether you may come in now, and your session channels.

Identity is the SSH user name (the nickname) plus the fingerprint of the key used, if
any (a certificate: its CA's, with the principal, which must be the user name). By
default anyone may come in: a client key is accepted (and remembered as the owner of
the seats taken), and so is any password or an empty keyboard-interactive exchange
(unless keys are required). With an authorized-keys file, only those keys, with their
OpenSSH options (`from=`, `no-pty`, `command=`, `cert-authority`, `principals=`)
applied by asyncssh. The door's limits (`door.Door`) are checked as a connection
arrives; its sessions per connection as each session channel opens.
"""

from __future__ import annotations

import asyncio
from typing import NoReturn

import asyncssh

from dicepoker_tui.i18n import N_, Nn_
from dicepoker_tui.net.hub import Identity
from dicepoker_tui.serve.authorized_keys import ConnectionKeys
from dicepoker_tui.serve.door import EndReason
from dicepoker_tui.serve.session_host import SessionHost
from dicepoker_tui.serve.ssh_server import GameSession

REFUSED_SESSIONS = 10
"""Session channels refused on one connection before it is ended."""
TOO_MANY_REFUSED = EndReason(
    N_("{n} sessions refused on one connection; it is closed"), {"n": REFUSED_SESSIONS}
)
SESSIONS_PER_CONNECTION = Nn_(
    "{n} session per connection; connect again for another",
    "{n} sessions per connection; connect again for another",
)
"""Lines said on a connection before a session: OpenSSH prints a disconnect or a refused
channel's text with every byte outside ASCII escaped (`\\320\\267...`), so these stay in
English; a session's own refusals (a name taken, a full server) follow its LANG."""


class GameSSHServer(asyncssh.SSHServer):
    """One SSH connection: authentication, then sessions."""

    def __init__(self, game_server: SessionHost) -> None:
        self.game_server = game_server
        self.username = ""
        self.fingerprint: str | None = None
        self.address = "?"
        self.sessions: set[GameSession] = set()
        """Session channels open on this connection."""
        self._conn: asyncssh.SSHServerConnection | None = None
        self._keys: ConnectionKeys | None = None
        self._counted = False
        self._refusal: EndReason | None = None
        self._telling = False
        self._authed = False
        self._offered: str | None = None
        """The fingerprint of the last key the client offered (for the log of a refusal)."""
        self._opened = 0
        """Session channels this connection has had."""
        self._refused_sessions = 0

    @property
    def _open(self) -> bool:
        return self.game_server.authorized_keys is None

    @property
    def _keyless(self) -> bool:
        """Whether a login without a key may come in (an open server, keys not required)."""
        return self._open and not self.game_server.door.limits.require_keys

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        door = self.game_server.door
        self._refusal = door.enter(self.address)
        if self._refusal is None:
            self._counted = True
            return
        self.game_server.logins.write(self.address, "-", None, self._refusal.english())
        self._telling = door.refusing(self.address)  # told why once the keys are exchanged
        if not self._telling:
            conn.abort()  # too many of those already: no more words

    def connection_lost(self, exc: Exception | None) -> None:
        if self._counted and not self._authed:
            self._log_unauthenticated(exc)
        if self._counted:
            self._counted = False
            self.game_server.door.leave(self.address)
        elif self._telling:
            self._telling = False
            self.game_server.door.refused(self.address)

    def begin_auth(self, username: str) -> bool:
        self.username = username
        if self._refusal is not None and self._conn is not None:
            # said once the keys are exchanged, so that the client can show it
            line = f"dicepoker: {self._refusal.english()}"
            self._conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, line)
            return True
        allowed = self.game_server.authorized_keys
        if allowed is not None and self._conn is not None:
            # asyncssh checks these keys itself, with their options (from=, no-pty, ...)
            self._keys = ConnectionKeys(allowed, username)
            self._conn.set_authorized_keys(self._keys)
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Any key on an open server (a key the authorized keys refused never gets in)."""
        self._offered = key.get_fingerprint()
        if not self._open:
            return False
        self.fingerprint = key.get_fingerprint()
        return True

    def auth_completed(self) -> None:
        self._authed = True
        if self._keys is not None and self._keys.accepted is not None:
            self.fingerprint = self._keys.fingerprint

    def password_auth_supported(self) -> bool:
        return self._keyless

    def validate_password(self, username: str, password: str) -> bool:
        self.fingerprint = None
        return self._keyless

    def kbdint_auth_supported(self) -> bool:
        return self._keyless

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.fingerprint = None
        return self._keyless  # True: in without a prompt

    def validate_kbdint_response(self, username: str, responses: list[str]) -> bool:
        return self._keyless

    def session_requested(self) -> asyncssh.SSHServerSession:
        limit = self.game_server.door.limits.sessions_per_connection
        open_now = [s for s in self.sessions if s.chan is None or not s.chan.is_closing()]
        if len(open_now) >= limit:
            said = EndReason(*SESSIONS_PER_CONNECTION[:1], {"n": limit}, SESSIONS_PER_CONNECTION[1])
            self._refuse_session(f"{len(open_now)} sessions on one connection already", said)
        # a session after the connection's first counts as a new connection: closing and
        # opening channels on one connection is no way round the connections a minute
        refusal = self.game_server.door.spend(self.address) if self._opened else None
        if refusal is not None:
            self._refuse_session(refusal.english(), refusal)
        self._opened += 1
        session = GameSession(self.game_server, Identity(self.username, self.fingerprint), self)
        self.sessions.add(session)
        return session

    def _refuse_session(self, why: str, said: EndReason) -> NoReturn:
        """Refuse a session channel with `said` (in English: see `SESSIONS_PER_CONNECTION`),
        `why` logged;
        at the `REFUSED_SESSIONS`-th refusal the connection is ended, so that one
        connection's refusals (each a line in the log) stay few."""
        self._refused_sessions += 1
        self.game_server.logins.write(self.address, self.username, self.fingerprint, why)
        if self._refused_sessions >= REFUSED_SESSIONS and self._conn is not None:
            self.game_server.logins.write(
                self.address, self.username, self.fingerprint, TOO_MANY_REFUSED.english()
            )
            line_out = f"dicepoker: {TOO_MANY_REFUSED.english()}"
            asyncio.get_running_loop().call_soon(  # once this refusal is sent
                self._conn.disconnect, asyncssh.DISC_BY_APPLICATION, line_out
            )
        line = f"dicepoker: {said.english()}"
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, line)

    def _log_unauthenticated(self, exc: Exception | None) -> None:
        """The login log's line for a connection let in at the door that never logged in:
        its keys or password refused, or its grace over (a client that never gave a name
        and left on its own attempted no login)."""
        timed_out = isinstance(exc, asyncssh.ConnectionLost) and "timeout" in str(exc).lower()
        if timed_out:
            why = f"refused: no login within {self.game_server.door.limits.login_grace:g} s"
        elif not self.username:
            return
        elif self._keys is not None and self._keys.refused is not None:
            why = self._keys.refused
        elif self._offered is not None:
            why = "refused: key not authorized"
        else:
            why = "refused: no key given"
        self.game_server.logins.write(self.address, self.username or "-", self._offered, why)
