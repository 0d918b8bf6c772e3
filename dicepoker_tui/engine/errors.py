"""Typed errors for commands the rules do not allow.

Every error carries a message meant for the player; raising one never changes state.
"""


class IllegalMove(Exception):
    """A command the rules do not allow right now."""

    code = "illegal"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotStarted(IllegalMove):
    code = "not_started"


class GameOver(IllegalMove):
    code = "game_over"


class OutOfTurn(IllegalMove):
    code = "out_of_turn"


class NoThrowsLeft(IllegalMove):
    code = "no_throws_left"


class BadDice(IllegalMove):
    code = "bad_dice"


class BoxNotAllowed(IllegalMove):
    code = "box_not_allowed"


class NothingToUndo(IllegalMove):
    code = "nothing_to_undo"


class BadSetup(IllegalMove):
    code = "bad_setup"
