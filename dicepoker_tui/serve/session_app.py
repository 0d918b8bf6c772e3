"""The app of one SSH session: `python -m dicepoker_tui --connect SOCKET`.

The session token comes in the environment (`DICEPOKER_SESSION_TOKEN`), not on the
command line where other users of the machine could read it. The language is the
player's: the one saved in the session's settings, else the LANG / LC_ALL the SSH client
sent (children of the session spawner start from its English, so it is set here).
"""

from __future__ import annotations

import argparse
import os
import sys

TOKEN_ENV = "DICEPOKER_SESSION_TOKEN"

# Imported here so the session spawner loads the whole app before it forks.
from dicepoker_tui.i18n import _, language_from_env, set_language  # noqa: E402
from dicepoker_tui.ui.common.settings import load_settings  # noqa: E402
from dicepoker_tui.ui.net.app import run  # noqa: E402


def session_args(argv: list[str]) -> tuple[str, str, bool] | None:
    """(the hub's socket, the session token, whether the player picks a nickname), or None
    (one line said why) when this is no session of `dicepoker serve`."""
    parser = argparse.ArgumentParser(prog="dicepoker", add_help=False)
    parser.add_argument("--connect", required=True, metavar="SOCKET")
    parser.add_argument("--pick-name", action="store_true")
    args, _rest = parser.parse_known_args(argv)
    token = os.environ.pop(TOKEN_ENV, "")
    if not token:
        print("dicepoker: " + _("--connect is for sessions of `dicepoker serve`"), file=sys.stderr)
        return None
    return args.connect, token, args.pick_name


def main(argv: list[str]) -> int:
    set_language(load_settings().language or language_from_env())
    session = session_args(argv)
    if session is None:
        return 2
    socket_path, token, pick_name = session
    return run(socket_path, token, pick_name=pick_name)
