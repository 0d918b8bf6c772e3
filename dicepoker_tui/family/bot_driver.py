"""The one way a bot's move reaches a game, in every family, at a local table or the hub.

`choose` asks the family's bot for a command (it may think for a while, so callers run it
off the event loop); `play` carries a command out, and when the rules refuse it plays
the family's rule-safe fallback instead, so a bot that errs never stalls a table.
"""

from __future__ import annotations

import logging
from typing import Any

from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.engine.session import Session
from dicepoker_tui.family.prepared import TablesNotPrepared
from dicepoker_tui.family.registry import family_of
from dicepoker_tui.family.spec import Bot

log = logging.getLogger(__name__)


def choose(game: Session, seat: int, bot: Bot) -> Any:
    """The command `bot` picks for `seat`; the fallback when the bot itself fails."""
    spec = family_of(game.state.variant)
    try:
        return spec.bot_move(game, seat, bot)
    except TablesNotPrepared:  # a server without the tables: the hub picks another bot
        raise
    except Exception:  # a broken bot must not stop the game: play safe instead
        log.exception("a %s bot failed to choose a move", spec.id)
        return spec.fallback_move(game)


def play(game: Session, command: Any) -> tuple[list[Any], IllegalMove | None]:
    """Execute `command`; when it is refused, the fallback. The events, and the refusal."""
    try:
        return game.execute(command), None
    except IllegalMove as refusal:
        return game.execute(family_of(game.state.variant).fallback_move(game)), refusal
