"""A game the server is playing is not offered for resuming by a local app on the same
history (another process, as a player's app is), and loading it there is refused with one
line; once the server's game is over its lease is given back."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.store import Recorder
from tests.store.test_cli_history import ROOT

from .helpers import until

RESUME_LIST = """
import json, sys
from types import SimpleNamespace
from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.family import kept
from dicepoker_tui.store import Store, StoreError
store = Store.open(sys.argv[1]).store
loads = {}
for record in bidding_games(store).games(status="playing"):
    try:
        kept.load(store, SimpleNamespace(family="bidding", record=record))
        loads[record.id] = "loaded"
    except StoreError as exc:
        loads[record.id] = str(exc)
print(json.dumps({"listed": [k.record.id for k in kept.unfinished(store)], "loads": loads}))
"""


async def _local_resume_list(db: Path) -> dict:
    """What a local app's resume list offers, and what loading each game in play gives,
    in a process of its own."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        RESUME_LIST,
        str(db),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode == 0, err.decode()
    return json.loads(out)


async def test_the_servers_game_is_not_resumed_elsewhere(game_server) -> None:
    from dicepoker_tui.net.client import HubClient

    db = game_server.data_dir / "history.db"
    left = BiddingGame.new("perudo", ["Ann", "Bob"], seed=3)  # a game left earlier
    Recorder(bidding_games(game_server.store), left).close()
    hub = game_server.hub
    alice = HubClient(game_server.socket_path, hub.issue_token("alice"))
    await alice.connect()
    try:
        alice.create("perudo", seats=1, bots=["strong"])
        await until(lambda: alice.game is not None and alice.game.started, what="the start")
        (table,) = hub.tables.values()
        served = table.recorder.game_id  # type: ignore[union-attr]

        seen = await _local_resume_list(db)

        assert seen["listed"] == [1]
        assert seen["loads"] == {
            "1": "loaded",
            str(served): f"game {served} is being played by another dicepoker "
            f"(process {os.getpid()})",
        }
        while not alice.game.finished:  # the server's game goes on to its end
            if alice.game.my_turn():
                before = len(alice.game.events)
                if alice.game.state.bid is None:
                    alice.game.bid(*alice.game.legal_bids()[0])
                else:
                    alice.game.challenge()
                await until(lambda n=before: len(alice.game.events) > n, what="alice's move")
            await until(lambda: alice.game.my_turn() or alice.game.finished, timeout=20)
        await until(lambda: table.recorder is None, what="the record closed")
    finally:
        await alice.aclose()
    leases = game_server.store.db.fetch_all("SELECT game_id FROM leases")
    assert leases == []
    assert (await _local_resume_list(db))["listed"] == [1]
