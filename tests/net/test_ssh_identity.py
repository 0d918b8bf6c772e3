"""Who is who at a `dicepoker serve` open to strangers (a real server process, real SSH
clients with real keys and certificates, a real browser tab): a seat stays with the
identity that sat down, a certificate speaks for its own principal only, one key holds
a bounded number of names, and look-alike names are refused."""

from __future__ import annotations

import json

import asyncssh
import pytest

from .serve_process import WsTab, start_serve
from .ssh_client import Terminal, connect

MALLORY = asyncssh.generate_private_key("ssh-ed25519")
ALICE = asyncssh.generate_private_key("ssh-ed25519")


async def refused_line(port: int, user: str, key=None) -> str:
    """Log in as `user` (with `key`), open a terminal session: the one line it is told
    before the session ends (its exit status 1)."""
    async with await connect(port, user, key) as conn:
        term = await Terminal.open(conn)
        try:
            status = await term.closed(timeout=30)
        except TimeoutError:
            raise AssertionError(f"{user} was let in; the screen:\n{term.screen()}") from None
        shown = bytes(term.output).decode(errors="replace")
        assert status == 1, shown
        err = await term.process.stderr.read()
        line = (shown + (err.decode(errors="replace") if isinstance(err, bytes) else err)).strip()
        assert "Traceback" not in line
        return line


def claims(home) -> dict[str, str]:
    path = home / "nicknames.json"
    return json.loads(path.read_text()) if path.exists() else {}


async def test_a_key_cannot_take_the_name_and_seat_of_a_browser_player(short_tmp):
    server = await start_serve(short_tmp / "home", "--web-port", "0")
    carl = WsTab()
    try:
        await carl.named(server.url, "carl")
        await carl.keys("n")
        await carl.shows("Open the table")
        await carl.keys("\x13")  # ctrl+s: carl sits at the table he opened
        await carl.shows("Waiting for 1 more player")
        line = await refused_line(server.port, "carl", MALLORY)
        assert "carl" in line and "without a key" in line, line
        assert "carl" not in claims(server.home)
        # carl keeps his seat: a second player sits down and the game starts for him
        async with await connect(server.port, "bob", ALICE) as conn:
            bob = await Terminal.open(conn)
            await bob.wait_for("online as bob", timeout=30)
            await bob.shows("~carl")
            bob.send("\r")
            await carl.shows("your turn", timeout=30)
            bob.send("q")
        assert "Traceback" not in server.log()
    finally:
        await carl.close()
        await server.stop()


async def online(port: int, user: str, key) -> None:
    """Log in as `user` with `key` (a key, or a (key, certificate) pair) and reach the lobby."""
    async with await connect(port, user, key) as conn:
        term = await Terminal.open(conn)
        await term.wait_for(f"online as {user}", timeout=30)
        term.send("q")
        await term.closed()


async def test_a_certificate_speaks_only_for_its_own_principal(short_tmp):
    ca = asyncssh.generate_private_key("ssh-ed25519")
    mallory2 = asyncssh.generate_private_key("ssh-ed25519")
    zara = asyncssh.generate_private_key("ssh-ed25519")
    certs = {
        "mallory2": (
            mallory2,
            ca.generate_user_certificate(mallory2, "m2", principals=["mallory2"]),
        ),
        "zara": (zara, ca.generate_user_certificate(zara, "zara", principals=["zara"])),
    }
    keys = short_tmp / "authorized_keys"
    ca_line = ca.export_public_key().decode().strip()
    keys.write_text(f'cert-authority,principals="mallory2,zara" {ca_line}\n')
    server = await start_serve(short_tmp / "home", "--authorized-keys", str(keys))
    try:
        await online(server.port, "mallory2", certs["mallory2"])
        with pytest.raises(asyncssh.PermissionDenied):  # zara's certificate, mallory2's name
            await connect(server.port, "mallory2", certs["zara"])
        await online(server.port, "zara", certs["zara"])
        held = claims(server.home)
        authority = ca.get_fingerprint()
        assert held == {"mallory2": f"{authority}:mallory2", "zara": f"{authority}:zara"}
        log = (server.home / "logins.log").read_text()
        assert "mallory2 no-key refused" not in log
        assert "refused: certificate not for mallory2" in log, log
    finally:
        await server.stop()


async def test_one_key_claims_a_bounded_number_of_names(short_tmp):
    server = await start_serve(short_tmp / "home", "--names-per-key", "2")
    try:
        await online(server.port, "amy", MALLORY)
        await online(server.port, "ben", MALLORY)
        line = await refused_line(server.port, "cid", MALLORY)
        assert "as many names here as a key may (amy, ben)" in line, line
        assert set(claims(server.home)) == {"amy", "ben"}
        await online(server.port, "amy", MALLORY)  # its names stay its own
        await online(server.port, "cid", ALICE)  # and the name is anyone else's to claim
    finally:
        await server.stop()


async def test_look_alike_names_are_refused(short_tmp):
    server = await start_serve(short_tmp / "home", "--web-port", "0")
    try:
        await online(server.port, "alice", ALICE)
        await online(server.port, "dave", ALICE)
        for nick in ("al1ce", "aIice", "ALICE", "dave."):
            line = await refused_line(server.port, nick, MALLORY)
            assert "another key" in line, (nick, line)
        line = await refused_line(server.port, "al1ce")  # without a key, the same
        assert "looks like alice" in line, line
        assert set(claims(server.home)) == {"alice", "dave"}
        tab = WsTab()
        try:
            await tab.open(server.url)
            await tab.shows("your name at the tables")
            await tab.keys("aIice\r")
            shown = await tab.shows("belongs to a key here")
            assert "Traceback" not in shown
        finally:
            await tab.close()
    finally:
        await server.stop()
