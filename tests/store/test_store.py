"""The history store: recording, resuming, listing, filtering and statistics."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.history.repo import CONTINUED, scoresheet_games
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game, replay
from dicepoker_tui.families.scoresheet.rules.variants import all_variants, get_variant
from dicepoker_tui.store import GameNotFound, Recorder, Store, StoreError
from tests.store.scripted import finished_game, new_game, play, step

VARIANTS = [v.id for v in all_variants()]


@pytest.fixture
def store(tmp_path: Path) -> Store:
    opened = Store.open(tmp_path / "history.db")
    assert opened.notice is None
    yield opened.store
    opened.store.close()


@pytest.mark.parametrize("variant", VARIANTS)
def test_recorded_game_reloads_to_the_live_state(store: Store, variant: str) -> None:
    game = new_game(variant, seed=11)
    recorder = Recorder(scoresheet_games(store), game)
    play(game, script=11)
    assert scoresheet_games(store).load_events(recorder.game_id) == list(game.events)
    assert scoresheet_games(store).load_game(recorder.game_id).state == game.state
    record = store.game(recorder.game_id)
    assert record.finished and record.event_count == len(game.events)
    totals = {s.player: s.total for s in game.state.standings}
    assert [p.total for p in record.players] == [totals[0], totals[1]]


@pytest.mark.parametrize("steps", [0, 1, 7, 23, 60])
def test_resume_mid_turn_restores_dice_throws_and_player(store: Store, steps: int) -> None:
    game = new_game("dice-poker-bank", seed=5)
    recorder = Recorder(scoresheet_games(store), game)
    play(game, script=5, steps=steps)
    resumed = scoresheet_games(store).load_game(recorder.game_id)
    assert resumed.state == game.state
    assert resumed.state.turn == game.state.turn  # same dice, held dice, throw count
    assert resumed.throws_left() == game.throws_left()
    assert resumed.current == game.current
    assert [r.id for r in scoresheet_games(store).unfinished()] == [recorder.game_id]
    # Both go on identically: the dice continue from the seed.
    Recorder(scoresheet_games(store), resumed, recorder.game_id)
    recorder.close()
    play(resumed, script=5)
    play(game, script=5)
    assert list(resumed.events) == list(game.events)
    assert scoresheet_games(store).load_events(recorder.game_id) == list(game.events)
    assert scoresheet_games(store).unfinished() == []


def test_a_write_and_its_consequences_are_committed_together(store: Store) -> None:
    """A stored log only ever ends where a command's events end."""
    game = new_game("yahtzee", seed=3)
    recorder = Recorder(scoresheet_games(store), game)
    checked = []

    def watch(event: ev.Event, _state: object) -> None:  # runs after the recorder
        stored = scoresheet_games(store).event_count(recorder.game_id)
        so_far = len(game.events)
        if event.type in CONTINUED:
            assert stored < so_far
        else:
            assert stored == so_far
        assert game.events[stored - 1].type not in CONTINUED
        checked.append(event.type)

    game.subscribe(watch)
    play(game, script=3)
    assert {"box_written", "turn_started", "dice_thrown", "game_finished"} <= set(checked)


def test_seq_guard_refuses_a_fork(store: Store) -> None:
    game = new_game("yatzy", seed=1)
    recorder = Recorder(scoresheet_games(store), game)
    play(game, script=1, steps=3)
    stale = recorder.saved - 1
    with pytest.raises(StoreError, match="being played somewhere else"):
        scoresheet_games(store).append(
            recorder.game_id, ev.DiceHeld(player=0, index=0, held=True), seq=stale
        )
    assert scoresheet_games(store).event_count(recorder.game_id) == recorder.saved


def test_recorder_reports_failures_and_catches_up(store: Store) -> None:
    game = new_game("yatzy", seed=2)
    errors: list[str] = []
    recorder = Recorder(scoresheet_games(store), game, on_error=errors.append)
    real_append = scoresheet_games(store).save

    def broken(*args: object, **kwargs: object) -> None:
        raise StoreError("disk full")

    scoresheet_games(store).save = broken  # type: ignore[method-assign]
    step(game, 2)
    step(game, 2)
    assert errors and "disk full" in errors[-1] and recorder.error
    scoresheet_games(store).save = real_append  # type: ignore[method-assign]
    play(game, script=2)
    assert recorder.error is None
    assert scoresheet_games(store).load_events(recorder.game_id) == list(game.events)


def test_finished_game_takes_no_more_events(store: Store) -> None:
    game = finished_game("yatzy", seed=4)
    game_id = scoresheet_games(store).create(game)
    assert store.game(game_id).finished
    with pytest.raises(StoreError, match="finished"):
        scoresheet_games(store).append(game_id, ev.TurnStarted(player=0, round=1))


def test_unknown_game(store: Store) -> None:
    with pytest.raises(GameNotFound, match="no game 42"):
        scoresheet_games(store).load_game(42)
    with pytest.raises(GameNotFound):
        store.game(42)


def test_abandon_hides_from_resume_but_keeps_the_game(store: Store) -> None:
    game = new_game("yahtzee", seed=8)
    first = Recorder(scoresheet_games(store), game).game_id
    other = Recorder(scoresheet_games(store), new_game("yatzy", seed=9)).game_id
    scoresheet_games(store).abandon(first)
    assert [r.id for r in scoresheet_games(store).unfinished()] == [other]
    assert store.game(first).status == "abandoned"
    assert scoresheet_games(store).load_game(first).state == game.state


def _stamp(day: int) -> datetime:
    return datetime(2024, 1, 1, tzinfo=UTC) + timedelta(days=day)


def _seed_history(store: Store) -> dict[int, Game]:
    """Finished games of two variants and three players on known days."""
    tables = [
        ("yahtzee", ["Ann", "Bob"]),
        ("yatzy", ["Ann", "Cid"]),
        ("yahtzee", ["Bob", "Cid"]),
        ("yahtzee", ["ann"]),
        ("yatzy", ["Bob", "Ann", "Cid"]),
        ("yahtzee", ["Cid", "Ann"]),
    ]
    games = {}
    for day, (variant, names) in enumerate(tables):
        game = finished_game(variant, seed=100 + day, players=[Player(name=n) for n in names])
        game_id = scoresheet_games(store).create(
            game, started_at=_stamp(day), updated_at=_stamp(day)
        )
        games[game_id] = game
    lucky = _lucky_game()
    games[scoresheet_games(store).create(lucky, started_at=_stamp(9), updated_at=_stamp(9))] = lucky
    return games


def _lucky_game() -> Game:
    """A real-dice Yahtzee where Ann throws five of a kind every turn: bonuses and Yahtzees."""
    game = Game.new("yahtzee", [Player(name="Ann"), Player(name="Bob")], seed=0, real_dice=True)
    while not game.finished:
        turn = game.state.turn
        face = 6 - turn.round % 6 if turn.player == 0 else 1 + turn.round % 5
        game.throw(dice=[face] * 5 if turn.player == 0 else [face, face, 2, 3, 4])
        options = game.preview()
        game.write(max(sorted(options), key=options.__getitem__))
    return game


def _names(game: Game) -> set[str]:
    return {p.name.lower() for p in game.state.players}


def test_finished_filters_and_sorts(store: Store) -> None:
    games = _seed_history(store)
    Recorder(scoresheet_games(store), new_game("yahtzee", seed=1))  # unfinished: never listed
    listed = store.finished()
    assert [r.id for r in listed] == sorted(games, reverse=True)  # newest first
    assert [r.id for r in store.finished(descending=False)] == sorted(games)
    assert {r.id for r in store.finished(variant="yatzy")} == {
        i for i, g in games.items() if g.state.variant == "yatzy"
    }
    assert {r.id for r in store.finished(player="ANN")} == {
        i for i, g in games.items() if "ann" in _names(g)
    }
    both = store.finished(variant="yahtzee", player="cid")
    assert {r.id for r in both} == {
        i for i, g in games.items() if g.state.variant == "yahtzee" and "cid" in _names(g)
    }
    best = {i: max(s.total for s in g.state.standings) for i, g in games.items()}
    by_score = [r.id for r in store.finished(sort="score")]
    assert [best[i] for i in by_score] == sorted(best.values(), reverse=True)

    def ann_total(i: int) -> int:
        seat = [p.name.lower() for p in games[i].state.players].index("ann")
        return games[i].state.sheets[seat].total

    by_ann = [r.id for r in store.finished(player="ann", sort="score")]
    assert [ann_total(i) for i in by_ann] == sorted((ann_total(i) for i in by_ann), reverse=True)
    page = store.finished(limit=2, offset=1)
    assert [r.id for r in page] == sorted(games, reverse=True)[1:3]
    assert store.count_finished(player="ann") == len(by_ann)
    record = store.game(by_ann[0])
    assert record.winners == tuple(
        games[record.id].state.players[s.player].name
        for s in games[record.id].state.standings
        if s.place == 1
    )


def test_stats_match_the_games(store: Store) -> None:
    games = _seed_history(store)
    mine = []
    for game in games.values():
        names = [p.name.lower() for p in game.state.players]
        if game.state.variant == "yahtzee" and "ann" in names:
            mine.append((game, names.index("ann")))
    stats = scoresheet_games(store).stats("Ann", "yahtzee")
    totals = [g.state.sheets[seat].total for g, seat in mine]
    assert stats.games == len(mine) == 4
    assert stats.five_of_a_kind > 0 and stats.bonus_rate["yahtzee_bonus"] > 0
    assert stats.totals == tuple(totals)
    assert stats.mean == pytest.approx(sum(totals) / len(totals))
    assert stats.best == max(totals) and stats.worst == min(totals)
    contests = [(g, seat) for g, seat in mine if len(g.state.players) > 1]
    assert stats.contests == len(contests)
    assert stats.wins == sum(1 for g, seat in contests if g.state.standings[seat].place == 1)
    variant = get_variant("yahtzee")
    assert list(stats.box_average) == list(variant.box_ids)
    for box in variant.box_ids:
        expected = sum(g.state.sheets[seat].scores[box] for g, seat in mine) / len(mine)
        assert stats.box_average[box] == pytest.approx(expected)
    assert list(stats.bonus_rate) == list(variant.bonus_labels)
    for bonus in variant.bonus_labels:
        hits = sum(1 for g, seat in mine if g.state.sheets[seat].bonuses.get(bonus, 0) > 0)
        assert stats.bonus_rate.get(bonus, 0.0) == pytest.approx(hits / len(mine))
    fives = 0
    for game, seat in mine:
        on_sheet: dict[str, tuple[int, ...]] = {}
        for e in game.events:
            if isinstance(e, ev.BoxWritten) and e.player == seat:
                on_sheet[e.box] = e.dice
            elif isinstance(e, ev.WriteUndone) and e.player == seat:
                del on_sheet[e.box]
        fives += sum(1 for dice in on_sheet.values() if len(set(dice)) == 1)
    assert stats.five_of_a_kind == fives
    assert sum(n for _, _, n in stats.histogram(4)) == len(totals)
    assert scoresheet_games(store).stats("Nobody", "yahtzee").games == 0
    assert {n.lower() for n in store.player_names("yahtzee")} == {"ann", "bob", "cid"}


def test_histogram_bins_cover_every_total() -> None:
    from dicepoker_tui.store import PlayerStats

    stats = PlayerStats(player="A", variant="yatzy", totals=(100, 101, 150, 199, 200))
    bins = stats.histogram(4)
    assert bins[0][0] == 100 and bins[-1][1] >= 200
    assert sum(n for *_, n in bins) == 5
    for total in stats.totals:
        assert sum(1 for lo, hi, _ in bins if lo <= total <= hi) == 1


def test_a_store_is_usable_from_another_thread(store: Store) -> None:
    import threading

    game = new_game("yatzy", seed=6)
    recorder = Recorder(scoresheet_games(store), game)
    worker = threading.Thread(target=play, args=(game, 6))
    worker.start()
    worker.join()
    assert recorder.error is None
    assert replay(scoresheet_games(store).load_events(recorder.game_id)) == game.state


def test_database_failures_become_store_errors(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path / "h.db")
    game = new_game("yatzy", seed=3)
    recorder = Recorder(scoresheet_games(store), game)
    store.close()
    with pytest.raises(StoreError, match="could not be used"):
        store.finished()
    errors: list[str] = []
    recorder.on_error = errors.append
    step(game, 3)  # the game goes on; the recorder reports instead of raising
    assert errors and recorder.error


def test_each_family_reaches_its_own_one_repository_of_a_store() -> None:
    """A store names no family: each family's spec makes its repository through
    `Store.repository`, once per store, from many threads at once too."""
    from concurrent.futures import ThreadPoolExecutor

    from dicepoker_tui.family import get_family

    store = Store.memory()
    sheets, bids = get_family("scoresheet"), get_family("bidding")
    with ThreadPoolExecutor(8) as pool:
        found = list(pool.map(lambda _n: sheets.repository(store), range(32)))
    assert all(r is found[0] for r in found) and found[0] is scoresheet_games(store)
    assert bids.repository(store) is bids.repository(store) is not found[0]
    assert Store.memory().repository(type(found[0])) is not found[0]
