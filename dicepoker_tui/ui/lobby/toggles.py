"""The lobby's two switches, real dice (`d`) and help to win (`w`): their labels and what
turning help to win says."""

from __future__ import annotations

from rich.text import Text

from dicepoker_tui.i18n import N_, _

REAL_DICE = N_("Real dice")
HELP_TO_WIN = N_("Help to win")


def toggle_label(word: str, key: str, on: bool, applies: bool = True) -> Text:
    """`[x] Word k`: on, off, or `[-]` dimmed where the variant has no such thing."""
    if not applies:
        return Text(f"[-] {_(word)} {key}", style="dim")
    return Text(f"[{'x' if on else ' '}] {_(word)} {key}")


def help_to_win_said(on: bool) -> str:
    """The notice when help to win is turned on or off."""
    if on:
        return _(
            "Hints and the coach play to win: with two or more players they show each "
            "option's chance to win."
        )
    return _("Hints and the coach play for the best expected score.")
