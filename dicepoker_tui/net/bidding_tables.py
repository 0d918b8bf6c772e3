"""Bidding tables (Perudo, Liar's Dice) on the server, with private views.

The server keeps the whole game, every cup included; each peer is sent the events as its
seat may see them: in `round_started` only its own cup (a spectator sees none), until the
`cups_revealed` that lifts them all. The dice seed never leaves the server.

Pure asyncio-free logic over the hub's `Peer` protocol (`send`, `close`), so tests can
connect peers directly. Messages follow the hub protocol's style: pydantic models with a
`type`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from dicepoker_tui.ai.bidding_bots import (
    BiddingBot,
    CallCalza,
    CallChallenge,
    bidding_bot_levels,
    make_bidding_bot,
)
from dicepoker_tui.engine import errors
from dicepoker_tui.engine.bidding import commands as cmd
from dicepoker_tui.engine.bidding import events as ev
from dicepoker_tui.engine.bidding.game import BiddingGame
from dicepoker_tui.engine.bidding.rules import MAX_PLAYERS, MIN_PLAYERS
from dicepoker_tui.engine.bidding.variants import BIDDING_VARIANTS
from dicepoker_tui.engine.dice import new_seed
from dicepoker_tui.engine.players import Player
from dicepoker_tui.net.hub import Peer, Refusal
from dicepoker_tui.net.protocol import Error


class _Msg(BaseModel):
    model_config = {"frozen": True, "extra": "forbid"}


class BiddingSnapshot(_Msg):
    """The table as the receiving seat may see it (`seat` None: a spectator)."""

    type: Literal["bidding_table"] = "bidding_table"
    table: str
    variant: str
    seat: int | None
    seats: list[str | None]
    events: list[ev.Event]


class BiddingEvents(_Msg):
    """Events of one command, as the receiving seat may see them, and who caused them."""

    type: Literal["bidding_events"] = "bidding_events"
    table: str
    by: str
    events: list[ev.Event]


class BiddingAct(_Msg):
    """A bid, challenge or calza for the seat the sender owns."""

    type: Literal["bidding_act"] = "bidding_act"
    table: str
    command: Annotated[cmd.Bid | cmd.Challenge | cmd.Calza, Field(discriminator="type")]
    ref: int | None = None


def private_event(event: ev.Event, seat: int | None) -> ev.Event:
    """`event` as `seat` may see it: other cups of a new round hidden (0 per die), no seed."""
    if isinstance(event, ev.RoundStarted):
        cups = [cup if i == seat else tuple(0 for _ in cup) for i, cup in enumerate(event.cups)]
        return event.model_copy(update={"cups": cups})
    if isinstance(event, ev.GameStarted):
        return event.model_copy(update={"seed": 0})
    return event


def private_events(events: Sequence[ev.Event], seat: int | None) -> list[ev.Event]:
    return [private_event(e, seat) for e in events]


@dataclass
class BiddingTable:
    id: str
    variant: str
    seats: list[str | None]
    """Nickname, bot name, or None while free."""
    bots: dict[int, BiddingBot] = field(default_factory=dict)
    game: BiddingGame | None = None
    peers: dict[Peer, int | None] = field(default_factory=dict)
    """Who is at the table: the seat each peer owns (None: watching)."""


class BiddingTables:
    """The bidding tables of a server: seats, peers, and the fan-out of private views."""

    def __init__(self, seed_source=new_seed) -> None:
        self.tables: dict[str, BiddingTable] = {}
        self._seed_source = seed_source
        self._next = 1

    def create(self, variant: str, humans: int, bots: Sequence[str] = ()) -> str:
        """A new table with `humans` free seats and bot seats of the given levels."""
        if variant not in BIDDING_VARIANTS:
            raise Refusal("bad_setup", f"unknown variant {variant!r}")
        if not MIN_PLAYERS <= humans + len(bots) <= MAX_PLAYERS:
            raise Refusal("bad_setup", f"A table has {MIN_PLAYERS} to {MAX_PLAYERS} seats.")
        for level in bots:
            if level not in bidding_bot_levels():
                raise Refusal("bad_setup", f"Unknown bot level {level!r}.")
        table_id = f"b{self._next}"
        self._next += 1
        table = BiddingTable(id=table_id, variant=variant, seats=[None] * humans)
        for i, level in enumerate(bots):
            table.bots[len(table.seats)] = make_bidding_bot(level, seed=self._next * 10 + i)
            table.seats.append(f"Bot {i + 1}")
        self.tables[table_id] = table
        return table_id

    def join(self, peer: Peer, table_id: str, nick: str) -> int:
        """Sit `nick` at a free seat (or its own); the game starts when every seat is taken."""
        table = self._table(table_id)
        if nick in table.seats:
            seat = table.seats.index(nick)
        elif table.game is None and None in table.seats:
            seat = table.seats.index(None)
            table.seats[seat] = nick
        else:
            raise Refusal("table_full", "No free seat at this table: watch it instead.")
        table.peers[peer] = seat
        if table.game is None and None not in table.seats:
            self._start(table)
        else:
            self._snapshot(table, peer)
        return seat

    def watch(self, peer: Peer, table_id: str) -> None:
        table = self._table(table_id)
        table.peers[peer] = None
        self._snapshot(table, peer)

    def leave(self, peer: Peer) -> None:
        for table in self.tables.values():
            table.peers.pop(peer, None)

    def act(self, peer: Peer, message: BiddingAct) -> None:
        """Apply a seat owner's command; a refusal goes back to `peer` as `error`."""
        try:
            table = self._table(message.table)
            seat = table.peers.get(peer)
            if peer not in table.peers or seat is None:
                raise Refusal("spectator", "You are watching: only seated players play.")
            if table.game is None:
                raise Refusal("not_started", "The game starts when every seat is taken.")
            if message.command.player != seat:
                raise Refusal(
                    "not_your_seat", f"That seat is {table.seats[message.command.player]}'s."
                )
            self._execute(table, message.command, by=table.seats[seat] or "")
        except (Refusal, errors.IllegalMove) as exc:
            peer.send(Error(code=exc.code, message=exc.message, ref=message.ref))

    # -- inside -----------------------------------------------------------------------------
    def _table(self, table_id: str) -> BiddingTable:
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal("no_table", f"There is no table {table_id}.")
        return table

    def _snapshot(self, table: BiddingTable, peer: Peer) -> None:
        seat = table.peers.get(peer)
        events = private_events(table.game.events, seat) if table.game else []
        peer.send(
            BiddingSnapshot(
                table=table.id, variant=table.variant, seat=seat, seats=table.seats, events=events
            )
        )

    def _start(self, table: BiddingTable) -> None:
        players = [
            Player(name=name or "?", kind="bot" if i in table.bots else "human")
            for i, name in enumerate(table.seats)
        ]
        table.game = BiddingGame.new(table.variant, players, seed=self._seed_source())
        for peer in table.peers:
            self._snapshot(table, peer)
        self._run_bots(table)

    def _execute(self, table: BiddingTable, command: cmd.Command, by: str) -> None:
        assert table.game is not None
        new = table.game.execute(command)
        self._fan_out(table, new, by)
        self._run_bots(table)

    def _fan_out(self, table: BiddingTable, new: Sequence[ev.Event], by: str) -> None:
        for peer, seat in list(table.peers.items()):
            peer.send(BiddingEvents(table=table.id, by=by, events=private_events(new, seat)))

    def _run_bots(self, table: BiddingTable) -> None:
        game = table.game
        while game is not None and not game.finished and game.current in table.bots:
            seat = game.current
            action = table.bots[seat].choose(game.state.view_for(seat), game.variant, seat)
            if isinstance(action, CallChallenge):
                command: cmd.Command = cmd.Challenge(player=seat)
            elif isinstance(action, CallCalza):
                command = cmd.Calza(player=seat)
            else:
                command = cmd.Bid(player=seat, quantity=action.quantity, face=action.face)
            try:
                new = game.execute(command)
            except errors.IllegalMove:  # never stall the table: the plainest legal move
                if game.state.bid is None:
                    quantity, face = game.legal_bids()[0]
                    new = game.execute(cmd.Bid(player=seat, quantity=quantity, face=face))
                else:
                    new = game.execute(cmd.Challenge(player=seat))
            self._fan_out(table, new, table.seats[seat] or "")
