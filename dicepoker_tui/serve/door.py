"""Limits at the door, as SSH servers for the public keep them: per remote address, a
token bucket of new connections (as charmbracelet's wish `ratelimiter` does) and a cap
on connections open at once; per connection, a cap on sessions. And the login log
(nicknames: `claims`).

Every refusal is one line to the client (said by the caller) and one line in the log.
A refusal is an `EndReason`: an English template put into a language only when said, the
client's where the door knows it (a browser's Accept-Language, an SSH session's LANG),
else the server's (`--lang`, its settings, its locale); the log has it in English.
"""

from __future__ import annotations

import gettext
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from dicepoker_tui.i18n import N_, current_language, load_translation

log = logging.getLogger(__name__)

LOGIN_LOG_NAME = "logins.log"


@dataclass(frozen=True)
class EndReason:
    """Why the server refused or ended a session: an English template (a msgid) and its
    values, put into a language only when said."""

    template: str
    params: dict[str, object] = field(default_factory=dict)
    plural: str | None = None
    """The plural msgid of a count (`params["n"]`), said with ngettext."""

    def text(self, translation: gettext.NullTranslations) -> str:
        if self.plural is not None:
            n = int(self.params["n"])  # type: ignore[call-overload]
            return translation.ngettext(self.template, self.plural, n).format(**self.params)
        return translation.gettext(self.template).format(**self.params)

    def english(self) -> str:
        """The text for the logs."""
        return self.text(gettext.NullTranslations())

    def in_server_language(self) -> str:
        """The text before the client has said its language: the server's."""
        return self.text(load_translation(current_language()))


@dataclass(frozen=True)
class DoorLimits:
    sessions_per_connection: int = 1
    connections_per_address: int = 10
    connections_per_minute: int = 30
    """New connections a minute from one address, on average (a burst of as many)."""
    login_grace: float = 30.0
    """Seconds a connection has to log in."""
    require_keys: bool = False


class Door:
    """Who may open a connection now; counts them while they are open."""

    def __init__(self, limits: DoorLimits, clock=time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.open: dict[str, int] = {}
        self._buckets: dict[str, tuple[float, float]] = {}
        self._telling: dict[str, int] = {}

    def enter(self, address: str) -> EndReason | None:
        """Count a new connection from `address` in; or why it is refused."""
        limits = self.limits
        if self.open.get(address, 0) >= limits.connections_per_address:
            return EndReason(
                N_("too many connections from {address} at once"), {"address": address}
            )
        refusal = self.spend(address)
        if refusal is None:
            self.open[address] = self.open.get(address, 0) + 1
        return refusal

    def spend(self, address: str) -> EndReason | None:
        """Take one token of `address`'s bucket of new connections (a connection's every
        session after its first takes one too); or why there is none left."""
        limits = self.limits
        rate = limits.connections_per_minute / 60.0
        burst = float(limits.connections_per_minute)
        now = self.clock()
        tokens, at = self._buckets.get(address, (burst, now))
        tokens = min(burst, tokens + (now - at) * rate)
        if tokens < 1:
            self._buckets[address] = (tokens, now)
            return EndReason(
                N_("too many new connections from {address}; try again in a minute"),
                {"address": address},
            )
        self._buckets[address] = (tokens - 1, now)
        if len(self._buckets) > 10000:  # forget the full buckets of addresses long gone
            self._buckets = {a: b for a, b in self._buckets.items() if b[0] < burst - 1}
        return None

    def refusing(self, address: str) -> bool:
        """Count in a refused connection that is told why before it closes; False when
        as many as `connections_per_address` are being told already (cut it short)."""
        telling = self._telling.get(address, 0)
        if telling >= self.limits.connections_per_address:
            return False
        self._telling[address] = telling + 1
        return True

    def refused(self, address: str) -> None:
        """A refused connection closed."""
        left = self._telling.get(address, 0) - 1
        if left > 0:
            self._telling[address] = left
        else:
            self._telling.pop(address, None)

    def leave(self, address: str) -> None:
        left = self.open.get(address, 0) - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)


class LoginLog:
    """One line a login: time, address, nickname, key fingerprint (or none), accepted or
    why refused. Also in the server's log."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def write(self, address: str, nick: str, fingerprint: str | None, outcome: str) -> None:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        safe = nick if nick.isprintable() and len(nick) <= 40 else repr(nick[:40])
        line = f"{stamp} {address} {safe} {fingerprint or 'no-key'} {outcome}"
        if outcome != "accepted":
            log.warning("login refused: %s", line)
        else:
            log.info("login: %s", line)
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            with os.fdopen(fd, "a") as f:
                f.write(line + "\n")
        except OSError as exc:
            log.warning("cannot write the login log %s: %s", self.path, exc)
