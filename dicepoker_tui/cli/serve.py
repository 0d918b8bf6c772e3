"""`dicepoker serve`: a game server that friends join with plain `ssh`."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from pathlib import Path

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.i18n import _


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--host", default="127.0.0.1", help=_("address to listen on (default: loopback)")
    )
    p.add_argument(
        "--port",
        type=int,
        default=2222,
        help=_("port to listen on (default 2222)"),
    )
    p.add_argument(
        "--host-key",
        type=Path,
        metavar="PATH",
        help=_("ed25519 host key (default: made on first start in the data directory)"),
    )
    p.add_argument(
        "--authorized-keys",
        type=Path,
        metavar="PATH",
        help=_("only these public keys may connect (default: anyone)"),
    )
    p.add_argument(
        "--max-sessions",
        type=int,
        default=50,
        metavar="N",
        help=_("default 50"),
    )
    p.add_argument(
        "--idle-timeout",
        type=float,
        default=3600.0,
        metavar="SECONDS",
        help=_("close sessions without a key pressed for this long (0: never; default 3600)"),
    )


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise CliError(_("--port {port} is not a port (0-65535)").format(port=args.port))
    if args.max_sessions < 1:
        raise CliError(_("--max-sessions needs at least 1"))
    if args.idle_timeout < 0:
        raise CliError(_("--idle-timeout cannot be negative"))
    if args.authorized_keys is not None and not args.authorized_keys.is_file():
        raise CliError(
            _("--authorized-keys {path}: no such file").format(path=args.authorized_keys)
        )
    from dicepoker_tui.serve.host_key import HostKeyError
    from dicepoker_tui.serve.server import GameServer, ServeOptions

    options = ServeOptions(
        host=args.host,
        port=args.port,
        host_key=args.host_key,
        authorized_keys=args.authorized_keys,
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_timeout,
    )
    logging.basicConfig(level=logging.WARNING, format="dicepoker serve: %(message)s")
    try:
        return asyncio.run(_serve(GameServer(options)))
    except HostKeyError as exc:
        raise CliError(str(exc)) from None
    except OSError as exc:
        raise CliError(
            _("cannot listen on {address}: {reason}").format(
                address=f"{args.host}:{args.port}", reason=exc.strerror or exc
            )
        ) from None
    except KeyboardInterrupt:
        return 0


async def _serve(server) -> int:
    await server.start()
    host, port = server.options.host, server.port
    if server.authorized_keys is not None:
        line = _("listening on {address} (only the authorized keys may join); play with: {ssh}")
    else:
        line = _("listening on {address} (anyone may join); play with: {ssh}")
    ssh = f"ssh -p {port} NAME@{host}"
    print(f"dicepoker serve: {line.format(address=f'{host}:{port}', ssh=ssh)}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    print(f"dicepoker serve: {_('stopping')}", file=sys.stderr, flush=True)
    await server.close()
    return 0
