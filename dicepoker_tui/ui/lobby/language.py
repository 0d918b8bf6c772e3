"""The lobby's language: the next language, or one picked, and the lobby built again in it.

A mixin of `LobbyScreen`, which gives it the seats, the default names' stems and the
redraws of the form.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.screen import Screen
from textual.widgets import Input, OptionList

from dicepoker_tui.engine.players import Player
from dicepoker_tui.i18n import LANGUAGES, _, current_language
from dicepoker_tui.ui.messages import SetLanguage


class LobbyLanguage(Screen[None]):
    """Switching the lobby's language while keeping its form."""

    seats: list[Player]
    _stems: tuple[str, str]
    _seat_index: int | None
    _show_seats: Callable[[int | None], None]
    _show_about: Callable[[], None]
    _fit: Callable[[], None]

    def action_next_language(self) -> None:
        codes = list(LANGUAGES)
        current = current_language()
        index = codes.index(current) if current in codes else -1
        self.choose_language(codes[(index + 1) % len(codes)])

    def choose_language(self, code: str) -> None:
        """Show the app in `code` (the app remembers it and has this lobby rebuilt)."""
        if code != current_language():
            self.post_message(SetLanguage(code))

    async def retranslate(self) -> None:
        """Build the lobby again in the current language, keeping the form as it was."""
        variant = self.query_one("#variants", OptionList).highlighted
        seat = self._seat_index
        seed = self.query_one("#seed", Input).value
        focused = self.focused.id if self.focused is not None else None
        self._rename_default_seats()
        await self.recompose()
        variants = self.query_one("#variants", OptionList)
        variants.highlighted = variant if variant is not None else 0
        self._show_seats(seat)
        self.query_one("#seed", Input).value = seed
        self._show_about()
        self._fit()
        target = self.query(f"#{focused}") if focused else None
        (target.first() if target else variants).focus()

    def _rename_default_seats(self) -> None:
        """Seats still called by their default names ("Player 2") take the new language's."""
        old = self._stems
        new = self._stems = (_("Player"), _("Bot"))
        renamed: list[Player] = []
        for p in self.seats:
            stem, number = p.name.rpartition(" ")[::2]
            if number.isdigit() and stem in old and stem != new[old.index(stem)]:
                p = p.model_copy(update={"name": f"{new[old.index(stem)]} {number}"})
            renamed.append(p)
        if len({p.name.casefold() for p in renamed}) == len(renamed):
            self.seats = renamed
