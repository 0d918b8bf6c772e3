"""Child process of the two-writers tests: one copy of a bidding game, driven line by line.

Usage: python -m tests.store.bidding_child DB. Commands on stdin, one answer line each:
`new SEED MOVES` records a new Perudo game of MOVES moves; `load ID` takes a copy of game ID
as stored now (no recorder: what a program without leases, or a copy that lost its own, has);
`play MOVES` plays that many moves (`end`: to the end) and writes them through the
repository as a copy does; `resume ID` records game ID as the app does (`Recorder`).
Each answer: `ok id=.. saved=.. stored=.. status=..`, or `refused <the line>`.
"""

from __future__ import annotations

import sys

from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.store import Recorder, Store, StoreError
from tests.store.test_bidding_store import play_out


def main(db: str) -> None:
    store = Store.open(db).store
    repo = bidding_games(store)
    game: BiddingGame | None = None
    game_id = saved = 0
    recorder: Recorder | None = None
    for line in sys.stdin:
        word, *args = line.split()
        try:
            if word == "new":
                game = BiddingGame.new("perudo", ["Ann", "Bob", "Cy"], seed=int(args[0]))
                recorder = Recorder(repo, game)
                play_out(game, int(args[1]))
                game_id, saved = recorder.game_id, len(game.events)
            elif word == "load":
                game_id = int(args[0])
                game = BiddingGame.from_events(repo.load_events(game_id))
                saved = len(game.events)
            elif word == "resume":
                game_id = int(args[0])
                game = BiddingGame.from_events(repo.load_events(game_id))
                recorder = Recorder(repo, game, game_id)
                saved = recorder.saved
            elif word == "play":
                assert game is not None
                play_out(game, None if args[0] == "end" else int(args[0]))
                if recorder is not None:
                    if recorder.error:
                        raise StoreError(recorder.error)
                else:
                    repo.save(game_id, game.events, saved, game.state)
                saved = len(game.events)
            elif word == "quit":
                break
        except StoreError as exc:
            print("refused", exc, flush=True)
            continue
        (record,) = [r for r in repo.games(status=None) if r.id == game_id] or [None]
        stored = record.event_count if record else -1
        status = record.status if record else "-"
        print(f"ok id={game_id} saved={saved} stored={stored} status={status}", flush=True)
    if recorder is not None:
        recorder.close()
    store.close()


if __name__ == "__main__":
    main(sys.argv[1])
