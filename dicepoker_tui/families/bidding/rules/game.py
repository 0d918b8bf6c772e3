"""`BiddingGame`: the bidding engine with convenience methods."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from dicepoker_tui.engine import errors
from dicepoker_tui.engine.dice import DiceSource
from dicepoker_tui.engine.players import Player
from dicepoker_tui.engine.session import Session, seats
from dicepoker_tui.families.bidding.rules import commands as cmd
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.rules import BiddingFamily, legal_bids
from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.families.bidding.rules.variants import BiddingVariant, get_variant

FAMILY = BiddingFamily()


class BiddingGame(Session[BiddingState, cmd.Command, ev.Event]):
    """One Perudo or Liar's Dice game."""

    family = FAMILY

    @classmethod
    def new(
        cls,
        variant: str,
        players: Sequence[Player | str],
        seed: int | None = None,
        dice: DiceSource | None = None,
    ) -> BiddingGame:
        """Start a game; strings in `players` become human seats."""
        seed = cls._seed(seed)
        return cls._begin(cmd.Start(variant=variant, players=seats(players), seed=seed), seed, dice)

    @property
    def variant(self) -> BiddingVariant:
        return get_variant(self.state.variant)

    @property
    def current(self) -> int:
        """Seat index of the player to act (`GameOver` once the game has ended)."""
        if self.state.to_act is None:
            raise errors.GameOver("The game is over.")
        return self.state.to_act

    def legal_bids(self) -> list[tuple[int, int]]:
        return legal_bids(self.state, self.variant)

    def bid(self, quantity: int, face: int) -> list[ev.Event]:
        return self.execute(cmd.Bid(player=self.current, quantity=quantity, face=face))

    def challenge(self) -> list[ev.Event]:
        return self.execute(cmd.Challenge(player=self.current))

    def calza(self) -> list[ev.Event]:
        return self.execute(cmd.Calza(player=self.current))


def replay(events: Iterable[ev.Event]) -> BiddingState:
    """The state a list of events folds to."""
    return BiddingGame.replay(events)
