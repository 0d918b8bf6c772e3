"""A rematch over real SSH: two terminals finish a game and meet again at one new table."""

from __future__ import annotations

import asyncio

from .helpers import until
from .ssh_client import Terminal, connect


async def test_two_ssh_players_finish_a_game_and_both_land_at_the_rematch(game_server):
    hub = game_server.hub
    conn_a = await connect(game_server.port, "alice")
    conn_b = await connect(game_server.port, "bob")
    alice, bob = await Terminal.open(conn_a), await Terminal.open(conn_b)
    await alice.wait_for("press n to open one")
    alice.send("n")
    await alice.wait_for("New table")
    alice.send("\x13")  # ctrl+s: a table for two with the form's defaults
    await until(lambda: hub.tables, what="the table")
    old = next(iter(hub.tables.values()))
    await bob.wait_for(f"alice's {old.variant.capitalize()}")
    bob.send("\r")
    await until(lambda: old.game is not None, what="the start")

    # the moves go straight through the hub, as if both played quickly
    game = old.game
    while not game.finished:
        seat = game.current
        hub.play.execute(old, hub.bots.scratch(game), old.seats[seat].name)
        await asyncio.sleep(0)
    for term in (alice, bob):
        await term.shows("Game over")
        await term.shows("Rematch")  # the result screen's footer names the key

    alice.send("m")
    await until(lambda: old.rematch in hub.tables, what="the rematch table")
    new = hub.tables[old.rematch]
    await bob.shows("alice offers a rematch — press m to join")
    await alice.shows("Waiting for 1 more player")
    bob.send("m")
    await until(lambda: new.game is not None, what="the rematch to start")
    assert [s.name for s in new.seats] == ["alice", "bob"]
    assert (new.variant, new.turn_timeout) == (old.variant, old.turn_timeout)
    assert new.game is not game and game.finished
    for term in (alice, bob):
        await term.shows(f"table {new.id}")
    assert len([t for t in hub.tables.values() if t.status != "finished"]) == 1
    alice.send("\x11")
    bob.send("\x11")
    conn_a.close()
    conn_b.close()
