"""Tables nobody plays at close or are parked after a bounded time, and a parked game is
resumed by its players as it was (issue 24, point 1: abandoned games piled up for ever).

Real hub clients on the server's hub socket, with the history on disk. The grace timers
are the event loop's: a test checks the timer armed and its delay, then lets it expire
at once (`expire`) instead of waiting minutes.
"""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient
from dicepoker_tui.net.hub import HubLimits
from dicepoker_tui.net.hub.model import Identity, Table
from dicepoker_tui.net.hub.parking import PARKED

from .helpers import Recorder, play_turn, until

LIMITS = HubLimits(max_tables=3, max_tables_per_nick=3, max_tables_per_address=2)


@pytest.fixture
def server(game_server):
    game_server.hub.limits = LIMITS
    return game_server


async def _client(server, nick: str, address: str | None = None) -> HubClient:
    client = HubClient(server.socket_path, server.hub.issue_token(nick, None, address))
    await client.connect()
    return client


def expire(server, table: Table, grace: float) -> None:
    """The table's grace timer is armed for `grace` seconds: it runs out now."""
    handle = table.abandon_handle
    assert handle is not None, "no grace timer"
    left = handle.when() - asyncio.get_running_loop().time()
    assert grace - 30 < left <= grace  # (the other grace is minutes apart)
    handle.cancel()
    server.hub.parking.abandoned(table)


def history_status(server) -> list[str]:
    with sqlite3.connect(server.data_dir / "history.db") as db:
        return [row[0] for row in db.execute("SELECT status FROM games ORDER BY id")]


async def _game_with_a_bot(server, nick: str, address: str | None = None):
    client = await _client(server, nick, address)
    client.create("yatzy", seats=1, bots=["heuristic"])
    await until(lambda: client.game is not None and client.game.started, what="the game")
    return client, server.hub.tables[client.game.table.id]


async def test_a_game_left_is_kept_as_it_was_then_parked_and_resumed(server):
    hub = server.hub
    ann, table = await _game_with_a_bot(server, "ann")
    await play_turn(ann)
    await until(lambda: ann.game.my_turn(), what="the bot's turn played")
    played = len(table.game.events)
    ann.leave()  # "Lobby, the game is kept"
    await until(lambda: ann.game is None and table.abandon_handle is not None, what="left")
    # back within the grace: the table as it was, its timer gone
    ann.join(table.id)
    await until(lambda: ann.game is not None, what="back at the table")
    assert hub.tables[table.id] is table and len(table.game.events) == played
    assert table.abandon_handle is None
    await ann.aclose()  # a dropped connection counts as leaving too
    await until(lambda: table.abandon_handle is not None, what="the timer")
    expire(server, table, LIMITS.abandoned_grace)
    assert table.id not in hub.tables and hub.parked[table.id] is table
    assert history_status(server) == ["playing"]  # unfinished, offered to its player
    # the parked game no longer holds a seat of the server, nor of ann's three
    others = [await _client(server, f"o{i}") for i in range(3)]
    for client in others:
        client.create("yatzy")
    await until(lambda: all(c.game for c in others), what="three new tables")
    back = await _client(server, "ann")
    assert table.id in back.seated and any(t.id == table.id for t in back.tables)
    seen = Recorder(back)
    back.join(table.id)  # the server is full: the parked game waits for room
    await until(lambda: seen.errors(), what="the refusal")
    assert seen.errors()[0].code == "too_many_tables" and table.id in hub.parked
    others[0].leave()
    await until(lambda: len(hub.tables) == 2, what="a table closed")
    back.join(table.id)
    await until(lambda: back.game is not None and back.game.started, what="resumed")
    assert hub.tables[table.id] is table and len(back.game.events) == played
    await play_turn(back)  # the game goes on, its bot too
    await until(lambda: back.game.my_turn(), what="the bot plays again")
    assert history_status(server) == ["playing"]
    for client in (*others, back):
        await client.aclose()


async def test_a_bidding_game_whose_players_are_all_away_is_parked_not_stalled(server):
    hub = server.hub
    alice, bob = await _client(server, "alice"), await _client(server, "bob")
    alice.create("perudo", seats=2)
    await until(lambda: alice.game is not None, what="alice's table")
    table_id = alice.game.table.id
    bob.join(table_id)
    await until(lambda: bob.game is not None and bob.game.started, what="the start")
    table = hub.tables[table_id]
    players = {0: alice, 1: bob}
    opener = players[table.game.state.to_act]
    opener.game.bid(*opener.game.legal_bids()[0])
    await until(lambda: table.game.state.bid is not None, what="the first bid")
    played = len(table.game.events)
    await alice.aclose()
    assert table.abandon_handle is None  # bob is still there
    await bob.aclose()
    await until(lambda: table.abandon_handle is not None, what="the timer")
    expire(server, table, LIMITS.abandoned_grace)
    assert hub.parked == {table_id: table}
    alice, bob = await _client(server, "alice"), await _client(server, "bob")
    assert table_id in alice.seated and table_id in bob.seated
    alice.watch(table_id)  # watching a game of one's own sits one down, parked or not
    await until(lambda: alice.game is not None and alice.game.started, what="alice is back")
    assert alice.game.seat == 0
    await until(lambda: any(t.id == table_id for t in bob.tables), what="in bob's lobby")
    bob.join(table_id)
    await until(lambda: bob.game is not None and bob.game.started, what="bob is back")
    assert len(table.game.events) == played and not hub.parked
    players = {0: alice, 1: bob}
    raiser = players[table.game.state.to_act]
    raiser.game.bid(*raiser.game.legal_bids()[0])
    await until(lambda: len(table.game.events) > played, what="the game goes on")
    for client in (alice, bob):
        await client.aclose()


async def test_a_finished_table_its_players_left_closes_after_the_grace(server):
    hub = server.hub
    ann, table = await _game_with_a_bot(server, "ann")
    sam = await _client(server, "sam")
    sam.watch(table.id)
    await until(lambda: sam.game is not None, what="sam watching")
    seen = Recorder(sam)
    while not table.game.finished:
        await until(lambda: ann.game.my_turn() or table.game.finished, what="ann's turn")
        if not table.game.finished:
            await play_turn(ann)  # 13 turns: 26 requests, within the hub's burst
    ann.leave()
    await until(lambda: table.abandon_handle is not None, what="the timer")
    assert hub.tables[table.id] is table  # sam still watches
    expire(server, table, LIMITS.abandoned_grace)
    assert table.id not in hub.tables and not hub.parked
    await until(lambda: seen.of(p.Left), what="sam told")
    assert history_status(server) == ["finished"]
    for client in (ann, sam):
        await client.aclose()


async def test_spectators_of_a_parked_game_go_back_to_the_lobby_told_why(server):
    hub = server.hub
    ann, table = await _game_with_a_bot(server, "ann")
    sam = await _client(server, "sam")
    sam.watch(table.id)
    await until(lambda: sam.game is not None, what="sam watching")
    seen = Recorder(sam)
    ann.leave()
    await until(lambda: table.abandon_handle is not None, what="the timer")
    expire(server, table, LIMITS.abandoned_grace)
    await until(lambda: seen.of(p.Left), what="sam told")
    assert seen.of(p.Left)[0].reason == PARKED and sam.game is None
    assert not any(t.id == table.id for t in sam.tables)  # only its players see it
    sam.join(table.id)
    await until(lambda: seen.errors(), what="the refusal")
    assert seen.errors()[0].code == "no_table" and table.id in hub.parked
    for client in (ann, sam):
        await client.aclose()


async def test_unfinished_tables_are_capped_per_address_whatever_the_nicknames(server):
    hub = server.hub
    first = [await _client(server, f"n{i}", "192.0.2.7") for i in range(3)]
    heard = [Recorder(c) for c in first]
    for client in first:
        client.create("yatzy", seats=1, bots=["heuristic"])
    await until(
        lambda: all(c.game or r.errors() for c, r in zip(first, heard, strict=True)),
        what="every one answered",
    )
    assert [bool(c.game) for c in first] == [True, True, False]
    assert heard[2].errors()[0].code == "too_many_tables"
    tab = HubClient(server.socket_path, hub.issue_ticket(address="192.0.2.7"))
    tab.pick = "browser"  # a browser tab of the same address
    await tab.connect()
    seen = Recorder(tab)
    tab.create("yatzy")
    await until(lambda: seen.errors(), what="the tab refused")
    assert seen.errors()[0].code == "too_many_tables" and tab.game is None
    await tab.aclose()
    elsewhere = await _client(server, "honest", "198.51.100.1")
    elsewhere.create("yatzy")
    await until(lambda: elsewhere.game is not None, what="another address's table")
    # a game of the address parked no longer counts: the address may open one again
    gone = hub.tables[first[0].game.table.id]
    await first[0].aclose()
    await until(lambda: gone.abandon_handle is not None, what="the timer")
    expire(server, gone, LIMITS.abandoned_grace)
    first[2].create("yatzy", seats=1, bots=["heuristic"])
    await until(lambda: first[2].game is not None, what="the table let in")
    for client in (*first, elsewhere):
        await client.aclose()


async def test_parked_games_are_bounded_per_address_the_oldest_left_in_the_history(server):
    hub = server.hub
    parked: list[Table] = []
    for i in range(3):  # one address parks three games; it may open two at a time
        client, table = await _game_with_a_bot(server, f"p{i}", "192.0.2.9")
        await client.aclose()
        await until(lambda table=table: table.abandon_handle is not None, what="the timer")
        expire(server, table, LIMITS.abandoned_grace)
        parked.append(table)
    assert list(hub.parked.values()) == parked[1:]
    assert history_status(server) == ["abandoned", "playing", "playing"]
    back = await _client(server, "p0")
    assert parked[0].id not in back.seated


async def test_a_parked_game_keeps_its_unkeyed_players_name_from_a_key(server):
    hub = server.hub
    client, table = await _game_with_a_bot(server, "alice", "192.0.2.11")
    await client.aclose()  # her tab closed: no session of hers is left
    await until(lambda: table.abandon_handle is not None, what="the timer")
    expire(server, table, LIMITS.abandoned_grace)
    assert table.id in hub.parked
    assert hub.held_without_key("alice") == "alice"  # a key may not claim it meanwhile
    assert hub.name_conflict(Identity("alice", "SHA256:mallory")) is not None
    assert hub.name_conflict(Identity("alice")) is None  # she herself is let back in


async def test_bringing_back_a_parked_game_keeps_the_caps_of_its_address(server):
    hub = server.hub
    client, table = await _game_with_a_bot(server, "bo", "192.0.2.12")
    await client.aclose()
    await until(lambda: table.abandon_handle is not None, what="the timer")
    expire(server, table, LIMITS.abandoned_grace)
    others = [await _client(server, f"bo{i}", "192.0.2.12") for i in range(2)]
    for other in others:  # the address opens as many tables as it may
        other.create("yatzy", seats=1, bots=["heuristic"])
    await until(lambda: all(o.game for o in others), what="two tables")
    back = await _client(server, "bo", "192.0.2.12")
    heard = Recorder(back)
    back.join(table.id)
    await until(lambda: heard.errors(), what="the resume refused")
    assert heard.errors()[0].code == "too_many_tables"
    assert hub.parked[table.id] is table and back.game is None  # still kept for later
    for c in (*others, back):
        await c.aclose()


async def test_names_that_differ_only_in_case_do_not_jam_a_table(server):
    ann = await _client(server, "Ann")
    ann.create("yatzy", seats=2)
    await until(lambda: ann.game is not None, what="the table")
    twin = await _client(server, "ann")
    heard = Recorder(twin)
    twin.join(ann.game.table.id)
    await until(lambda: heard.errors(), what="the twin refused")
    assert heard.errors()[0].code == "name_taken"
    table = server.hub.tables[ann.game.table.id]
    assert [s.name for s in table.seats] == ["Ann", None]  # the seat is still free
    bob = await _client(server, "bob")
    bob.join(table.id)
    await until(lambda: table.status == "playing", what="the game started")
    for c in (ann, twin, bob):
        await c.aclose()
