"""Bidding games in the history: recorded as played, listed when finished, loaded back
event for event, reviewed with every cup."""

from __future__ import annotations

import pytest

from dicepoker_tui.families.bidding.bots.levels import CallCalza, CallChallenge, make_bidding_bot
from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.game import BiddingGame, replay
from dicepoker_tui.families.bidding.rules.variants import get_variant
from dicepoker_tui.families.bidding.views.text import REVIEW_WIDTH, bid_words, review_text
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.store import Recorder, Store


def play_out(game: BiddingGame, moves: int | None = None) -> None:
    bots = {s: make_bidding_bot("strong", seed=s) for s in range(len(game.state.players))}
    done = 0
    while not game.finished and (moves is None or done < moves):
        seat = game.current
        action = bots[seat].choose(game.state.view_for(seat), game.variant, seat)
        if isinstance(action, CallChallenge):
            game.challenge()
        elif isinstance(action, CallCalza):
            game.calza()
        else:
            game.bid(action.quantity, action.face)
        done += 1


@pytest.mark.parametrize("variant", ["perudo", "liars-dice"])
def test_a_recorded_game_comes_back_event_for_event(variant: str) -> None:
    with Store.memory() as store:
        game = BiddingGame.new(variant, ["Ann", "Bob", "Cy"], seed=21)
        recorder = Recorder(bidding_games(store), game)
        play_out(game, moves=5)
        assert bidding_games(store).games() == []  # not finished yet
        assert [r.status for r in bidding_games(store).games(status=None)] == ["playing"]
        assert bidding_games(store).load_events(recorder.game_id) == list(game.events)
        play_out(game)
        recorder.close()
        (record,) = bidding_games(store).games()
        assert record.variant == variant and record.players == ("Ann", "Bob", "Cy")
        first = next(s.player for s in game.state.standings if s.place == 1)
        assert record.winner == game.state.players[first].name
        loaded = bidding_games(store).load_events(record.id)
        assert loaded == list(game.events) and replay(loaded) == game.state


def test_scoresheet_history_is_untouched_by_bidding_games() -> None:
    with Store.memory() as store:
        game = BiddingGame.new("perudo", ["Ann", "Bob"], seed=3)
        Recorder(bidding_games(store), game).close(abandoned=True)
        assert store.finished() == [] and scoresheet_games(store).unfinished() == []
        assert [r.status for r in bidding_games(store).games(status=None)] == ["abandoned"]


def test_review_shows_every_cup_of_every_round() -> None:
    game = BiddingGame.new("perudo", ["Ann", "Bob"], seed=8)
    play_out(game)
    shown = review_text(list(game.events), get_variant("perudo")).plain
    rounds = [e for e in game.events if isinstance(e, ev.RoundStarted)]
    assert shown.count("Round ") == len(rounds)
    for started in rounds:
        block = shown.split(f"Round {started.round} ·")[1].split("Round ")[0]
        for cup in started.cups:
            if cup:
                assert " ".join(map(str, cup)) in block


def test_review_breaks_bid_lines_between_bids_to_fit_80_columns() -> None:
    game = BiddingGame.new("perudo", ["Annabelle", "Bartholomew", "Cy", "Dorothea"], seed=5)
    play_out(game)
    shown = review_text(list(game.events), get_variant("perudo")).plain
    lines = shown.splitlines()
    assert max(len(line) for line in lines) <= REVIEW_WIDTH
    assert not [line for line in lines if line != line.rstrip()]
    names = [p.name for p in game.state.players]
    for bid in (e for e in game.events if isinstance(e, ev.BidMade)):
        whole = f"{names[bid.player]} {bid_words(bid.quantity, bid.face)}"
        assert any(whole in line for line in lines), whole  # never cut across two lines
    assert any(line.startswith("    ") and " · " in line for line in lines)  # a long round
