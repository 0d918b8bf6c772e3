"""Keys pressed faster than the hub answers: one command on its way at a time, the rest queued."""

from __future__ import annotations

from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.net import protocol as p

from .helpers import Recorder, until
from .test_bidding_hub import sit_two_bidders
from .test_hub import sit_two


async def settle(*clients) -> None:
    """Wait until every client's mirror has as many events as the hub's game."""
    for client in clients:
        await until(lambda c=client: c.game._pending is None, what="the answers")


async def test_a_double_enter_writes_once_and_the_hub_refuses_nothing(connect, hub_socket):
    hub, _ = hub_socket
    alice, bob = await sit_two(connect)
    log = Recorder(alice)
    game = alice.game
    before = len(game.events)
    game.throw()
    await until(lambda: len(game.events) > before, what="the throw")
    box = next(iter(game.preview()))
    game.write(box)
    game.write(box)  # the second enter, before the hub has answered the first
    table = hub.tables[game.table.id]
    await until(lambda: table.game.state.current == 1, what="the write")
    await until(lambda: bob.game.state.current == 1, what="bob to see it")
    await settle(alice)
    written = [e for e in table.game.events if isinstance(e, ev.BoxWritten)]
    assert [(e.player, e.box) for e in written] == [(0, box)]
    assert log.errors() == []
    assert alice.game.state.sheets == table.game.state.sheets


async def test_keys_typed_before_the_answer_are_sent_in_turn(connect, hub_socket):
    hub, _ = hub_socket
    alice, _bob = await sit_two(connect)
    log = Recorder(alice)
    game = alice.game
    table = hub.tables[game.table.id]
    game.throw()  # the hold is checked against the thrown dice, not the empty table
    game.hold(0)
    game.hold(1)
    game.hold(1)  # toggled back, as at home
    await until(lambda: table.game.state.turn.held[0], what="the hold")
    await settle(alice)
    assert table.game.state.turn.held == (True, False, False, False, False)
    assert game.state.turn.held == table.game.state.turn.held
    assert log.errors() == []


async def test_a_refused_command_drops_the_keys_queued_behind_it(connect, hub_socket):
    hub, _ = hub_socket
    alice, _bob = await sit_two(connect)
    log = Recorder(alice)
    game = alice.game
    table = hub.tables[game.table.id]
    game.throw()
    await settle(alice)
    table.takeover = 0  # the turn timed out on the hub: a bot plays it now
    game.hold(0)
    game.hold(1)  # queued behind a command the hub will refuse
    await until(lambda: log.errors(), what="the refusal")
    assert log.errors()[0].code == "timed_out"
    assert game._pending is None and not game._queue
    table.takeover = None
    game.hold(2)  # the next key goes out at once
    await until(lambda: table.game.state.turn.held[2], what="the next hold")
    assert table.game.state.turn.held == (False, False, True, False, False)


async def test_a_double_enter_at_a_bidding_table_bids_once(connect, hub_socket):
    hub, _ = hub_socket
    alice, bob, logs = await sit_two_bidders(connect)
    server = hub.tables[alice.game.table.id].game
    players = {0: alice, 1: bob}
    seat = server.state.to_act
    bidder = players[seat]
    bid = bidder.game.legal_bids()[0]
    bidder.game.bid(*bid)
    bidder.game.bid(*bid)  # the second enter: by the answer it is the other's turn
    await until(lambda: server.state.bid is not None, what="the bid")
    await settle(alice, bob)
    assert (server.state.bid.player, server.state.to_act) == (seat, 1 - seat)
    assert [m for m in logs[seat].messages if isinstance(m, p.Error)] == []
