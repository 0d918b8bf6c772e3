"""`Game`: the scoresheet engine with convenience methods for players, bots and the UI."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from dicepoker_tui.engine import errors
from dicepoker_tui.engine.dice import DiceSource
from dicepoker_tui.engine.players import Player
from dicepoker_tui.engine.session import Session, seats
from dicepoker_tui.families.scoresheet.rules import commands as cmd
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.rules import ScoresheetFamily
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant, WriteContext
from dicepoker_tui.families.scoresheet.rules.variants.registry import get_variant

FAMILY = ScoresheetFamily()


class Game(Session[GameState, cmd.Command, ev.Event]):
    """One scoresheet game: commands in, events out, state always the fold of the events."""

    family = FAMILY

    @classmethod
    def new(
        cls,
        variant: str,
        players: Sequence[Player | str],
        seed: int | None = None,
        real_dice: bool = False,
        dice: DiceSource | None = None,
    ) -> Game:
        """Start a game; strings in `players` become human seats."""
        seed = cls._seed(seed)
        start = cmd.Start(variant=variant, players=seats(players), seed=seed, real_dice=real_dice)
        return cls._begin(start, seed, dice)

    # -- reading ----------------------------------------------------------------------------
    @property
    def variant(self) -> Variant:
        return get_variant(self.state.variant)

    @property
    def current(self) -> int:
        """Seat index of the player to act (raises when the game is over)."""
        if self.state.turn is None:
            raise RuntimeError("the game is over")
        return self.state.turn.player

    def context(self, player: int | None = None) -> WriteContext:
        turn = self.state.turn
        seat = self.current if player is None else player
        return WriteContext(sheet=self.state.sheets[seat], throws=turn.throws if turn else 0)

    def preview(self) -> dict[str, int]:
        """Points each legal box would take for the dice on the table (empty before a throw)."""
        turn = self.state.turn
        if turn is None or turn.dice is None:
            return {}
        dice = tuple(sorted(turn.dice))
        ctx = self.context()
        return {b: self.variant.score(b, dice, ctx) for b in self.variant.legal_boxes(dice, ctx)}

    def throws_left(self) -> int:
        turn = self.state.turn
        if turn is None:
            return 0
        return self.variant.throws_left(self.state.sheets[turn.player], turn.throws)

    # -- acting -----------------------------------------------------------------------------
    def _actor(self) -> int:
        """The seat to act; once the game is over, the typed `GameOver` a command would raise."""
        if self.state.turn is None:
            raise errors.GameOver("The game is over.")
        return self.state.turn.player

    def throw(self, keep: Sequence[int] | None = None, dice: Sequence[int] | None = None):
        return self.execute(
            cmd.Throw(
                player=self._actor(),
                keep=None if keep is None else list(keep),
                dice=None if dice is None else list(dice),
            )
        )

    def hold(self, index: int, held: bool | None = None):
        return self.execute(cmd.Hold(player=self._actor(), index=index, held=held))

    def write(self, box: str):
        return self.execute(cmd.Write(player=self._actor(), box=box))

    def undo(self):
        snapshot = self.state.undo
        player = snapshot.turn.player if snapshot and snapshot.turn else self._actor()
        return self.execute(cmd.Undo(player=player))


def replay(events: Iterable[ev.Event]) -> GameState:
    """The state a list of events folds to."""
    return Game.replay(events)
