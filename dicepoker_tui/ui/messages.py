"""What screens ask of the app: posted by a screen, handled in the App with `@on(...)`.

A screen never calls an app method by name: it posts one of these and the app (the
usual one, or the game server's, which answers some of them differently) acts on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from dicepoker_tui.families.scoresheet.rules.game import Game
    from dicepoker_tui.families.scoresheet.views.scoresheet import ResultChoice
    from dicepoker_tui.family import GameSetup


class StartGame(Message):
    """Open a table for a new game set up in the lobby (of any family)."""

    def __init__(self, setup: GameSetup) -> None:
        super().__init__()
        self.setup = setup


class GameOver(Message):
    """The result screen's choice after `game`: a new game, a rematch, or the lobby."""

    def __init__(self, game: Game, choice: ResultChoice) -> None:
        super().__init__()
        self.game = game
        self.choice = choice


class ToLobby(Message):
    """Leave the table (or waiting room) for the lobby."""


class Rematch(Message):
    """Ask for the finished table's rematch (at a shared table of the game server)."""


class OpenResume(Message):
    """Show the unfinished games, to resume one."""


class OpenHistory(Message):
    """Show the finished games: filters, reviews and statistics."""


class SetLanguage(Message):
    """Show the app in the language `code` and remember it."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code
