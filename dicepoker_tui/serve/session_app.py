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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="dicepoker", add_help=False)
    parser.add_argument("--connect", required=True, metavar="SOCKET")
    parser.add_argument("--pick-name", action="store_true")
    args, _rest = parser.parse_known_args(argv)
    set_language(load_settings().language or language_from_env())
    token = os.environ.pop(TOKEN_ENV, "")
    if not token:
        print("dicepoker: " + _("--connect is for sessions of `dicepoker serve`"), file=sys.stderr)
        return 2
    return run(args.connect, token, pick_name=args.pick_name)
