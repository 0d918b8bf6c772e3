"""`dicepoker web` and `serve --web-port` on the command line: bad options in one line,
and what the server says it lets in."""

from __future__ import annotations

import asyncio
import os
import sys

from .running import dicepoker, one_line_error


def test_a_public_url_that_is_not_http_is_refused():
    result = dicepoker("web", "--public-url", "ftp://dice.example.org")
    assert result.returncode == 2
    assert one_line_error(result) == (
        "dicepoker web: --public-url ftp://dice.example.org does not start with http:// or https://"
    )


def test_a_negative_idle_timeout_is_refused():
    result = dicepoker("web", "--idle-timeout", "-1")
    assert result.returncode == 2
    assert one_line_error(result) == "dicepoker web: --idle-timeout cannot be negative"


def test_browsers_are_not_let_into_a_server_of_authorized_keys(tmp_path):
    keys = tmp_path / "keys"
    keys.write_text(
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK9aWb8W5ZpZ4qkm8ydIGZ4q1n1Hq4lW1Yk3Y9vK8pUe a\n"
    )
    result = dicepoker("serve", "--web-port", "0", "--authorized-keys", str(keys))
    assert result.returncode == 2
    assert "browsers have no key" in one_line_error(result)


def test_the_web_port_must_be_a_port():
    result = dicepoker("serve", "--web-port", "70000")
    assert result.returncode == 2
    assert "is not a port" in one_line_error(result)


async def test_with_keys_required_the_server_says_who_may_join(tmp_path):
    env = {**os.environ, "DICEPOKER_HOME": str(tmp_path / "home")}
    server = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "dicepoker_tui", "serve", "--port", "0", "--web-port", "0"),
        "--require-keys",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        env=env,
    )
    assert server.stdout is not None
    try:
        ssh = (await asyncio.wait_for(server.stdout.readline(), 60)).decode()
        web = (await asyncio.wait_for(server.stdout.readline(), 60)).decode()
    finally:
        server.terminate()
        await asyncio.wait_for(server.wait(), 30)
    assert "(players with an SSH key may join)" in ssh and "anyone" not in ssh
    assert "(only players with a key may sit down)" in web
