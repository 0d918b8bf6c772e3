"""`SeatRole`: who plays at a scoresheet table and how, given to `TableScreen`.

A table at home (one player, or hot-seat friends at one keyboard) uses `SeatRole`
itself: bots run on this machine, people hand the keyboard over between turns. A shared
table on the game server gives the same screen a remote role (`views/shared_table.py`): the
hub plays the bots, only your own seat acts, and the lines say who is playing where.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text

from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.families.scoresheet.views.bot_runner import BotRunner
from dicepoker_tui.family import Bot

if TYPE_CHECKING:
    from textual.screen import Screen

    from dicepoker_tui.families.scoresheet.rules.game import Game


class SeatRole:
    """A table at home: the defaults every hook returns."""

    hands_over = True
    """Whether people at one keyboard get a hand-over screen between their turns."""
    preload_solver: bool | None = None
    """Load the solver's table at once (True), on the first hint (False), or as a table
    at home decides (None: coached seats, solver bots or a cached table)."""

    def runner(
        self,
        screen: Screen,
        game: Game,
        bots: dict[int, Bot],
        pace: float,
        show_box: Callable[[str], None],
    ) -> Any:
        """What plays the bot seats (a `BotRunner` here)."""
        return BotRunner(screen, game, bots, pace, show_box)

    def top_line(self, state: GameState, variant: Variant) -> Text | None:
        """The table's first line, or None for the one of a table at home."""
        return None

    def status(self, state: GameState, variant: Variant, status: Text) -> Text:
        """The status lines as a table at home shows them, changed as this role needs."""
        return status

    def log_line(self, event: ev.Event, state: GameState) -> str | None:
        """A line this role adds to the game log for `event` (before the usual one)."""
        return None

    def refusal(self, state: GameState) -> str | None:
        """Why the person at this screen may not act now, or None."""
        return None
