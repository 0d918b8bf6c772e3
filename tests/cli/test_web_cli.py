"""`dicepoker web` and `serve --web-port` on the command line: bad options in one line."""

from __future__ import annotations

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
