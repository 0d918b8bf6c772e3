"""Nicknames and the key that claimed each, kept in the data directory.

The first key to use a nickname claims it; a key claims at most `per_key` names. A name
that looks like a claimed one (`net.lookalike`) is that one's. A key may not claim a name
a player without a key uses now (its session is open, or it holds a seat).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from collections import Counter
from pathlib import Path

from dicepoker_tui.i18n import N_
from dicepoker_tui.net.hub import Hub
from dicepoker_tui.net.lookalike import skeleton

log = logging.getLogger(__name__)

CLAIMS_NAME = "nicknames.json"
NAMES_PER_KEY = 5
"""Nicknames one key may claim, unless `dicepoker serve --names-per-key` says otherwise."""

Refused = tuple[str, dict[str, str | int]]
"""Why a name is refused: an English template (msgid) and its values."""


class NickClaims:
    """The claimed nicknames (lower case) and the fingerprint of the key of each."""

    def __init__(self, path: Path, per_key: int = NAMES_PER_KEY) -> None:
        self.path = path
        self.per_key = per_key
        self.claims: dict[str, str] = {}
        with contextlib.suppress(OSError, ValueError):
            loaded = json.loads(path.read_text())
            if isinstance(loaded, dict):
                self.claims = {str(k): str(v) for k, v in loaded.items()}
        self._shapes: dict[str, tuple[str, str]] = {}
        """Skeleton -> (a claimed name of that shape, its key's fingerprint)."""
        self._count = Counter(self.claims.values())
        for name, owner in self.claims.items():
            self._shapes.setdefault(skeleton(name), (name, owner))

    def held(self, nick: str) -> tuple[str, str] | None:
        """The claimed name that `nick` is or looks like, with its key; or None."""
        owner = self.claims.get(nick.lower())
        if owner is not None:
            return nick.lower(), owner
        return self._shapes.get(skeleton(nick))

    def claimed(self, nick: str) -> bool:
        """Whether a key holds `nick` or a name that looks like it."""
        return self.held(nick) is not None

    def check(self, nick: str, fingerprint: str | None) -> Refused | None:
        """Why this key (or no key) may not use `nick`; None when it may, and then the
        first key to use it claims it."""
        held = self.held(nick)
        if held is not None:
            name, owner = held
            ca, _, principal = (fingerprint or "").rpartition(":")
            if fingerprint is not None and ca == owner and principal.lower() == name:
                self._rehome(name, fingerprint)  # claimed by its certificate's CA alone
                owner = fingerprint
            if owner == fingerprint:
                if name != nick.lower():  # a look-alike of one's own name: one's own too
                    return self._claim(nick, fingerprint)
                return None
            if name != nick.lower():
                return N_(
                    "the name {nick} looks like {other}, a name another key holds here; "
                    "pick another name"
                ), {"nick": nick, "other": name}
            return N_(
                "the name {nick} belongs to another key here; connect with it or another name"
            ), {"nick": nick}
        if fingerprint is None:
            return None
        return self._claim(nick, fingerprint)

    def _claim(self, nick: str, fingerprint: str) -> Refused | None:
        if self._count[fingerprint] >= self.per_key:
            mine = sorted(name for name, owner in self.claims.items() if owner == fingerprint)
            return N_(
                "this key holds as many names here as a key may ({names}); connect as one of them"
            ), {"names": ", ".join(mine[:10])}
        self.claims[nick.lower()] = fingerprint
        self._count[fingerprint] += 1
        self._shapes.setdefault(skeleton(nick), (nick.lower(), fingerprint))
        self._save()
        return None

    def _rehome(self, name: str, fingerprint: str) -> None:
        """`name`, claimed by a certificate's CA before its player was the CA with the
        principal, now belongs to that player (the certificate for that name)."""
        self._count[self.claims[name]] -= 1
        self.claims[name] = fingerprint
        self._count[fingerprint] += 1
        self._shapes[skeleton(name)] = (name, fingerprint)
        self._save()

    def _save(self) -> None:
        tmp = self.path.with_suffix(".tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as f:
                json.dump(self.claims, f, indent=0, sort_keys=True)
            os.replace(tmp, self.path)
        except OSError as exc:
            log.warning("cannot keep the nickname claims in %s: %s", self.path, exc)


def name_refusal(
    claims: NickClaims, hub: Hub, nick: str, fingerprint: str | None
) -> Refused | None:
    """Why an SSH login may not use `nick` with this key (or none); None when it may."""
    held = claims.held(nick)
    if fingerprint is not None and (held is None or held[1] != fingerprint):
        in_use = hub.held_without_key(nick)
        if in_use is not None:
            return N_(
                "the name {nick} is in use here by a player without a key; pick another name"
            ), {"nick": nick if in_use == nick else f"{nick} ({in_use})"}
    return claims.check(nick, fingerprint)
