"""Another program writes the Perudo game the app is playing (a real process on the same
history): the app's next write is refused, it says so in one line, once, and the stored
game stays exactly as the other program left it."""

from __future__ import annotations

import os
import subprocess
import sys

from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.bidding.views.table import BiddingTableScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.store import Store, default_db_path
from tests.store.test_cli_history import ROOT

from .helpers import make_app, messages, wait_for
from .test_bidding_kept import ANN, BOTS, ann_to_act, bidding_table, kept_games

ELSEWHERE = "it is being played somewhere else"


def _stored(game_id: int) -> tuple[int, str, list]:
    with Store.open(default_db_path(), read_only=True).store as store:
        (record,) = [r for r in bidding_games(store).games(status=None) if r.id == game_id]
        return record.event_count, record.status, bidding_games(store).load_events(game_id)


async def test_a_refused_stale_write_is_one_line_and_loses_nothing() -> None:
    app = make_app(GameSetup("perudo", (ANN, *BOTS), seed=9))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BiddingTableScreen))
        table = bidding_table(app)
        await ann_to_act(pilot, table)
        (kept,) = kept_games()
        game_id = kept.id
        mine = len(table.game.events)
        assert _stored(game_id)[0] == mine

        other = subprocess.run(  # another copy of the game plays on, in its own process
            [sys.executable, "-m", "tests.store.bidding_child", str(default_db_path())],
            cwd=ROOT,
            env=dict(os.environ),
            input=f"load {game_id}\nplay 3\nquit\n",
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert other.returncode == 0, other.stderr
        count, status, theirs = _stored(game_id)
        assert count > mine and status == "playing"

        await pilot.press("enter")  # Ann bids on her own copy; the bots answer
        await wait_for(pilot, lambda: any(ELSEWHERE in m for m in messages(app)))
        await ann_to_act(pilot, table)
        await pilot.press("enter")  # and plays on: nothing more is written or said
        await ann_to_act(pilot, table)
        assert len(table.game.events) > mine + 2

        said = [m for m in messages(app) if ELSEWHERE in m]
        assert said == [
            "the game could not be saved to the history: "
            f"game {game_id} has {count} events stored, not {mine}: {ELSEWHERE}"
        ]
        assert _stored(game_id) == (count, "playing", theirs)
        assert BiddingGame.from_events(theirs).state.round >= 1
    assert _stored(game_id) == (count, "playing", theirs)  # quitting changes nothing either
