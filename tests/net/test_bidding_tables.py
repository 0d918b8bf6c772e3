"""Bidding tables on the server: two clients, each sees only its own cup until the reveal."""

from __future__ import annotations

from pydantic import BaseModel

from dicepoker_tui.engine.bidding import commands as cmd
from dicepoker_tui.engine.bidding import events as ev
from dicepoker_tui.net.bidding_tables import (
    BiddingAct,
    BiddingEvents,
    BiddingSnapshot,
    BiddingTables,
)
from dicepoker_tui.net.protocol import Error


class Client:
    """A peer that keeps what it is sent."""

    def __init__(self) -> None:
        self.inbox: list[BaseModel] = []

    def send(self, message: BaseModel) -> None:
        # Through JSON, as over the wire.
        self.inbox.append(type(message).model_validate_json(message.model_dump_json()))

    def close(self, reason: str) -> None:
        pass

    def events(self) -> list[ev.Event]:
        seen: list[ev.Event] = []
        for message in self.inbox:
            if isinstance(message, BiddingSnapshot):
                seen = list(message.events)
            elif isinstance(message, BiddingEvents):
                seen.extend(message.events)
        return seen

    def errors(self) -> list[Error]:
        return [m for m in self.inbox if isinstance(m, Error)]


def hidden(cup: tuple[int, ...]) -> bool:
    return all(d == 0 for d in cup)


def two_clients(variant: str = "perudo"):
    tables = BiddingTables(seed_source=lambda: 4242)
    table_id = tables.create(variant, humans=2)
    ann, bob = Client(), Client()
    assert tables.join(ann, table_id, "ann") == 0
    assert tables.join(bob, table_id, "bob") == 1
    return tables, tables.tables[table_id], ann, bob


def test_neither_client_sees_the_other_cup_before_the_reveal() -> None:
    tables, table, ann, bob = two_clients()
    game = table.game
    assert game is not None
    true_cups = game.state.cups
    for client, me, other in ((ann, 0, 1), (bob, 1, 0)):
        (started,) = [e for e in client.events() if isinstance(e, ev.RoundStarted)]
        assert started.cups[me] == true_cups[me]
        assert hidden(started.cups[other]) and len(started.cups[other]) == 5
        assert next(e for e in client.events() if isinstance(e, ev.GameStarted)).seed == 0
    tables.act(ann, BiddingAct(table=table.id, command=cmd.Bid(player=0, quantity=2, face=3)))
    assert not ann.errors() and not bob.errors()
    assert isinstance(bob.events()[-1], ev.BidMade)
    # Still hidden after a bid; lifted for both by the challenge.
    tables.act(bob, BiddingAct(table=table.id, command=cmd.Challenge(player=1)))
    for client, me, other in ((ann, 0, 1), (bob, 1, 0)):
        seen = client.events()
        reveal = next(e for e in seen if isinstance(e, ev.CupsRevealed))
        assert reveal.cups == true_cups
        rounds = [e for e in seen if isinstance(e, ev.RoundStarted)]
        assert len(rounds) == 2
        assert rounds[1].cups[me] == game.state.cups[me] and hidden(rounds[1].cups[other])


def test_a_spectator_sees_no_cup_and_a_seat_is_played_only_by_its_owner() -> None:
    tables, table, ann, bob = two_clients("liars-dice")
    cy = Client()
    tables.watch(cy, table.id)
    (started,) = [e for e in cy.events() if isinstance(e, ev.RoundStarted)]
    assert all(hidden(cup) for cup in started.cups)
    tables.act(bob, BiddingAct(table=table.id, command=cmd.Bid(player=0, quantity=2, face=3)))
    assert [e.code for e in bob.errors()] == ["not_your_seat"]
    tables.act(cy, BiddingAct(table=table.id, command=cmd.Bid(player=0, quantity=2, face=3)))
    assert [e.code for e in cy.errors()] == ["spectator"]
    tables.act(ann, BiddingAct(table=table.id, command=cmd.Calza(player=0), ref=7))
    (refused,) = ann.errors()
    assert refused.ref == 7 and refused.code == "illegal"


def test_a_table_with_a_bot_plays_to_the_end_with_the_human_seeing_only_their_cup() -> None:
    tables = BiddingTables(seed_source=lambda: 99)
    table_id = tables.create("perudo", humans=1, bots=["strong"])
    ann = Client()
    tables.join(ann, table_id, "ann")
    table = tables.tables[table_id]
    game = table.game
    assert game is not None
    while not game.finished:
        if game.state.bid is None:
            command: cmd.Command = cmd.Bid(
                player=0, **dict(zip(("quantity", "face"), game.legal_bids()[0], strict=True))
            )
        else:
            command = cmd.Challenge(player=0)
        tables.act(ann, BiddingAct(table=table_id, command=command))
        assert not ann.errors()
    seen = ann.events()
    assert len(seen) == len(game.events) and isinstance(seen[-1], ev.GameFinished)
    for mine, truth in zip(seen, game.events, strict=True):
        if isinstance(truth, ev.RoundStarted):
            assert mine.cups[0] == truth.cups[0] and hidden(mine.cups[1])
