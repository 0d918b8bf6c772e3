"""`RemoteGame`: a hub table's scoresheet game, with the interface of the local `Game`."""

from __future__ import annotations

from dicepoker_tui.engine import errors
from dicepoker_tui.families.scoresheet.rules import commands as cmd
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.i18n import _
from dicepoker_tui.net.mirrored_session import MirroredSession


class RemoteGame(MirroredSession, Game):
    """The game at a hub table, seen from one seat (or from the spectators' bench)."""

    def _to_act(self, state: GameState) -> int | None:
        return state.current

    def _other_seat(self, command: cmd.Command, name: str) -> errors.IllegalMove:
        if isinstance(command, cmd.Undo):
            return errors.NothingToUndo(_("Only {name} can undo their write.").format(name=name))
        return super()._other_seat(command, name)


MIRROR = RemoteGame
"""The class whose instances mirror a hub table of this family."""
