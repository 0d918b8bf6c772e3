"""The server's ed25519 host key: made on first start, kept private (0600), reused."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

from dicepoker_tui.i18n import _

HOST_KEY_NAME = "ssh_host_ed25519_key"


class HostKeyError(Exception):
    """The host key file exists but cannot be used; the message names the problem."""


def load_or_create_host_key(path: Path) -> asyncssh.SSHKey:
    """Read the key at `path`, or generate one there (mode 0600) when there is none."""
    if path.exists():
        try:
            return asyncssh.read_private_key(path)
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            raise HostKeyError(
                _("cannot read the host key {path}: {error}").format(path=path, error=exc)
            ) from None
    key = asyncssh.generate_private_key("ssh-ed25519", comment="dicepoker serve")
    path.parent.mkdir(parents=True, exist_ok=True)
    data = key.export_private_key()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    return key


def load_authorized_keys(path: Path) -> set[bytes]:
    """The public keys (wire form) listed in an authorized_keys file; options are ignored."""
    try:
        text = path.read_text()
    except OSError as exc:
        raise HostKeyError(
            _("cannot read {path}: {error}").format(path=path, error=exc.strerror)
        ) from None
    keys: set[bytes] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        for start in range(len(words)):
            try:
                key = asyncssh.import_public_key(" ".join(words[start : start + 2]))
            except (asyncssh.KeyImportError, ValueError):
                continue
            keys.add(key.public_data)
            break
        else:
            raise HostKeyError(_("{path}:{line}: not a public key").format(path=path, line=number))
    if not keys:
        raise HostKeyError(_("{path} lists no keys").format(path=path))
    return keys
