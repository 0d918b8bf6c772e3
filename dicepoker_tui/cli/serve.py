"""`dicepoker serve`: a game server that friends join with plain `ssh`."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.texts import ascii_int, bounded_int, seconds_arg
from dicepoker_tui.cli.variant_file import apply_variant_file
from dicepoker_tui.cli.web_options import add_web_limits, check_public_url, until_stopped
from dicepoker_tui.i18n import _
from dicepoker_tui.store.paths import VARIANT_FILES_ENV


def port_arg(text: str) -> int:
    """`--port P`: 0 to 65535 in ASCII digits."""
    value = ascii_int(text)
    if value is not None and not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            _("--port {port} is not a port (0-65535)").format(port=value)
        )
    return bounded_int(0, 65535)(text)


_limit = bounded_int(1, 100_000)


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--host", default="127.0.0.1", help=_("address to listen on (default: loopback)")
    )
    p.add_argument(
        "--port",
        type=port_arg,
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
        type=bounded_int(1, 100_000),
        default=50,
        metavar="N",
        help=_("default 50"),
    )
    p.add_argument(
        "--idle-timeout",
        type=seconds_arg,
        default=3600.0,
        metavar="SECONDS",
        help=_("close sessions without a key pressed for this long (0: never; default 3600)"),
    )
    p.add_argument(
        "--require-keys",
        action="store_true",
        help=_("only players with an SSH key may join (default: a name alone will do)"),
    )
    p.add_argument(
        "--variant-file",
        action="append",
        metavar="FILE",
        type=Path,
        help=_("a house-rules file (TOML) whose variant tables may play (repeatable)"),
    )
    web = p.add_argument_group(_("browsers"))
    web.add_argument(
        "--web-port",
        type=port_arg,
        metavar="PORT",
        help=_("also serve the game to browsers on this port, at the same tables (on --host)"),
    )
    add_web_limits(web, with_caps=False)
    limits = p.add_argument_group(_("limits"))
    limits.add_argument(
        "--max-tables", type=_limit, default=100, metavar="N", help=_("open tables (default 100)")
    )
    limits.add_argument(
        "--max-tables-per-name",
        type=_limit,
        default=3,
        metavar="N",
        help=_("unfinished tables one nickname may open (default 3)"),
    )
    limits.add_argument(
        "--names-per-key",
        type=_limit,
        default=5,
        metavar="N",
        help=_("nicknames one key may claim (default 5)"),
    )
    limits.add_argument(
        "--max-tables-per-address",
        type=_limit,
        default=10,
        metavar="N",
        help=_("unfinished tables the players of one address may open (default 10)"),
    )
    limits.add_argument(
        "--abandoned-timeout",
        type=seconds_arg,
        default=600.0,
        metavar="SECONDS",
        help=_(
            "a started table none of its players is at closes after this long; a game in "
            "play is kept for its players to resume (default 600)"
        ),
    )
    limits.add_argument(
        "--sessions-per-connection",
        type=_limit,
        default=1,
        metavar="N",
        help=_("sessions one SSH connection may open (default 1)"),
    )
    limits.add_argument(
        "--connections-per-address",
        type=_limit,
        default=10,
        metavar="N",
        help=_("connections open at once from one address (default 10)"),
    )
    limits.add_argument(
        "--connections-per-minute",
        type=_limit,
        default=30,
        metavar="N",
        help=_("new connections a minute from one address (default 30)"),
    )
    limits.add_argument(
        "--login-grace",
        type=seconds_arg,
        default=30.0,
        metavar="SECONDS",
        help=_("seconds a connection has to log in (default 30)"),
    )


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise CliError(_("--port {port} is not a port (0-65535)").format(port=args.port))
    if args.max_sessions < 1:
        raise CliError(_("--max-sessions needs at least 1"))
    if args.idle_timeout < 0:
        raise CliError(_("--idle-timeout cannot be negative"))
    for flag in (
        "max_tables",
        "max_tables_per_name",
        "names_per_key",
        "max_tables_per_address",
        "sessions_per_connection",
        "connections_per_address",
        "connections_per_minute",
    ):
        if getattr(args, flag) < 1:
            raise CliError(_("--{flag} needs at least 1").format(flag=flag.replace("_", "-")))
    if args.login_grace <= 0:
        raise CliError(_("--login-grace needs more than 0 seconds"))
    if args.abandoned_timeout <= 0:
        raise CliError(_("--abandoned-timeout needs more than 0 seconds"))
    if args.authorized_keys is not None and not args.authorized_keys.is_file():
        raise CliError(
            _("--authorized-keys {path}: no such file").format(path=args.authorized_keys)
        )
    if args.web_port is not None and args.authorized_keys is not None:
        raise CliError(
            _("--web-port: browsers have no key, and only the authorized keys may join here")
        )
    check_public_url(args.public_url)
    if args.variant_file:  # checked here; the session processes read them too
        for path in args.variant_file:
            apply_variant_file(argparse.Namespace(variant_file=path))
        os.environ[VARIANT_FILES_ENV] = os.pathsep.join(
            str(path.resolve()) for path in args.variant_file
        )
    from dicepoker_tui.serve.door import DoorLimits
    from dicepoker_tui.serve.host_key import HostKeyError
    from dicepoker_tui.serve.server import AlreadyServing, GameServer, ServeOptions

    options = ServeOptions(
        host=args.host,
        port=args.port,
        host_key=args.host_key,
        authorized_keys=args.authorized_keys,
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_timeout,
        max_tables=args.max_tables,
        max_tables_per_nick=args.max_tables_per_name,
        names_per_key=args.names_per_key,
        max_tables_per_address=args.max_tables_per_address,
        abandoned_grace=args.abandoned_timeout,
        door=DoorLimits(
            sessions_per_connection=args.sessions_per_connection,
            connections_per_address=args.connections_per_address,
            connections_per_minute=args.connections_per_minute,
            login_grace=args.login_grace,
            require_keys=args.require_keys,
        ),
        web_port=args.web_port,
        public_url=args.public_url,
        trust_forwarded=args.trust_forwarded,
    )
    logging.basicConfig(level=logging.INFO, format="dicepoker serve: %(message)s")
    # their connection chatter is not the server's log
    for noisy in ("asyncssh", "asyncio", "aiohttp", "textual-serve"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    try:
        return asyncio.run(_serve(GameServer(options)))
    except (HostKeyError, AlreadyServing) as exc:
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
    elif server.options.door.require_keys:
        line = _("listening on {address} (players with an SSH key may join); play with: {ssh}")
    else:
        line = _("listening on {address} (anyone may join); play with: {ssh}")
    ssh = f"ssh -p {port} NAME@{host}"
    print(f"dicepoker serve: {line.format(address=f'{host}:{port}', ssh=ssh)}", flush=True)
    if server.web is not None:
        if server.options.door.require_keys:
            line = _("browsers watch at {url} (only players with a key may sit down)")
        else:
            line = _("browsers play at {url}")
        print(f"dicepoker serve: {line.format(url=server.web.url)}", flush=True)
    await until_stopped()
    print(f"dicepoker serve: {_('stopping')}", file=sys.stderr, flush=True)
    await server.close()
    return 0
