"""The lobby's commands in the command palette (ctrl+p)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from dicepoker_tui.i18n import _

if TYPE_CHECKING:
    from dicepoker_tui.ui.lobby.lobby import LobbyScreen

PaletteCommand = tuple[str, str, Callable[[], object]]


def lobby_commands(screen: LobbyScreen) -> Iterator[PaletteCommand]:
    """Each lobby key's command: its name, what it does (with the key), the action."""
    yield (
        _("Start game"),
        _("Start with the variant and seats chosen (s)"),
        screen.action_start,
    )
    yield (_("Add human seat"), _("A seat for a person (a)"), lambda: screen.action_add("human"))
    yield (_("Add bot seat"), _("A seat for a bot (b)"), lambda: screen.action_add("bot"))
    yield (_("Rename seat"), _("Rename the highlighted seat (e)"), screen.action_rename)
    yield (_("Bot level"), _("Next level for the highlighted bot (l)"), screen.action_level)
    yield (_("Remove seat"), _("Remove the highlighted seat (x)"), screen.action_remove)
    yield (
        _("Coach"),
        _("Notes after costly moves of the highlighted human seat; threshold cycles (o)"),
        screen.action_coach,
    )
    yield (_("Real dice"), _("Switch real-dice mode on or off (d)"), screen.action_real_dice)
    yield (
        _("Help to win"),
        _("Hints and the coach for the chance to win, or for the score (w)"),
        screen.action_help_to_win,
    )
    yield (_("Rules"), _("Rules of the highlighted variant (?)"), screen.action_rules)
    yield (_("Resume"), _("Continue an unfinished game (c)"), screen.action_resume)
    yield (_("History"), _("Finished games (h)"), screen.action_history)
