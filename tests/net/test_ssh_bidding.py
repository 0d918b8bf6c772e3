"""Perudo over real SSH: two terminals, each sent only its own cup until the reveal."""

from __future__ import annotations

from dicepoker_tui.families.bidding.rules import events as bev
from dicepoker_tui.family import all_variants
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.hub_socket import SocketPeer

from .helpers import until
from .ssh_client import Terminal, connect

RIGHT = "\x1b[C"


async def test_two_ssh_players_see_only_their_own_cup_until_the_reveal(game_server, monkeypatch):
    hub = game_server.hub
    sent: list[tuple[SocketPeer, p.ServerMessage]] = []
    original = SocketPeer.send

    def spy(self, message):
        sent.append((self, message))
        original(self, message)

    monkeypatch.setattr(SocketPeer, "send", spy)
    conn_a = await connect(game_server.port, "alice")
    conn_b = await connect(game_server.port, "bob")
    alice, bob = await Terminal.open(conn_a), await Terminal.open(conn_b)
    await alice.wait_for("press n to open one")
    alice.send("n")
    await alice.wait_for("New table")
    ids = [v.id for v in all_variants()]
    for _ in range(ids.index("perudo")):  # the variant: Perudo after the scoresheet games
        alice.send(RIGHT)
    await alice.shows("Perudo", gone="Kniffel")
    alice.send("\x13")  # ctrl+s: open the table
    await until(lambda: hub.tables, what="the table")
    table = next(iter(hub.tables.values()))
    assert (table.family, table.variant) == ("bidding", "perudo")
    await bob.wait_for("alice's Perudo")
    bob.send("\r")
    await until(lambda: table.game is not None, what="the start")
    nick_of = {peer: s.identity.nick for peer, s in hub.broadcast.peers.items() if s.identity}
    game = table.game
    real = game.state.cups
    terms = {0: alice, 1: bob}
    opener = game.state.to_act
    terms[opener].send("\r")  # the opening bid the form offers
    await until(lambda: game.state.bid is not None, what="the opening bid")
    terms[1 - opener].send("\r")  # the smallest raise
    await until(lambda: game.state.bid.player != opener, what="the raise")
    terms[opener].send("c")  # dudo
    await until(lambda: game.state.rounds_played == 1, what="the reveal")
    next_opener = game.state.to_act  # the loser opens the next round with their new cup
    await terms[1 - next_opener].wait_for("Lifted cups")
    await terms[next_opener].wait_for("No bid yet")

    for seat, nick in enumerate(("alice", "bob")):
        events = [
            e
            for peer, m in sent
            if nick_of.get(peer) == nick and isinstance(m, p.GameEvents | p.TableSnapshot)
            for e in m.events
        ]
        reveal = next(i for i, e in enumerate(events) if isinstance(e, bev.CupsRevealed))
        starts = [e for e in events[:reveal] if isinstance(e, bev.RoundStarted)]
        assert starts and all(e.cups[seat] == real[seat] for e in starts)
        assert all(set(e.cups[1 - seat]) == {0} for e in starts)
        assert events[reveal].cups == real
    alice.send("\x11")
    bob.send("\x11")
    conn_a.close()
    conn_b.close()
