"""The lobby's language: the next language, or one picked, and the lobby built again in it.

`LobbyLanguage` is a collaborator of `LobbyScreen` with its own state: the stems of the
default seat names in the language the lobby was built in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Input, OptionList

from dicepoker_tui.engine.players import Player
from dicepoker_tui.i18n import LANGUAGES, _, current_language
from dicepoker_tui.ui.messages import SetLanguage

if TYPE_CHECKING:
    from dicepoker_tui.ui.lobby.lobby import LobbyScreen


class LobbyLanguage:
    """Switching one lobby's language while keeping its form."""

    def __init__(self, screen: LobbyScreen) -> None:
        self.screen = screen
        self.stems = (_("Player"), _("Bot"))
        """The stems of default seat names in the language the lobby was built in."""

    def next(self) -> None:
        codes = list(LANGUAGES)
        current = current_language()
        index = codes.index(current) if current in codes else -1
        self.choose(codes[(index + 1) % len(codes)])

    def choose(self, code: str) -> None:
        """Show the app in `code` (the app remembers it and has this lobby rebuilt)."""
        if code != current_language():
            self.screen.post_message(SetLanguage(code))

    async def retranslate(self) -> None:
        """Build the lobby again in the current language, keeping the form as it was."""
        screen = self.screen
        variant = screen.query_one("#variants", OptionList).highlighted
        seat = screen.seat_index
        seed = screen.query_one("#seed", Input).value
        focused = screen.focused.id if screen.focused is not None else None
        self._rename_default_seats()
        await screen.recompose()
        variants = screen.query_one("#variants", OptionList)
        variants.highlighted = variant if variant is not None else 0
        screen.show_seats(seat)
        screen.query_one("#seed", Input).value = seed
        screen.show_about()
        screen.fit()
        target = screen.query(f"#{focused}") if focused else None
        (target.first() if target else variants).focus()

    def _rename_default_seats(self) -> None:
        """Seats still called by their default names ("Player 2") take the new language's."""
        old = self.stems
        new = self.stems = (_("Player"), _("Bot"))
        renamed: list[Player] = []
        for p in self.screen.seats:
            stem, number = p.name.rpartition(" ")[::2]
            if number.isdigit() and stem in old and stem != new[old.index(stem)]:
                p = p.model_copy(update={"name": f"{new[old.index(stem)]} {number}"})
            renamed.append(p)
        if len({p.name.casefold() for p in renamed}) == len(renamed):
            self.screen.seats = renamed
