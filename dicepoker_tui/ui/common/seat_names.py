"""Default seat names in one form, whatever the language they were given in.

The lobby names new seats in the language shown (`Гравець 2`, `Igrač 2`, `Bot 1`). A game
keeps the language-neutral form (`Player 2`, `Bot 1`), so that one player is one name in
the history and the statistics however often the language changes.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from dicepoker_tui import i18n
from dicepoker_tui.family import GameSetup

STEMS = ("Player", "Bot")
"""The stems of default seat names, in their language-neutral (English) form."""


@cache
def _stems() -> dict[str, str]:
    """Every language's stem (`гравець`, `igrač`, `player`, ...) → the neutral stem."""
    out: dict[str, str] = {}
    for lang in i18n.LANGUAGES:
        translation = i18n.load_translation(lang)
        for stem in STEMS:
            out[translation.gettext(stem).casefold()] = stem
    return out


def neutral_name(name: str) -> str:
    """`Гравець 2` → `Player 2`; any other name as it is."""
    stem, _, number = name.rpartition(" ")
    neutral = _stems().get(stem.casefold())
    return f"{neutral} {number}" if neutral and number.isdigit() else name


def with_neutral_names(setup: GameSetup) -> GameSetup:
    """The setup with its default seat names in the neutral form (unless two seats would
    then share a name: `Bot 1` typed by hand beside a lobby's `Бот 1`)."""
    seats = tuple(p.model_copy(update={"name": neutral_name(p.name)}) for p in setup.seats)
    if len({p.name.casefold() for p in seats}) < len(seats):
        return setup
    return replace(setup, seats=seats)
