"""`BiddingGame`: the bidding engine with convenience methods."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from dicepoker_tui.engine.bidding import commands as cmd
from dicepoker_tui.engine.bidding import events as ev
from dicepoker_tui.engine.bidding.rules import BiddingFamily, legal_bids
from dicepoker_tui.engine.bidding.state import BiddingState
from dicepoker_tui.engine.bidding.variants import BiddingVariant, get_bidding_variant
from dicepoker_tui.engine.core import Engine, Subscriber, fold
from dicepoker_tui.engine.dice import DiceSource, SeededDice, new_seed
from dicepoker_tui.engine.players import Player

FAMILY = BiddingFamily()


class BiddingGame:
    """One Perudo or Liar's Dice game."""

    def __init__(self, dice: DiceSource) -> None:
        self._engine: Engine[BiddingState, cmd.Command, ev.Event] = Engine(FAMILY, dice)

    @classmethod
    def new(
        cls,
        variant: str,
        players: Sequence[Player | str],
        seed: int | None = None,
        dice: DiceSource | None = None,
    ) -> BiddingGame:
        seed = new_seed() if seed is None else seed
        game = cls(dice or SeededDice(seed))
        seats = [p if isinstance(p, Player) else Player(name=p) for p in players]
        game.execute(cmd.Start(variant=variant, players=seats, seed=seed))
        return game

    @classmethod
    def from_events(cls, events: Iterable[ev.Event]) -> BiddingGame:
        events = list(events)
        if not events or not isinstance(events[0], ev.GameStarted):
            raise ValueError("an event list starts with game_started")
        game = cls(SeededDice(events[0].seed))
        game._engine.load(events)
        return game

    @property
    def state(self) -> BiddingState:
        return self._engine.state

    @property
    def events(self) -> Sequence[ev.Event]:
        return self._engine.events

    @property
    def variant(self) -> BiddingVariant:
        return get_bidding_variant(self.state.variant)

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def current(self) -> int:
        if self.state.to_act is None:
            raise RuntimeError("the game is over")
        return self.state.to_act

    def legal_bids(self) -> list[tuple[int, int]]:
        return legal_bids(self.state, self.variant)

    def subscribe(self, callback: Subscriber) -> object:
        return self._engine.subscribe(callback)

    def execute(self, command: cmd.Command) -> list[ev.Event]:
        return self._engine.execute(command)

    def bid(self, quantity: int, face: int) -> list[ev.Event]:
        return self.execute(cmd.Bid(player=self.current, quantity=quantity, face=face))

    def challenge(self) -> list[ev.Event]:
        return self.execute(cmd.Challenge(player=self.current))

    def calza(self) -> list[ev.Event]:
        return self.execute(cmd.Calza(player=self.current))


def replay(events: Iterable[ev.Event]) -> BiddingState:
    state = fold(FAMILY, events)
    if state is None:
        raise ValueError("no events")
    return state
