"""What `dicepoker web` and `dicepoker serve --web-port` share: options and the wait."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.texts import bounded_int, seconds_arg
from dicepoker_tui.i18n import _


def add_web_limits(p: argparse.ArgumentParser, with_caps: bool = True) -> None:
    """The options `dicepoker web` and `dicepoker serve --web-port` share."""
    p.add_argument(
        "--public-url",
        metavar="URL",
        help=_("the address browsers use, behind a reverse proxy (https:// makes the socket wss:)"),
    )
    p.add_argument(
        "--trust-forwarded",
        action="store_true",
        help=_("take a browser's address from X-Forwarded-For sent by a proxy on loopback"),
    )
    if not with_caps:
        return
    p.add_argument(
        "--max-sessions",
        type=bounded_int(1, 100_000),
        default=20,
        metavar="N",
        help=_("browser tabs open at once (default 20)"),
    )
    p.add_argument(
        "--idle-timeout",
        type=seconds_arg,
        default=3600.0,
        metavar="SECONDS",
        help=_("close tabs without a key pressed for this long (0: never; default 3600)"),
    )
    p.add_argument(
        "--connections-per-address",
        type=bounded_int(1, 100_000),
        default=10,
        metavar="N",
        help=_("tabs open at once from one address (default 10)"),
    )
    p.add_argument(
        "--connections-per-minute",
        type=bounded_int(1, 100_000),
        default=30,
        metavar="N",
        help=_("new tabs a minute from one address (default 30)"),
    )


def check_public_url(url: str | None) -> None:
    if url is not None and not url.startswith(("http://", "https://")):
        raise CliError(
            _("--public-url {url} does not start with http:// or https://").format(url=url)
        )


async def until_stopped() -> None:
    """Until SIGINT or SIGTERM."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()
