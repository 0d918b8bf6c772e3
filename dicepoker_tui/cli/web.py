"""`dicepoker web`: the app in a browser tab, one app process per tab (textual-serve).

Everything the terminal app does, with this machine's history and settings. Bound to
loopback unless `--host` says otherwise: anyone who reaches the page plays as you.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.serve import port_arg
from dicepoker_tui.cli.web_options import add_web_limits, check_public_url, until_stopped
from dicepoker_tui.i18n import _


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--host", default="127.0.0.1", help=_("address to listen on (default: loopback)")
    )
    p.add_argument(
        "--port", type=port_arg, default=8000, help=_("port to listen on (default 8000)")
    )
    add_web_limits(p)


def run(args: argparse.Namespace) -> int:
    if args.idle_timeout < 0:
        raise CliError(_("--idle-timeout cannot be negative"))
    check_public_url(args.public_url)
    from dicepoker_tui.serve.door import Door, DoorLimits
    from dicepoker_tui.serve.web import WebLimits, WebServer
    from dicepoker_tui.serve.web_tab import Launch, app_command, same_code

    env = same_code({k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")})

    def launch(tab) -> Launch:  # type: ignore[no-untyped-def]
        return Launch(app_command(), env)

    server = WebServer(
        launch,
        host=args.host,
        port=args.port,
        public_url=args.public_url,
        limits=WebLimits(
            max_sessions=args.max_sessions,
            idle_timeout=args.idle_timeout,
            trust_forwarded=args.trust_forwarded,
        ),
        door=Door(
            DoorLimits(
                connections_per_address=args.connections_per_address,
                connections_per_minute=args.connections_per_minute,
            )
        ),
    )
    logging.basicConfig(level=logging.INFO, format="dicepoker web: %(message)s")
    for noisy in ("aiohttp", "asyncio", "textual-serve"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    try:
        return asyncio.run(_serve(server))
    except OSError as exc:
        raise CliError(
            _("cannot listen on {address}: {reason}").format(
                address=f"{args.host}:{args.port}", reason=exc.strerror or exc
            )
        ) from None
    except KeyboardInterrupt:
        return 0


async def _serve(server) -> int:  # type: ignore[no-untyped-def]
    await server.start()
    line = _("open {url} in a browser (one game per tab; Ctrl+C stops)")
    print(f"dicepoker web: {line.format(url=server.url)}", flush=True)
    await until_stopped()
    print(f"dicepoker web: {_('stopping')}", file=sys.stderr, flush=True)
    await server.close()
    return 0
