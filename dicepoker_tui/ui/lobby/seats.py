"""The lobby's seat list: the seats in play order, each with its kind, level or coach."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from dicepoker_tui.engine.players import Player
from dicepoker_tui.family import FamilySpec, families
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.text import level_label

MAX_PLAYERS = max(family.max_seats for family in families())
"""The most seats any family's table takes."""


def available_bot_levels(family: FamilySpec) -> list[str]:
    """A family's bot levels (none when its bot package cannot load)."""
    try:
        return family.bot_levels()
    except ImportError:
        return []


class SeatList(OptionList):
    """The seats in play order; the lobby edits the highlighted one."""

    def show(
        self, seats: list[Player], highlight: int | None, coach: list[float | None] | None = None
    ) -> None:
        self.clear_options()
        coach = coach or []
        for i, p in enumerate(seats):
            grid = Table.grid(expand=True, padding=(0, 1))
            grid.add_column(width=2, justify="right")
            grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
            grid.add_column(no_wrap=True)
            if p.kind == "human":
                limit = coach[i] if i < len(coach) else None
                human = _("human")
                kind = Text(human if limit is None else f"{human} · {_('coach')} {limit:g}")
            else:
                kind = Text(f"{_('bot')} · {level_label(p.level)}", style="italic")
            grid.add_row(str(i + 1), p.name, kind)
            self.add_option(Option(grid, id=f"seat{i}"))
        if seats:
            self.highlighted = min(highlight or 0, len(seats) - 1)
