"""The `dicepoker` command.

Each subcommand lives in its own module here and registers itself through
`add_parser(subparsers)`; its handler is `run(args) -> int`. Modules are imported only
when needed, so `dicepoker score` starts without loading the terminal UI.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.i18n import N_, _

# (subcommand, module, one-line help). Modules are imported lazily; help is `_()`-ed when shown.
SHARED_COMMANDS: list[tuple[str, str, str]] = [
    ("play", "play", N_("start a game straight at the table")),
    ("variants", "variants", N_("list the variants")),
    ("rules", "rules", N_("print the rules of a variant")),
    ("history", "history", N_("list the finished games")),
    ("review", "review", N_("browse the history and step through finished games")),
    ("export", "export", N_("write a stored game as json, csv, txt or svg")),
    ("import", "import_game", N_("add an exported game (json) to the history")),
    ("serve", "serve", N_("run a game server that friends join with plain ssh")),
    ("web", "web", N_("play in a browser: the app served on a local web page")),
]


def subcommands() -> list[tuple[str, str, str]]:
    """(subcommand, module's full name, help): the shared ones, and each family's own
    (the `COMMANDS` of its `commands` package, each listed after the command it names)."""
    found = [(name, f"dicepoker_tui.cli.{module}", text) for name, module, text in SHARED_COMMANDS]
    from dicepoker_tui import families

    for family_id in families.package_ids():
        commands = families.part(family_id, "commands")
        for name, module, text, after in getattr(commands, "COMMANDS", ()):
            at = next((i + 1 for i, c in enumerate(found) if c[0] == after), len(found))
            found.insert(at, (name, f"{commands.__name__}.{module}", text))
    return found


class OneLineParser(argparse.ArgumentParser):
    """argparse, with a bad command line said in one line (`--help` shows the usage)."""

    def error(self, message: str):  # type: ignore[no-untyped-def, override]
        line = _("%(prog)s: error: %(message)s\n") % {"prog": self.prog, "message": message}
        self.exit(2, " ".join(line.split()) + "\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; only `command`'s module is imported (all of them when None).

    Its texts are in the current language, argparse's own words included.
    """
    from dicepoker_tui.cli.texts import translate_argparse

    translate_argparse()
    parser = OneLineParser(
        prog="dicepoker",
        description=_(
            "Dice games in the terminal: scoresheet games, Perudo and Liar's Dice. "
            "With no command, opens the lobby."
        ),
    )
    parser.add_argument(
        "--lang",
        metavar="CODE",
        help=_(
            "language of the texts: en, uk, ru, hr or de (any command; default: settings, LANG)"
        ),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module, help_text in subcommands():
        sub_parser = sub.add_parser(name, help=_(help_text), description=_(help_text))
        if command is None or name == command:
            importlib.import_module(module).add_parser(sub_parser)
    return parser


def take_lang(argv: list[str]) -> tuple[str | None, list[str]]:
    """`--lang CODE` / `--lang=CODE` anywhere on the command line, and the rest of it."""
    rest: list[str] = []
    lang: str | None = None
    it = iter(argv)
    for arg in it:
        if arg == "--lang":
            lang = next(it, "")
        elif arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
        else:
            rest.append(arg)
    return lang, rest


def choose_language(cli_lang: str | None) -> str:
    """`--lang`, else the language saved in the settings, else LC_ALL / LANG; sets it."""
    from dicepoker_tui.i18n import language_from_env, set_language
    from dicepoker_tui.ui.common.settings import read_settings

    settings, problem = read_settings()
    code = set_language(cli_lang or settings.language or language_from_env())
    if problem:
        problem = read_settings()[1]  # the warning again, now in the language chosen
        print(f"dicepoker: {problem}", file=sys.stderr)
    return code


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from dicepoker_tui.i18n import LANGUAGES, normalize
    from dicepoker_tui.store.paths import absolute_home

    absolute_home()

    lang, argv = take_lang(argv)
    if lang is not None and normalize(lang) is None:
        choose_language(None)  # the complaint itself in the saved / LANG language
        known = ", ".join(LANGUAGES)
        message = _("unknown language {code} (known: {known})").format(code=repr(lang), known=known)
        print(f"dicepoker: {message}", file=sys.stderr)
        return 2
    choose_language(lang)
    if argv[:1] == ["--connect"]:  # the app of a `dicepoker serve` session (not in --help)
        from dicepoker_tui.serve.session_app import main as session_main

        return session_main(argv)
    try:
        return _dispatch(argv)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a crash: one line, the traceback in the log
        from dicepoker_tui.cli.crash import report_crash

        return report_crash(exc, argv[0] if argv else None)


def _dispatch(argv: list[str]) -> int:
    from dicepoker_tui.store import StoreError

    commands = subcommands()
    if not argv or argv[0] not in {name for name, _module, _help in commands} | {"-h", "--help"}:
        if argv and not argv[0].startswith("-"):
            message = _("unknown command {command} (try dicepoker --help)")
            print(f"dicepoker: {message.format(command=repr(argv[0]))}", file=sys.stderr)
            return 2
        if not argv:
            from dicepoker_tui.cli.play import run_lobby

            return run_lobby()
    parser = build_parser(argv[0] if argv[0] not in ("-h", "--help") else "")
    args = parser.parse_args(argv)
    module = {n: m for n, m, _help in commands}[args.command]
    mod = importlib.import_module(module)
    try:
        return int(mod.run(args) or 0)
    except CliError as exc:
        print(f"dicepoker {args.command}: {one_line(str(exc))}", file=sys.stderr)
        return exc.status
    except StoreError as exc:
        print(f"dicepoker {args.command}: {one_line(str(exc))}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0


def one_line(text: str) -> str:
    """`text` with its line breaks (and runs of spaces) made single spaces."""
    return " ".join(text.split())
