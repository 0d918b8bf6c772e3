"""Perudo over the hub socket: two clients, private cups until the reveal, bots, refusals."""

from __future__ import annotations

import pytest

from dicepoker_tui.engine import errors
from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.mirror import RemoteBiddingGame
from dicepoker_tui.families.bidding.rules import events as bev
from dicepoker_tui.net import protocol as p

from .helpers import Recorder, until


async def sit_two_bidders(connect, variant: str = "perudo"):
    alice = await connect("alice")
    bob = await connect("bob")
    logs = {0: Recorder(alice), 1: Recorder(bob)}
    alice.create(variant, seats=2)
    await until(lambda: alice.game is not None, what="alice's table")
    table = alice.game.table.id
    await until(lambda: any(t.id == table for t in bob.tables), what="bob's lobby")
    bob.join(table)
    await until(lambda: alice.game.started and bob.game and bob.game.started, what="the start")
    return alice, bob, logs


def cups_seen(messages: list, round_no: int) -> list[tuple[int, ...]]:
    """The cups of `round_no` as a client was told them in `round_started`."""
    seen = []
    for m in messages:
        events = m.events if isinstance(m, p.GameEvents | p.TableSnapshot) else []
        for e in events:
            if isinstance(e, bev.RoundStarted) and e.round == round_no:
                seen = list(e.cups)
    return seen


async def test_two_clients_see_only_their_own_cup_until_the_reveal(connect, hub_socket):
    hub, _ = hub_socket
    alice, bob, logs = await sit_two_bidders(connect)
    server = hub.tables[alice.game.table.id].game
    real = server.state.cups
    assert isinstance(alice.game, RemoteBiddingGame) and isinstance(bob.game, RemoteBiddingGame)
    assert alice.game.table.family == "bidding"
    # each mirror holds its own cup and zeros for the other's
    for seat, client in ((0, alice), (1, bob)):
        other = 1 - seat
        assert client.game.state.cups[seat] == real[seat]
        assert set(client.game.state.cups[other]) == {0}
        assert len(client.game.state.cups[other]) == len(real[other])
    # the first player bids, the other raises, the first challenges: the reveal
    players = {0: alice, 1: bob}
    opener = players[server.state.to_act]
    opener.game.bid(*opener.game.legal_bids()[0])
    await until(lambda: bob.game.state.bid is not None and alice.game.state.bid is not None)
    other = players[server.state.to_act]
    before_reveal = {s: list(r.messages) for s, r in logs.items()}
    other.game.bid(*other.game.legal_bids()[0])
    await until(lambda: opener.game.my_turn(), what="the raise")
    opener.game.challenge()
    await until(
        lambda: alice.game.state.rounds_played == 1 == bob.game.state.rounds_played,
        what="the reveal",
    )
    # before the reveal: no message to either client carried the other's dice
    for seat, messages in before_reveal.items():
        cups = cups_seen(messages, 1)
        assert cups[seat] == real[seat]
        assert set(cups[1 - seat]) == {0}
        assert all(
            not isinstance(e, bev.CupsRevealed)
            for m in messages
            if isinstance(m, p.GameEvents)
            for e in m.events
        )
    # after it: both see every cup, exactly as thrown
    for client in (alice, bob):
        assert client.game.state.last_reveal is not None
        assert client.game.state.last_reveal.cups == real
    assert alice.game.state.dice_left == bob.game.state.dice_left == server.state.dice_left


async def test_a_client_cannot_bid_out_of_turn_or_for_another_seat(connect, hub_socket):
    hub, _ = hub_socket
    alice, bob, _ = await sit_two_bidders(connect, "liars-dice")
    server = hub.tables[alice.game.table.id].game
    waiting = alice if server.state.to_act == 1 else bob
    try:
        waiting.game.bid(1, 2)
    except errors.IllegalMove:
        pass
    else:
        raise AssertionError("a bid out of turn was accepted")
    # the hub itself refuses a forged command for the other seat
    log = Recorder(waiting)
    from dicepoker_tui.families.bidding.rules import commands as bcmd

    seat = server.state.to_act
    waiting.send(
        p.Act(table=waiting.game.table.id, command=bcmd.Bid(player=seat, quantity=1, face=2), ref=7)
    )
    await until(lambda: log.errors(), what="the refusal")
    assert log.errors()[0].ref == 7
    assert server.state.bid is None


async def test_a_spectator_sees_no_cup_and_bots_play_to_the_end(connect):
    alice = await connect("alice")
    carol = await connect("carol")
    alice.create("perudo", seats=1, bots=["strong", "novice"])
    await until(lambda: alice.game is not None and alice.game.started, what="the start")
    carol.watch(alice.game.table.id)
    await until(lambda: carol.game is not None, what="carol's view")
    assert carol.game.spectator
    assert all(set(cup) == {0} for cup in carol.game.state.cups)
    while not alice.game.finished:
        if alice.game.my_turn():
            before = len(alice.game.events)
            state = alice.game.state
            if state.bid is None:
                alice.game.bid(*alice.game.legal_bids()[0])
            else:
                alice.game.challenge()
            await until(lambda n=before: len(alice.game.events) > n, what="alice's move")
        await until(lambda: alice.game.my_turn() or alice.game.finished, timeout=20)
    await until(lambda: carol.game.finished, what="carol to see the end")
    assert alice.game.state.standings == carol.game.state.standings
    assert len([s for s in alice.game.state.standings if s.place == 1]) == 1


async def test_a_bidding_game_on_the_server_goes_to_its_history(game_server):
    from dicepoker_tui.net.client import HubClient
    from dicepoker_tui.store import Store

    hub = game_server.hub
    alice = HubClient(game_server.socket_path, hub.issue_token("alice"))
    await alice.connect()
    alice.create("liars-dice", seats=1, bots=["strong"])
    await until(lambda: alice.game is not None and alice.game.started, what="the start")
    while not alice.game.finished:
        if alice.game.my_turn():
            before = len(alice.game.events)
            if alice.game.state.bid is None:
                alice.game.bid(*alice.game.legal_bids()[0])
            else:
                alice.game.challenge()
            await until(lambda n=before: len(alice.game.events) > n, what="alice's move")
        await until(lambda: alice.game.my_turn() or alice.game.finished, timeout=20)
    server_events = list(next(iter(hub.tables.values())).game.events)
    await alice.aclose()
    store = Store.open(game_server.data_dir / "history.db").store
    games = bidding_games(store).games()
    assert len(games) == 1 and games[0].players == ("alice", "Bot 1")
    assert games[0].status == "finished"
    # the history keeps every cup, not the private view alice was sent
    assert bidding_games(store).load_events(games[0].id) == server_events
    store.close()


@pytest.mark.parametrize("action", ["bot", "scratch"])
async def test_the_turn_timeout_moves_for_an_absent_bidder(connect, hub_socket, action):
    hub, _ = hub_socket
    alice = await connect("alice")
    bob = await connect("bob")
    alice.create("perudo", seats=2, turn_timeout=1, timeout_action=action)
    await until(lambda: alice.game is not None, what="the table")
    bob.join(alice.game.table.id)
    await until(lambda: bob.game is not None and bob.game.started, what="the start")
    server = hub.tables[alice.game.table.id].game
    absent = {0: alice, 1: bob}[server.state.to_act]
    present = bob if absent is alice else alice
    seen = Recorder(present)
    lowest = server.legal_bids()[0]
    await absent.aclose()
    await until(lambda: present.game.state.bid is not None, timeout=10, what="the timeout")
    assert {m.by for m in seen.of(p.GameEvents)} == {"timeout"}
    if action == "scratch":  # the opening is the lowest legal bid
        bid = present.game.state.bid
        assert (bid.quantity, bid.face) == lowest
