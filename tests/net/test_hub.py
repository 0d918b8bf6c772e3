"""The hub over its unix socket: whole games, ownership, presence, timeouts, bad input."""

from __future__ import annotations

import asyncio

import pytest

from dicepoker_tui.engine import errors
from dicepoker_tui.families.scoresheet.rules import commands as cmd
from dicepoker_tui.families.scoresheet.rules.game import replay
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient, HubError

from .helpers import Recorder, play_turn, until


async def sit_two(connect, variant: str = "yatzy"):
    alice = await connect("alice", "SHA256:alice")
    bob = await connect("bob")
    alice.create(variant, seats=2)
    await until(lambda: alice.game is not None, what="alice's table")
    table = alice.game.table.id
    await until(lambda: any(t.id == table for t in bob.tables), what="bob's lobby")
    bob.join(table)
    await until(lambda: alice.game.started and bob.game and bob.game.started, what="the start")
    return alice, bob


async def test_two_players_play_a_whole_game_and_see_the_same_sheet(connect, hub_socket):
    hub, _ = hub_socket
    alice, bob = await sit_two(connect)
    players = {0: alice, 1: bob}
    while not alice.game.finished:
        await play_turn(players[alice.game.current])
    await until(lambda: bob.game.finished, what="bob to see the end")
    table = hub.tables[alice.game.table.id]
    assert alice.game.state.sheets == bob.game.state.sheets == table.game.state.sheets
    assert alice.game.state.standings == bob.game.state.standings == table.game.state.standings
    # every box of both sheets is filled, and the mirror is the fold of its events
    boxes = set(alice.game.variant.box_ids)
    assert all(set(sheet.scores) == boxes for sheet in bob.game.state.sheets)
    assert replay(bob.game.events).sheets == bob.game.state.sheets


async def test_the_dice_seed_stays_on_the_server(connect, hub_socket):
    hub, _ = hub_socket
    alice, _bob = await sit_two(connect)
    real = hub.tables[alice.game.table.id].game.state.seed
    assert real != 0
    assert alice.game.state.seed == 0


async def test_a_client_cannot_act_for_someone_elses_seat(connect, hub_socket):
    hub, _ = hub_socket
    alice, bob = await sit_two(connect)
    assert alice.game.current == 0
    # through RemoteGame: refused at once with the player's message
    with pytest.raises(errors.OutOfTurn, match="alice's turn"):
        bob.game.throw()
    # a forged request straight to the hub: refused there, and nothing changes
    seen = Recorder(bob)
    count = len(hub.tables[alice.game.table.id].game.events)
    bob.send(p.Act(table=alice.game.table.id, command=cmd.Throw(player=0), ref=7))
    await until(lambda: seen.errors(), what="the refusal")
    assert seen.errors()[0].code == "out_of_turn" and seen.errors()[0].ref == 7
    assert len(hub.tables[alice.game.table.id].game.events) == count


async def test_dice_values_from_a_client_are_refused(connect, hub_socket):
    alice, _bob = await sit_two(connect)
    seen = Recorder(alice)
    table = alice.game.table.id
    alice.send(p.Act(table=table, command=cmd.Throw(player=0, dice=[6, 6, 6, 6, 6])))
    await until(lambda: seen.errors(), what="the refusal")
    assert seen.errors()[0].code == "bad_dice"
    assert alice.game.state.turn.dice is None


async def test_a_spectator_sees_everything_and_cannot_act(connect):
    alice, _bob = await sit_two(connect)
    carol = await connect("carol")
    carol.watch(alice.game.table.id)
    await until(lambda: carol.game is not None, what="carol's view")
    assert carol.game.spectator and "carol" in carol.game.table.spectators
    with pytest.raises(errors.IllegalMove, match="watching"):
        carol.game.throw()
    seen = Recorder(carol)
    carol.send(p.Act(table=alice.game.table.id, command=cmd.Throw(player=0)))
    await until(lambda: seen.errors(), what="the refusal")
    assert seen.errors()[0].code == "spectator"
    await play_turn(alice)
    await until(lambda: len(carol.game.events) == len(alice.game.events), what="carol's events")
    assert carol.game.state.sheets == alice.game.state.sheets
    by = [m.by for m in seen.of(p.GameEvents)]
    assert by == ["alice", "alice"]


async def test_a_dropped_player_keeps_the_seat_and_resumes_it(connect, hub_socket):
    hub, path = hub_socket
    alice, bob = await sit_two(connect)
    table = alice.game.table.id
    before = len(alice.game.events)
    alice.game.throw()
    await until(lambda: len(alice.game.events) > before, what="alice's throw")
    dice = alice.game.state.turn.dice
    await alice.aclose()  # the connection drops mid-turn
    await until(lambda: not bob.game.table.seats[0].present, what="alice away")
    assert bob.game.table.seats[0].name == "alice"
    assert any("alice is away" in line.text for line in bob.chat)
    # a stranger with the same name but without alice's key is turned away
    mallory = HubClient(path, hub.issue_token("alice", "SHA256:mallory"))
    with pytest.raises(HubError, match="another key"):
        await mallory.connect()
    await mallory.aclose()
    again = await connect("alice", "SHA256:alice")
    assert again.seated == [table]
    again.join(table)
    await until(lambda: again.game is not None, what="the snapshot")
    assert again.game.seats == {0}
    assert again.game.state.turn.dice == dice and again.game.state.turn.throws == 1
    await until(lambda: bob.game.table.seats[0].present, what="alice back")
    box, points = next(iter(again.game.preview().items()))
    again.game.write(box)
    await until(lambda: bob.game.current == 1, what="bob's turn")
    assert bob.game.state.sheets[0].scores == {box: points}


async def test_bots_play_their_seats_to_the_end(connect):
    alice = await connect("alice")
    alice.create("yahtzee", seats=1, bots=["heuristic"])
    await until(lambda: alice.game is not None and alice.game.started, what="the start")
    seen = Recorder(alice)
    while not alice.game.finished:
        if alice.game.current == 0:
            await play_turn(alice)
        await asyncio.sleep(0.01)
    assert {m.by for m in seen.of(p.GameEvents)} == {"alice", "Bot 1"}
    assert len(alice.game.state.standings) == 2


@pytest.mark.parametrize("action", ["scratch", "bot"])
async def test_the_turn_timeout_plays_an_absent_players_turn(connect, action):
    alice = await connect("alice")
    bob = await connect("bob")
    alice.create("yatzy", seats=2, turn_timeout=1, timeout_action=action)
    await until(lambda: alice.game is not None, what="the table")
    bob.join(alice.game.table.id)
    await until(lambda: bob.game is not None and bob.game.started, what="the start")
    seen = Recorder(bob)
    await alice.aclose()
    await until(lambda: bob.game.current == 1, timeout=10, what="the timeout")
    assert len(bob.game.state.sheets[0].scores) == 1
    assert {m.by for m in seen.of(p.GameEvents)} == {"timeout"}
    if action == "scratch":  # one throw, then the box where the fewest points go
        thrown = [e for e in bob.game.events if e.type == "dice_thrown"]
        written = [e for e in bob.game.events if e.type == "box_written"]
        assert len(thrown) == 1 and len(written) == 1
        options = bob.game.variant
        from dicepoker_tui.families.scoresheet.rules.variants.base import WriteContext

        ctx = WriteContext(throws=1)
        lowest = min(
            options.score(b, thrown[0].dice, ctx)
            for b in options.legal_boxes(tuple(sorted(thrown[0].dice)), ctx)
        )
        assert written[0].points == lowest


async def test_garbage_on_the_socket_gets_errors_and_the_hub_goes_on(connect, hub_socket):
    _, path = hub_socket
    reader, writer = await asyncio.open_unix_connection(str(path), limit=p.MAX_LINE)
    for junk in [b"\x00\xff\xfe garbage\n", b"{}\n", b'{"type": "act"}\n', b"[1,2,3]\n"]:
        writer.write(junk)
        reply = p.decode_server(await reader.readline())
        assert isinstance(reply, p.Error) and reply.code == "bad_message"
    writer.write(b'{"type": "create", "variant": "yatzy"}\n')
    reply = p.decode_server(await reader.readline())
    assert isinstance(reply, p.Error) and reply.code == "hello_first"
    writer.write(b"x" * (p.MAX_LINE + 10) + b"\n")
    await writer.drain()
    writer.close()
    alice = await connect("alice")
    alice.create("yatzy", seats=1)
    await until(lambda: alice.game is not None and alice.game.started, what="a fresh game")


async def test_the_welcome_names_the_bot_levels_of_every_family(connect, hub_socket):
    from dicepoker_tui.family import families

    alice = await connect("alice", "SHA256:alice")
    await until(lambda: alice.welcome is not None, what="the welcome")
    levels = alice.welcome.family_levels
    assert set(levels) == {spec.id for spec in families()}
    for spec in families():
        assert levels[spec.id] == spec.bot_levels()
    assert alice.welcome.bot_levels == levels[families()[0].id]  # for older clients
