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
