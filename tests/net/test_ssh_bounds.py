"""What one player can make the hub keep and send is bounded: undo loops, hold storms,
table spam and a peer that does not read (issue points 1, 2 and 9).

Real asyncssh clients against a server on 127.0.0.1; in every test the honest pair keeps
playing and a new SSH login gets its screen.
"""

from __future__ import annotations

import asyncio

import pytest

from dicepoker_tui.families.scoresheet.rules import commands as cmd
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.net import hub_socket
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient
from dicepoker_tui.net.hub import Hub, HubLimits
from dicepoker_tui.net.hub.model import Seat, Table
from dicepoker_tui.serve.server import GameServer, ServeOptions

from .helpers import Recorder, play_turn, until
from .ssh_client import Terminal, connect
from .strangers import close_pair, honest_pair, still_playing


async def _client(server, nick: str, fingerprint: str | None = None) -> HubClient:
    client = HubClient(server.socket_path, server.hub.issue_token(nick, fingerprint))
    await client.connect()
    return client


async def _table_of_two(server, first: str, second: str) -> tuple[HubClient, HubClient, Table]:
    a = await _client(server, first)
    a.create("yatzy", seats=2)
    await until(lambda: a.game is not None, what=f"{first}'s table")
    b = await _client(server, second)
    b.join(a.game.table.id)
    await until(lambda: b.game is not None and b.game.started, what="the game")
    return a, b, server.hub.tables[a.game.table.id]


async def test_a_write_undo_loop_takes_back_once_and_the_snapshot_stays_small(game_server):
    pair = await honest_pair(game_server)
    mallory, dave, table = await _table_of_two(game_server, "mallory", "dave")
    seen = Recorder(mallory)
    game = table.game
    mallory.send(p.Act(table=table.id, command=cmd.Throw(player=0)))
    await until(lambda: game.state.turn.dice is not None, what="mallory's throw")
    box = next(iter(mallory.game.preview()))
    for _ in range(40):  # the lock-out: write, undo, write, undo...
        mallory.send(p.Act(table=table.id, command=cmd.Write(player=0, box=box)))
        mallory.send(p.Act(table=table.id, command=cmd.Undo(player=0)))
    for i in range(300):  # and a storm of holds
        mallory.send(p.Act(table=table.id, command=cmd.Hold(player=0, index=i % 5)))
    await until(
        lambda: any(e.code in ("undone_once", "too_fast") for e in seen.errors()),
        what="the loop refused",
    )
    await until(lambda: len(seen.of(p.Error)) + 5 > 300, timeout=20, what="every answer")
    undone = [e for e in game.events if isinstance(e, ev.WriteUndone)]
    assert len(undone) == 1
    codes = {e.code for e in seen.errors()}
    assert "undone_once" in codes and "too_fast" in codes

    # what anyone who watches or sits down is sent stays a few kilobytes
    walt = await _client(game_server, "walt")
    got = Recorder(walt)
    walt.watch(table.id)
    await until(lambda: got.of(p.TableSnapshot), what="walt's snapshot")
    assert len(p.encode(got.of(p.TableSnapshot)[0])) < 20_000
    # and the other player of that table comes back over SSH to a working table
    await dave.aclose()
    async with await connect(game_server.port, "dave") as conn:
        term = await Terminal.open(conn)
        await term.shows("mallory takes back")
        term.send("\x11")  # ctrl+q
        await term.closed()
    await still_playing(game_server, pair)
    for client in (mallory, walt):
        await client.aclose()
    await close_pair(pair)


async def test_holds_toggled_without_end_are_folded_in_what_is_sent(game_server):
    mallory, dave, table = await _table_of_two(game_server, "mallory", "dave")
    game = table.game
    mallory.send(p.Act(table=table.id, command=cmd.Throw(player=0)))
    await until(lambda: game.state.turn.dice is not None, what="mallory's throw")
    for i in range(50):
        mallory.send(p.Act(table=table.id, command=cmd.Hold(player=0, index=i % 2)))
    await until(
        lambda: sum(isinstance(e, ev.DiceHeld) for e in game.events) == 50, what="the holds"
    )
    walt = await _client(game_server, "walt")
    got = Recorder(walt)
    walt.watch(table.id)
    await until(lambda: got.of(p.TableSnapshot), what="walt's snapshot")
    sent = got.of(p.TableSnapshot)[0].events
    assert sum(isinstance(e, ev.DiceHeld) for e in sent) == 2  # the last of each die
    await until(lambda: walt.game is not None, what="walt's mirror")
    assert walt.game.state.turn.held == game.state.turn.held  # the same state all the same
    for client in (mallory, dave, walt):
        await client.aclose()


async def test_the_turn_timer_is_not_rearmed_by_moves_or_an_undo():
    hub = Hub(bot_pace=0.0)
    table = Table(id="1", name="t", variant="yatzy", seats=[Seat(name="ann"), Seat(name="ben")])
    table.turn_timeout = 30
    hub.tables["1"] = table
    hub.seating.start(table)
    first = table.deadline_handle.when()
    hub.play.execute(table, cmd.Throw(player=0), "ann")
    hub.play.execute(table, cmd.Hold(player=0, index=0), "ann")
    assert table.deadline_handle.when() == first  # moves within a turn give no more time
    box = next(b for b in ("chance", "ones", "twos") if b in table.game.preview())
    hub.play.execute(table, cmd.Write(player=0, box=box), "ann")
    assert table.deadline_seat == 1  # ben's turn has its own clock
    hub.play.execute(table, cmd.Undo(player=0), "ann")
    assert table.deadline_seat == 0
    assert table.deadline_handle.when() == pytest.approx(first, abs=0.05)  # clock goes on
    await hub.aclose()


async def test_a_timed_out_player_cannot_undo_the_move_made_for_them(short_tmp):
    server = GameServer(
        ServeOptions(port=0, data_dir=short_tmp / "home", bot_pace=0.0, idle_timeout=0)
    )
    await server.start()
    try:
        pair = await honest_pair(server)
        mallory = await _client(server, "mallory")
        mallory.create("yatzy", seats=2, turn_timeout=1)
        await until(lambda: mallory.game is not None, what="mallory's table")
        dave = await _client(server, "dave")
        dave.join(mallory.game.table.id)
        await until(lambda: dave.game is not None and dave.game.started, what="the game")
        table = server.hub.tables[mallory.game.table.id]
        seen = Recorder(mallory)
        # mallory lets the clock run out: the bot plays her turn, then it is dave's
        await until(lambda: table.game.state.current == 1, timeout=10, what="the bot's write")
        mallory.send(p.Act(table=table.id, command=cmd.Undo(player=0)))
        await until(lambda: seen.errors(), what="the refusal")
        assert seen.errors()[-1].code == "not_yours_to_undo"
        assert not any(isinstance(e, ev.WriteUndone) for e in table.game.events)
        await play_turn(dave)  # dave plays on
        await still_playing(server, pair)
        for client in (mallory, dave):
            await client.aclose()
        await close_pair(pair)
    finally:
        await server.close()


async def test_tables_are_capped_per_nickname_and_in_all_and_left_ones_close(short_tmp):
    server = GameServer(
        ServeOptions(
            port=0,
            data_dir=short_tmp / "home",
            bot_pace=0.0,
            idle_timeout=0,
            max_tables=6,
            max_tables_per_nick=2,
            waiting_grace=0.5,
        )
    )
    await server.start()
    try:
        pair = await honest_pair(server)  # bob's table: one of six
        refused: list[p.Error] = []
        for _ in range(5):  # n, ctrl+s, disconnect, connect, n, ...
            spam = await _client(server, "spam")
            seen = Recorder(spam)
            spam.create("yatzy", seats=2)
            await until(
                lambda spam=spam, seen=seen: spam.game is not None or seen.errors(),
                what="an answer",
            )
            refused += seen.errors()
            await spam.aclose()
        assert refused and refused[-1].code == "too_many_tables"
        assert sum(t.creator == "spam" for t in server.hub.tables.values()) == 2
        others = [await _client(server, f"spam{i}") for i in range(4)]
        heard = [Recorder(c) for c in others]
        for client in others:
            client.create("yatzy", seats=2)
        await until(
            lambda: all(c.game or r.errors() for c, r in zip(others, heard, strict=True)),
            what="every one answered",
        )
        assert len(server.hub.tables) == 6
        assert sum(bool(r.errors()) for r in heard) == 1
        assert next(r.errors()[0].code for r in heard if r.errors()) == "too_many_tables"
        # the waiting tables nobody sits at close after the grace; the game goes on
        await until(lambda: len(server.hub.tables) <= 4, timeout=10, what="left tables closed")
        assert not any(t.creator == "spam" for t in server.hub.tables.values())
        await still_playing(server, pair)
        for client in others:
            await client.aclose()
        await close_pair(pair)
    finally:
        await server.close()


def test_the_largest_lobby_the_hub_can_send_fits_the_apps_reader():
    hub = Hub(bot_pace=0.0)
    limits = HubLimits()
    for i in range(limits.max_tables):
        hub.tables[str(i)] = Table(
            id=str(i),
            name="W" * 40,
            variant="yatzy",
            seats=[Seat(name="n" * 24, fingerprint="SHA256:" + "x" * 43)] * 8,
        )
    lobby = p.Lobby(tables=hub.broadcast.infos(), seated=[])
    assert len(p.encode(lobby)) < p.MAX_HUB_LINE / 4


async def test_a_peer_that_does_not_read_is_dropped_with_a_notice_and_comes_back(
    game_server, monkeypatch
):
    monkeypatch.setattr(hub_socket, "QUEUE_BYTES", 128 * 1024)
    pair = await honest_pair(game_server)
    reader, writer = await asyncio.open_unix_connection(
        str(game_server.socket_path), limit=p.MAX_HUB_LINE
    )
    token = game_server.hub.issue_token("sloth")
    writer.write(p.encode(p.Hello(token=token)))
    await writer.drain()
    # the lobby changes again and again while sloth reads nothing
    makers = [await _client(game_server, f"maker{i}") for i in range(8)]
    everyone = 2 + len(makers)  # the pair, the makers: sloth no longer
    for round_ in range(300):
        if game_server.hub.peer_count == everyone:
            break
        for client in makers:
            client.create("yatzy", seats=4, name=f"{round_} " + "x" * 36)
        await until(lambda: all(c.game for c in makers), what="the tables")
        for client in makers:
            client.leave()
        await until(lambda: not any(c.game for c in makers), what="the tables gone")
        await asyncio.sleep(0.1)  # the makers keep within the hub's request rate
    await until(lambda: game_server.hub.peer_count == everyone, timeout=20, what="sloth dropped")
    data = await asyncio.wait_for(reader.read(), 20)  # all it was sent, then the end
    assert data.rstrip().endswith(b"}") and b"too_slow" in data.splitlines()[-1]
    writer.close()
    back = await _client(game_server, "sloth")  # and may connect again
    assert back.nick == "sloth"
    await still_playing(game_server, pair)
    for client in (*makers, back):
        await client.aclose()
    await close_pair(pair)
