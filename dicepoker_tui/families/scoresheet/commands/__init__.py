"""The scoresheet family's own subcommands of `dicepoker` (found by `cli` without
importing the family: `COMMANDS` names each command's module, its help, and the command
it is listed after)."""

from dicepoker_tui.i18n import N_

COMMANDS: list[tuple[str, str, str, str]] = [
    ("variant", "variant", N_("house rules: `variant check FILE` checks a file"), "variants"),
    ("score", "score", N_("score rolls of real dice into every box"), "rules"),
    ("solve", "solve", N_("build the table of optimal play for a variant"), "web"),
    (
        "simulate",
        "simulate",
        N_("play many games by bots: solitaire, or bots against each other"),
        "solve",
    ),
    (
        "advise",
        "advise",
        N_("the best play for real dice, every option valued"),
        "simulate",
    ),
    (
        "analyze",
        "analyze",
        N_("every decision of a stored game against the best move"),
        "advise",
    ),
]
