"""`dicepoker serve --authorized-keys`: OpenSSH's file, options and all, with a real client."""

from __future__ import annotations

import logging

import asyncssh
import pytest

from dicepoker_tui.serve.authorized_keys import load_authorized_keys
from dicepoker_tui.serve.host_key import HostKeyError
from dicepoker_tui.serve.server import GameServer, ServeOptions

from .helpers import until
from .ssh_client import Terminal, connect

KEY_A = asyncssh.generate_private_key("ssh-ed25519")
KEY_B = asyncssh.generate_private_key("ssh-ed25519")
KEY_C = asyncssh.generate_private_key("ssh-ed25519")


def public_line(key: asyncssh.SSHKey, options: str = "") -> str:
    return (options + " " if options else "") + key.export_public_key().decode().strip()


async def closed_server(short_tmp, *lines: str) -> GameServer:
    keys = short_tmp / "authorized_keys"
    keys.write_text("\n".join(lines) + "\n")
    server = GameServer(
        ServeOptions(
            port=0,
            data_dir=short_tmp / "home",
            authorized_keys=keys,
            idle_timeout=0,
            prefork=False,
            history=False,
        )
    )
    await server.start()
    return server


async def test_a_key_allowed_only_from_another_address_is_refused_here(short_tmp):
    server = await closed_server(
        short_tmp, public_line(KEY_A, 'from="10.9.9.9"'), public_line(KEY_B, 'from="127.0.0.1"')
    )
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, "alice", KEY_A)
        refused = f"alice {KEY_A.get_fingerprint()} refused: key not authorized"
        log = server.data_dir / "logins.log"
        await until(lambda: log.exists() and refused in log.read_text(), what="logged")
        async with await connect(server.port, "bob", KEY_B) as conn:
            result = await conn.run("x", check=False)
            assert result.exit_status == 1  # in (and refused the command)
    finally:
        await server.close()


async def test_a_garbage_line_is_skipped_with_a_warning_and_the_good_keys_work(short_tmp, caplog):
    caplog.set_level(logging.WARNING)
    server = await closed_server(
        short_tmp,
        "# friends",
        public_line(KEY_A),
        "this is no key at all",
        'environment="broken" ' + public_line(KEY_C),
        public_line(KEY_B),
    )
    try:
        warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
        assert any("authorized_keys:3: not a public key, skipped" in w for w in warnings)
        assert any("authorized_keys:4: not a public key, skipped" in w for w in warnings)
        for nick, key in (("alice", KEY_A), ("bob", KEY_B)):
            async with await connect(server.port, nick, key) as conn:
                result = await conn.run("x", check=False)
                assert result.exit_status == 1
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, "carol", KEY_C)
    finally:
        await server.close()


async def test_the_accepted_key_names_the_player(short_tmp):
    server = await closed_server(short_tmp, public_line(KEY_B), public_line(KEY_A))
    try:
        async with await connect(server.port, "alice", KEY_A) as conn:
            term = await Terminal.open(conn)
            await term.wait_for("online as alice")
            (session,) = server.sessions
            assert session.identity.fingerprint == KEY_A.get_fingerprint()
            assert session.identity.nick == "alice"
    finally:
        await server.close()


async def test_no_pty_is_honoured(short_tmp):
    server = await closed_server(short_tmp, public_line(KEY_A, "no-pty"))
    try:
        async with await connect(server.port, "alice", KEY_A) as conn:
            with pytest.raises(asyncssh.ChannelOpenError, match="PTY request failed"):
                await conn.create_process(term_type="xterm")
            result = await conn.run("x", check=False)  # still in, without a pty
            assert result.exit_status == 1
    finally:
        await server.close()


def test_a_file_without_a_readable_key_is_an_error(tmp_path):
    keys = tmp_path / "authorized_keys"
    keys.write_text("# nobody\n\n")
    with pytest.raises(HostKeyError, match="lists no keys"):
        load_authorized_keys(keys)
    keys.write_text("# nobody\nnonsense\n")
    with pytest.raises(HostKeyError, match="authorized_keys:2: not a public key"):
        load_authorized_keys(keys)


async def test_a_cert_authority_line_admits_its_certificates_for_their_principals(short_tmp):
    ca = asyncssh.generate_private_key("ssh-ed25519")
    user = asyncssh.generate_private_key("ssh-ed25519")
    cert = ca.generate_user_certificate(user, "carol's cert", principals=["carol"])
    server = await closed_server(short_tmp, public_line(ca, "cert-authority"))
    try:
        async with await connect(server.port, "carol", (user, cert)) as conn:
            term = await Terminal.open(conn)
            await term.wait_for("online as carol")
        with pytest.raises(asyncssh.PermissionDenied):  # not a principal of that cert
            await connect(server.port, "mallory", (user, cert))
        with pytest.raises(asyncssh.PermissionDenied):  # the CA's line is not a plain key
            await connect(server.port, "carol", user)
    finally:
        await server.close()


async def test_principals_narrow_which_certificates_a_cert_authority_admits(short_tmp):
    ca = asyncssh.generate_private_key("ssh-ed25519")
    user = asyncssh.generate_private_key("ssh-ed25519")
    dave_only = ca.generate_user_certificate(user, "dave", principals=["dave"])
    erin = ca.generate_user_certificate(user, "erin", principals=["erin"])
    server = await closed_server(short_tmp, public_line(ca, 'cert-authority,principals="erin"'))
    try:
        with pytest.raises(asyncssh.PermissionDenied):  # signed by the CA, not for erin
            await connect(server.port, "dave", (user, dave_only))
        async with await connect(server.port, "erin", (user, erin)) as conn:
            term = await Terminal.open(conn)
            await term.wait_for("online as erin")
    finally:
        await server.close()
