"""One `Recorder` for every family: it writes through the family's repository, and
closing it says whether an unfinished game is left for good."""

from __future__ import annotations

import pytest

from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.store import Recorder, Store
from tests.store.scripted import new_game, step


def status(store: Store, family: str, game_id: int) -> str:
    if family == "bidding":
        return next(r.status for r in bidding_games(store).games(status=None) if r.id == game_id)
    return store.game(game_id).status


def start(store: Store, family: str) -> Recorder:
    if family == "bidding":
        game = BiddingGame.new("perudo", ["Ann", "Bob"], seed=4)
        recorder = Recorder(bidding_games(store), game)
        game.bid(1, 2)
        return recorder
    game = new_game("yatzy", seed=4)
    recorder = Recorder(scoresheet_games(store), game)
    step(game, 4)
    return recorder


@pytest.mark.parametrize("family", ["scoresheet", "bidding"])
@pytest.mark.parametrize("abandoned", [False, True])
def test_closing_keeps_every_event_and_abandons_only_when_told(
    family: str, abandoned: bool
) -> None:
    with Store.memory() as store:
        recorder = start(store, family)
        repository = bidding_games(store) if family == "bidding" else scoresheet_games(store)
        assert repository.event_count(recorder.game_id) == len(recorder.game.events)
        recorder.close(abandoned=abandoned)
        assert repository.event_count(recorder.game_id) == len(recorder.game.events)
        expected = "abandoned" if abandoned else "playing"
        assert status(store, family, recorder.game_id) == expected


def test_a_failed_abandon_is_reported_not_raised() -> None:
    with Store.memory() as store:
        errors: list[str] = []
        game = new_game("yatzy", seed=5)
        recorder = Recorder(scoresheet_games(store), game, on_error=errors.append)

        def broken(game_id: int) -> None:
            raise OSError("disk gone")

        scoresheet_games(store).abandon = broken  # type: ignore[method-assign]
        recorder.close(abandoned=True)
        assert errors and "disk gone" in errors[-1]
