"""A rematch after a shared game: one new table like the old one, for everyone who wants it."""

from __future__ import annotations

import asyncio

import pytest

from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient

from .helpers import Recorder, play_turn, until


async def move(client: HubClient) -> None:
    """One move of `client`'s seat in either family; wait until the hub has answered it."""
    game = client.game
    if game.table.family == "scoresheet":
        await play_turn(client)
        return
    before = len(game.events)
    if game.state.bid is None:
        game.bid(*game.legal_bids()[0])
    else:
        game.challenge()
    await until(lambda: len(game.events) > before, what="the move")


def to_act(client: HubClient) -> bool:
    game = client.game
    if game.table.family == "bidding":
        return game.my_turn()
    return game.current in game.seats


async def finish(*clients: HubClient) -> None:
    """Play the table of `clients` to its end (the hub plays its bots)."""
    first = clients[0]
    while not first.game.finished:
        mover = next((c for c in clients if not c.game.finished and to_act(c)), None)
        if mover is None:
            await asyncio.sleep(0.005)
            continue
        await move(mover)
    for client in clients:
        await until(lambda c=client: c.game.finished, what=f"{client.nick} to see the end")


async def seated(connect, variant: str, **kw):
    alice = await connect("alice", "SHA256:alice")
    bob = await connect("bob")
    alice.create(variant, seats=2, **kw)
    await until(lambda: alice.game is not None, what="alice's table")
    bob.join(alice.game.table.id)
    await until(lambda: bob.game is not None and bob.game.started, what="the start")
    return alice, bob


@pytest.mark.parametrize("variant", ["yahtzee", "perudo"])
async def test_a_rematch_opens_one_table_like_the_old_one(connect, hub_socket, variant):
    hub, _ = hub_socket
    alice, bob = await seated(
        connect,
        variant,
        bots=["heuristic" if variant == "yahtzee" else "novice"],
        turn_timeout=90,
        timeout_action="scratch",
    )
    old_id = alice.game.table.id
    old = hub.tables[old_id]
    await finish(alice, bob)
    heard = Recorder(alice)
    bob.rematch()  # bob had the second seat: he keeps it at the new table
    await until(lambda: bob.game.table.id != old_id, what="bob at the rematch table")
    new = hub.tables[bob.game.table.id]
    assert (new.variant, new.family, new.turn_timeout, new.timeout_action) == (
        old.variant,
        old.family,
        90,
        "scratch",
    )
    assert [(s.kind, s.level) for s in new.seats] == [(s.kind, s.level) for s in old.seats]
    assert [s.name for s in new.seats] == [None, "bob", "Bot 1"]
    assert new.status == "waiting" and bob.game.seats == {1}
    # alice, still looking at the result, is told who offers it and which key takes it
    await until(lambda: heard.of(p.Chat), what="the offer")
    offer = heard.of(p.Chat)[-1].line
    assert offer.key == p.REMATCH_OFFER and offer.params == {"nick": "bob"}
    assert offer.text == "bob offers a rematch — press m to join"
    await until(lambda: alice.game.table.rematch == new.id, what="the old table to point on")
    alice.rematch()
    await until(lambda: alice.game.table.id == new.id and alice.game.started, what="the start")
    assert alice.game.seats == {0} and [s.name for s in new.seats] == ["alice", "bob", "Bot 1"]
    assert [t for t in hub.tables.values() if t.status != "finished"] == [new]
    assert new.game is not old.game and old.game.finished


async def test_two_players_asking_at_once_end_at_one_table(connect, hub_socket):
    hub, _ = hub_socket
    alice, bob = await seated(connect, "yahtzee")
    old_id = alice.game.table.id
    await finish(alice, bob)
    tables_before = set(hub.tables)
    alice.rematch()
    bob.rematch()  # both requests are on their way before either is answered
    await until(
        lambda: alice.game.table.id != old_id and bob.game.table.id != old_id,
        what="both at a rematch table",
    )
    await until(lambda: bob.game.started, what="the rematch to start")
    assert alice.game.table.id == bob.game.table.id
    assert len(set(hub.tables) - tables_before) == 1
    assert (alice.game.seats, bob.game.seats) == ({0}, {1})


async def test_spectators_hear_the_offer_and_take_only_a_seat_nobody_waits_for(connect, hub_socket):
    hub, _ = hub_socket
    alice, bob = await seated(connect, "perudo")
    old_id = alice.game.table.id
    carol = await connect("carol")
    carol.watch(old_id)
    await until(lambda: carol.game is not None, what="carol watching")
    heard = Recorder(carol)
    await finish(alice, bob)
    await until(lambda: carol.game.finished, what="carol to see the end")
    # a spectator cannot open a rematch of a game she did not play
    carol.rematch()
    await until(lambda: heard.errors(), what="the refusal")
    assert heard.errors()[0].code == "spectator"
    alice.rematch()
    await until(lambda: any(m.line.key == p.REMATCH_OFFER for m in heard.of(p.Chat)))
    new_id = alice.game.table.id
    # bob is still at the old table: his seat waits for him, carol watches
    carol.rematch()
    await until(lambda: carol.game.table.id == new_id, what="carol at the rematch")
    assert carol.game.spectator and hub.tables[new_id].seats[1].name is None
    # a second spectator finds bob gone to the lobby: his free seat is hers
    dave = await connect("dave")
    dave.watch(old_id)
    await until(lambda: dave.game is not None, what="dave watching")
    bob.leave()
    await until(lambda: bob.game is None, what="bob in the lobby")
    dave.rematch()
    await until(lambda: dave.game.table.id == new_id and dave.game.started, what="the start")
    assert dave.game.seats == {1} and [s.name for s in hub.tables[new_id].seats] == [
        "alice",
        "dave",
    ]


async def test_the_finished_game_stays_in_the_history(game_server):
    from dicepoker_tui.store import Store

    hub = game_server.hub
    alice = HubClient(game_server.socket_path, hub.issue_token("alice"))
    await alice.connect()
    alice.create("yahtzee", seats=1, bots=["heuristic"])
    await until(lambda: alice.game is not None and alice.game.started, what="the start")
    await finish(alice)
    final = alice.game.state.sheets
    old_id = alice.game.table.id
    alice.rematch()
    await until(lambda: alice.game.table.id != old_id and alice.game.started, what="the rematch")
    await play_turn(alice)  # the rematch is being played and kept as it goes
    await alice.aclose()
    store = Store.open(game_server.data_dir / "history.db").store
    try:
        finished, playing = store.finished(), scoresheet_games(store).unfinished()
        assert len(finished) == 1 and len(playing) == 1
        assert [(q.name, q.total) for q in finished[0].players] == [
            ("alice", final[0].total),
            ("Bot 1", final[1].total),
        ]
        assert playing[0].id != finished[0].id
    finally:
        store.close()


async def test_in_the_app_a_perudo_result_takes_r_and_the_offer_is_answered(hub_socket, connect):
    from dicepoker_tui.families.bidding.views.result import BiddingResultScreen
    from dicepoker_tui.families.bidding.views.shared_table import NetBiddingTableScreen
    from dicepoker_tui.ui.net.app import NetApp

    hub, path = hub_socket
    bob = await connect("bob")
    bob.create("perudo", seats=2)
    await until(lambda: hub.tables, what="bob's table")
    old = next(iter(hub.tables.values()))
    app = NetApp(path, hub.issue_token("alice"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: app.client.welcome is not None, what="the welcome")
        await pilot.pause()
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, NetBiddingTableScreen), what="the table")
        game = old.game
        while not game.finished:  # both play quickly, through the hub
            hub.play.execute(old, hub.bots.scratch(game), old.seats[game.current].name)
            await pilot.pause(0)
        await until(lambda: isinstance(app.screen, BiddingResultScreen), what="the result")
        bob.rematch()
        await until(lambda: app._notifications, what="the offer")
        (notice,) = list(app._notifications)
        assert notice.message == "bob offers a rematch — press m to join"
        await pilot.press("m")
        await until(
            lambda: (
                isinstance(app.screen, NetBiddingTableScreen)
                and app.screen.hub.remote.table.id == old.rematch
            ),
            what="the rematch table",
        )
        assert app.screen.hub.remote.seats == {1}  # alice's seat of the first game
        assert not app._notifications  # the offer is answered: its notice is gone
