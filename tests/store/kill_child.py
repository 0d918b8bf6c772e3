"""Child process of the kill -9 test: plays (or resumes) one scripted game into a history.

Usage: python -m tests.store.kill_child DB VARIANT SEED PAUSE
"""

from __future__ import annotations

import sys
import time

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.store import Recorder, Store
from tests.store.scripted import new_game, step

PLAYERS = [Player(name="Ann"), Player(name="Bob"), Player(name="Cy", kind="bot", level="novice")]


def main(db: str, variant: str, seed: int, pause: float) -> None:
    store, notice = Store.open(db)
    if notice:
        print(f"notice: {notice}", flush=True)
    waiting = scoresheet_games(store).unfinished()
    if waiting:
        game_id = waiting[0].id
        game = scoresheet_games(store).load_game(game_id)
        recorder = Recorder(scoresheet_games(store), game, game_id)
    elif store.count_finished():
        print("done", flush=True)
        return
    else:
        game = new_game(variant, seed, players=PLAYERS)
        recorder = Recorder(scoresheet_games(store), game)
    print("ready", flush=True)
    while not game.finished:
        step(game, seed)
        time.sleep(pause)
    assert recorder.error is None, recorder.error
    print("finished", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))
