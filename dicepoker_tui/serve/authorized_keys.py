"""Who may join a closed server: an OpenSSH authorized_keys file, read and checked by asyncssh.

Key options mean what OpenSSH means (`from=`, `no-pty`, `command=`, `cert-authority`,
`principals=`, …): asyncssh applies them to a connection whose authorized client keys
these are. A line asyncssh cannot read is skipped with a warning; a file left without a
key is an error.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

import asyncssh

from dicepoker_tui.i18n import _
from dicepoker_tui.serve.host_key import HostKeyError

log = logging.getLogger(__name__)


def load_authorized_keys(path: Path) -> asyncssh.SSHAuthorizedKeys:
    """The entries of an authorized_keys file that asyncssh can read, options and all."""
    try:
        text = path.read_text()
    except OSError as exc:
        raise HostKeyError(
            _("cannot read {path}: {error}").format(path=path, error=exc.strerror)
        ) from None
    good: list[str] = []
    first_problem: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:  # asyncssh refuses a whole file for one bad line: try each on its own
            asyncssh.import_authorized_keys(line)
        except ValueError as exc:  # KeyImportError is one too
            first_problem = first_problem or _("{path}:{line}: not a public key").format(
                path=path, line=number
            )
            log.warning(
                _("{path}:{line}: not a public key, skipped ({error})").format(
                    path=path, line=number, error=exc
                )
            )
            continue
        good.append(line)
    if not good:
        raise HostKeyError(first_problem or _("{path} lists no keys").format(path=path))
    return asyncssh.import_authorized_keys("\n".join(good))


class ConnectionKeys(asyncssh.SSHAuthorizedKeys):
    """One connection's authorized keys: asyncssh's own checks, remembering the key that
    passed, whose fingerprint then names the player.

    A certificate is let in only for a principal it names that is the login's user name
    (the nickname): a `cert-authority` line's `principals=` says which principals its CA
    may vouch for here, never that one principal may use another's name. Its player is
    the CA's fingerprint with the principal (`SHA256:...:zara`), as `sshd` tells them."""

    def __init__(self, keys: asyncssh.SSHAuthorizedKeys, username: str) -> None:
        super().__init__()
        self._keys = keys
        self.username = username
        self.accepted: asyncssh.SSHKey | None = None
        self.principal: str | None = None
        """The certificate's principal the login is for (None: a plain key)."""
        self.refused: str | None = None
        """Why a certificate signed by an authorized CA was refused (for the login log)."""

    @property
    def fingerprint(self) -> str | None:
        """Who the accepted key or certificate is: see the class."""
        if self.accepted is None:
            return None
        fingerprint = self.accepted.get_fingerprint()
        return f"{fingerprint}:{self.principal}" if self.principal is not None else fingerprint

    def validate(
        self,
        key: asyncssh.SSHKey,
        client_host: str,
        client_addr: str,
        cert_principals: Sequence[str] | None = None,
        ca: bool = False,
    ):
        options = self._keys.validate(key, client_host, client_addr, cert_principals, ca)
        if options is not None and ca and self.username not in (cert_principals or ()):
            self.refused = f"refused: certificate not for {self.username}"
            return None
        if options is not None:
            self.accepted = key
            self.principal = self.username if ca else None
        return options

    def validate_x509(self, cert, client_host: str, client_addr: str):
        options, trusted = self._keys.validate_x509(cert, client_host, client_addr)
        if options is not None:
            self.accepted = cert.key
            self.principal = None
        return options, trusted
