"""What an SSH session and the server it runs in ask of each other.

`ssh_server.GameSession` is a `Session`; `server.GameServer` is a `SessionHost`. Both
modules import this one, so neither imports the other for its types.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from dicepoker_tui.i18n import N_, Nn_
from dicepoker_tui.net.hub import Hub
from dicepoker_tui.serve.claims import NickClaims
from dicepoker_tui.serve.door import Door, EndReason, LoginLog
from dicepoker_tui.serve.spawner import Spawner

SERVER_FULL = Nn_(
    "the server is full ({n} session); try again later",
    "the server is full ({n} sessions); try again later",
)
"""A session refused at a full server (singular, plural)."""


def server_full(n: int) -> EndReason:
    return EndReason(SERVER_FULL[0], {"n": n}, SERVER_FULL[1])


def idle_reason(limit: float) -> EndReason:
    """Why an idle session was closed, in the unit its timeout is best said in."""
    if limit < 90:
        return EndReason(
            N_("closed after {seconds} s without a key pressed"), {"seconds": f"{limit:g}"}
        )
    return EndReason(
        N_("closed after {minutes} min without a key pressed"), {"minutes": round(limit / 60)}
    )


class Session(Protocol):
    """One SSH session, as the server sees it."""

    end_reason: EndReason | None

    def terminate(self, reason: EndReason) -> None:
        """End the session from the server side (idle, shutdown), saying why."""

    def idle_for(self, now: float) -> float:
        """Seconds since the player last pressed a key."""


class SessionHost(Protocol):
    """The server, as a session sees it: who may come in, the hub, the app spawner."""

    authorized_keys: object | None
    hub: Hub
    door: Door
    claims: NickClaims
    logins: LoginLog
    spawner: Spawner
    socket_path: Path

    @property
    def max_sessions(self) -> int: ...

    def admit(self, session: Session) -> bool:
        """Count `session` in, unless the server is full."""

    def release(self, session: Session) -> None:
        """`session` ended."""

    def session_dir(self, nick: str) -> Path:
        """A nickname's home for its session apps."""

    def address_hint(self, nick: str) -> str:
        """The ssh command line that reaches this server as `nick`."""
