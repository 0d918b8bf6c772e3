"""The app of one SSH session: `python -m dicepoker_tui --connect SOCKET`.

The session token comes in the environment (`DICEPOKER_SESSION_TOKEN`), not on the
command line where other users of the machine could read it.
"""

from __future__ import annotations

import argparse
import os
import sys

TOKEN_ENV = "DICEPOKER_SESSION_TOKEN"

# Imported here so the session spawner loads the whole app before it forks.
from dicepoker_tui.ui.net_app import run  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="dicepoker", add_help=False)
    parser.add_argument("--connect", required=True, metavar="SOCKET")
    args, _ = parser.parse_known_args(argv)
    token = os.environ.pop(TOKEN_ENV, "")
    if not token:
        print("dicepoker: --connect is for sessions of `dicepoker serve`", file=sys.stderr)
        return 2
    return run(args.connect, token)
