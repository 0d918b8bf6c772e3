"""`dicepoker play` and the bare `dicepoker` (lobby)."""

from __future__ import annotations

import argparse


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default="yahtzee", help="variant id")
    p.add_argument("--player", action="append", default=[], metavar="NAME", help="a human seat")
    p.add_argument("--bot", action="append", default=[], metavar="LEVEL", help="a bot seat")
    p.add_argument("--seed", type=int, default=None, help="dice seed")
    p.add_argument("--real-dice", action="store_true", help="type the values of real dice")


def run(args: argparse.Namespace) -> int:
    raise SystemExit("the terminal app is not built yet")


def run_lobby() -> int:
    raise SystemExit("the terminal app is not built yet")
