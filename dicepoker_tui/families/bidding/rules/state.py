"""Bidding game state, its fold, and the private view of one player."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from dicepoker_tui.engine.players import Player, Standing
from dicepoker_tui.families.bidding.rules import events as ev


class CurrentBid(BaseModel):
    player: int
    quantity: int
    face: int


class BiddingState(BaseModel):
    """Everything about a bidding game, folded from its events (cups included)."""

    variant: str
    players: list[Player]
    seed: int
    dice_left: list[int]
    cups: list[tuple[int, ...]] = Field(default_factory=list)
    round: int = 0
    starter: int = 0
    to_act: int | None = None
    bid: CurrentBid | None = None
    round_bids: list[CurrentBid] = Field(
        default_factory=list, description="Every bid of the current round, oldest first."
    )
    opening_face: int | None = None
    palifico: bool = False
    palifico_done: list[bool] = Field(default_factory=list)
    out_order: list[int] = Field(default_factory=list, description="Seats in the order they left.")
    last_reveal: ev.CupsRevealed | None = Field(
        default=None, description="The latest lifting of the cups (kept into the next round)."
    )
    standings: list[Standing] | None = None
    rounds_played: int = Field(default=0, description="Rounds that ended in a reveal.")

    @property
    def finished(self) -> bool:
        return self.standings is not None

    @property
    def total_dice(self) -> int:
        return sum(self.dice_left)

    def in_game(self, seat: int) -> bool:
        return self.dice_left[seat] > 0

    def next_seat(self, seat: int) -> int:
        """The next seat after `seat` that still has dice."""
        n = len(self.players)
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if self.dice_left[candidate] > 0:
                return candidate
        return seat

    def view_for(self, seat: int | None) -> BiddingState:
        """What `seat` may see: its own cup only (None: a spectator sees no cup)."""
        return self.model_copy(update={"cups": seen_cups(self.cups, seat)})


def seen_cups(cups: Sequence[Sequence[int]], seat: int | None) -> list[tuple[int, ...]]:
    """The cups as `seat` sees them before a reveal: its own, and a 0 for every other die
    (None: a spectator, who sees no cup). The one rule for the state a bot reads and the
    events a seat at a shared table is sent."""
    return [tuple(cup) if i == seat else tuple(0 for _ in cup) for i, cup in enumerate(cups)]


def evolve(state: BiddingState | None, event: ev.Event) -> BiddingState:
    """Fold one event into a new state."""
    if isinstance(event, ev.GameStarted):
        return BiddingState(
            variant=event.variant,
            players=list(event.players),
            seed=event.seed,
            dice_left=[5] * len(event.players),
            palifico_done=[False] * len(event.players),
        )
    if state is None:
        raise ValueError(f"{event.type} before game_started")
    new = state.model_copy(deep=True)
    match event:
        case ev.RoundStarted():
            new.round = event.round
            new.starter = event.starter
            new.to_act = event.starter
            new.cups = [tuple(c) for c in event.cups]
            new.bid = None
            new.round_bids = []
            new.opening_face = None
            new.palifico = event.palifico
        case ev.BidMade():
            new.bid = CurrentBid(player=event.player, quantity=event.quantity, face=event.face)
            new.round_bids.append(new.bid)
            if new.opening_face is None:
                new.opening_face = event.face
            new.to_act = new.next_seat(event.player)
        case ev.CupsRevealed():
            new.last_reveal = event
            new.to_act = None
            new.rounds_played += 1
        case ev.DiceCountChanged():
            new.dice_left[event.player] = event.dice_left
            if event.dice_left == 1 and event.delta < 0 and not new.palifico_done[event.player]:
                new.palifico_done[event.player] = True
        case ev.PlayerOut():
            new.out_order.append(event.player)
        case ev.GameFinished():
            new.standings = list(event.standings)
            new.to_act = None
        case _:
            raise ValueError(f"unknown event {event!r}")
    return new
