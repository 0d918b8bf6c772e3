"""The toy family Pig at the hub: two clients at one table, a bot seat, the game kept in
the history through the family's repository, and moves of another family refused."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from dicepoker_tui.family import register_family, unregister_family
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient
from dicepoker_tui.net.hub import Hub
from dicepoker_tui.net.hub_socket import serve_hub
from dicepoker_tui.store import Store
from tests.families.pig import Bank, PigSpec, Roll
from tests.net.helpers import Recorder, until

pytestmark = pytest.mark.app


@pytest.fixture
def pig() -> Iterator[PigSpec]:
    spec = PigSpec()
    register_family(spec)
    yield spec
    unregister_family(spec.id)


async def test_two_clients_and_a_bot_play_pig_to_the_end(pig) -> None:
    store = Store.memory()
    hub = Hub(store=store, bot_pace=0.0)
    short = tempfile.TemporaryDirectory(prefix="dp-")  # unix socket paths are short
    path = Path(short.name) / "hub.sock"
    server = await serve_hub(hub, path)
    ann = HubClient(path, hub.issue_token("ann"))
    bob = HubClient(path, hub.issue_token("bob"))
    try:
        await ann.connect()
        await bob.connect()
        ann_log = Recorder(ann)
        ann.create("pig", seats=2, bots=["bold"])
        await until(lambda: ann.game is not None, what="ann's table")
        table = ann.game.table.id
        await until(lambda: any(t.id == table for t in bob.tables), what="bob's lobby")
        bob.join(table)
        await until(lambda: bob.game is not None and bob.game.started, what="the start")
        assert ann.game.table.family == "pig"
        players = {0: ann, 1: bob}
        live = hub.tables[table].game
        for _ in range(2_000):
            # both mirrors catch up with the hub's game before anyone acts
            await until(
                lambda: len(ann.game.events) == len(bob.game.events) == len(live.events),
                what="the mirrors",
            )
            if live.finished:
                break
            seat = live.state.current
            before = len(live.events)
            if seat in players:
                mine = players[seat].game
                move = Bank if mine.state.turn_total >= 12 else Roll
                mine.execute(move(player=seat))
            await until(
                lambda b=before: len(live.events) > b or live.finished, what="the next move"
            )
        live = hub.tables[table].game
        assert live.finished
        await until(lambda: bob.game.finished and ann.game.finished, what="both see the end")
        assert bob.game.state == ann.game.state
        assert bob.game.state.scores == live.state.scores
        await until(
            lambda: any("Game over" in (m.line.key or "") for m in ann_log.of(p.Chat)),
            what="the game-over notice",
        )
        # kept in the history through the family's repository, whole and replayable
        kept = pig.repository(store).games(variants=["pig"])
        assert [g.status for g in kept] == ["finished"]
        events = pig.repository(store).load_events(kept[0].id)
        assert pig.resume(events).state == live.state
    finally:
        await ann.aclose()
        await bob.aclose()
        server.close()
        await hub.aclose()
        short.cleanup()
