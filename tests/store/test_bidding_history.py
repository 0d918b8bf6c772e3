"""Bidding games in the one history: the move of an old database's bidding games into the
one id space, `history`, `export`, `import` and `review` as the user runs them, and the
statistics of a constructed game."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from dicepoker_tui.engine.players import Player, Standing
from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.history.stats import bidding_stats
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.game import BiddingGame, replay
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.family import get_family
from dicepoker_tui.store import Recorder, Store
from dicepoker_tui.store.schema import SCHEMA_VERSION, migrate
from tests.store.scripted import finished_game
from tests.store.test_bidding_store import play_out
from tests.store.test_cli_history import dicepoker
from tests.store.test_store_open import _write_v1

SCORESHEET_KEYS = {
    "id",
    "variant",
    "status",
    "started_at",
    "finished_at",
    "seed",
    "real_dice",
    "players",
    "winners",
    "damaged",
}
SEAT_KEYS = {"seat", "name", "kind", "level", "total", "place", "settlement"}


def _bidding_game(variant: str, seed: int, moves: int | None = None) -> BiddingGame:
    game = BiddingGame.new(variant, ["Ann", "Bob", "Cy"], seed=seed)
    play_out(game, moves)
    return game


def _write_old_bidding(path: Path, games: list[tuple[BiddingGame, str]]) -> None:
    """Bidding games as schema version 4 kept them: one `bidding_games` row each."""
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=4) == 4
    for game, status in games:
        state = game.state
        standings = state.standings or []
        winner = next((state.players[s.player].name for s in standings if s.place == 1), None)
        conn.execute(
            "INSERT INTO bidding_games (variant, seed, players, status, started_at, updated_at,"
            " finished_at, winner, event_count, events) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                state.variant,
                str(state.seed),
                json.dumps([p.model_dump() for p in state.players]),
                status,
                "2024-06-01T10:00:00.000+00:00",
                "2024-06-01T10:20:00.000+00:00",
                "2024-06-01T10:20:00.000+00:00" if status == "finished" else None,
                winner,
                len(game.events),
                "[" + ",".join(e.model_dump_json() for e in game.events) + "]",
            ),
        )
    conn.close()


def _home_with_games(home: Path) -> dict[str, int]:
    """A history holding one finished game of each bidding variant; variant → id."""
    home.mkdir(parents=True, exist_ok=True)
    ids = {}
    with Store.open(home / "history.db").store as store:
        scoresheet_games(store).create(finished_game("yahtzee", seed=5))
        for variant, seed in (("perudo", 11), ("liars-dice", 12)):
            game = BiddingGame.new(variant, ["Ann", "Bob", "Cy"], seed=seed)
            recorder = Recorder(bidding_games(store), game)
            play_out(game)
            recorder.close()
            ids[variant] = recorder.game_id
    return ids


@pytest.mark.slow
def test_an_old_history_keeps_every_bidding_game_under_a_new_id(tmp_path: Path) -> None:
    path = tmp_path / "history.db"
    sheets = [finished_game("yahtzee", seed=s) for s in (1, 2)]
    _write_v1(path, sheets)  # version 1, then up to 4 with the bidding games of version 3
    old = [
        (_bidding_game("perudo", 31), "finished"),
        (_bidding_game("liars-dice", 32), "finished"),
        (_bidding_game("perudo", 33, moves=6), "playing"),
        (_bidding_game("liars-dice", 34, moves=3), "abandoned"),
    ]
    _write_old_bidding(path, old)
    store, notice = Store.open(path)
    with store:
        assert notice is None and store.schema_version == SCHEMA_VERSION == 6
        tables = {r[0] for r in store.db.fetch_all("SELECT name FROM sqlite_master", ())}
        assert "bidding_games" not in tables
        ids = [r[0] for r in store.db.fetch_all("SELECT id FROM games ORDER BY id", ())]
        assert ids == [1, 2, 3, 4, 5, 6]  # one id space: the bidding games follow
        assert [scoresheet_games(store).load_game(i).state.variant for i in (1, 2)] == [
            "yahtzee",
            "yahtzee",
        ]
        kept = {r.id: r for r in bidding_games(store).games(status=None)}
        assert sorted(kept) == [3, 4, 5, 6]
        for game_id, (game, status) in zip((3, 4, 5, 6), old, strict=True):
            assert kept[game_id].status == status
            assert bidding_games(store).load_events(game_id) == list(game.events)
            assert bidding_games(store).event_count(game_id) == len(game.events)
            record = store.game(game_id)
            places = {s.player: s.place for s in game.state.standings or []}
            assert [p.place for p in record.players] == [places.get(i) for i in range(3)]
        assert [r.id for r in bidding_games(store).games(status="playing")] == [5]
        assert [g.id for g in scoresheet_games(store).unfinished()] == []  # scoresheet resume: none
        assert {g.id for g in store.finished()} == {1, 2, 3, 4}
        # the unfinished one goes on being recorded under its new id
        game = BiddingGame.from_events(bidding_games(store).load_events(5))
        recorder = Recorder(bidding_games(store), game, 5)
        play_out(game)
        recorder.close()
        assert replay(bidding_games(store).load_events(5)).standings == game.state.standings
        assert store.game(5).status == "finished"


@pytest.mark.slow
def test_history_json_lists_bidding_games_with_the_scoresheet_keys(tmp_path: Path) -> None:
    home = tmp_path / "home"
    ids = _home_with_games(home)
    done = dicepoker(home, "history", "--json")
    assert done.returncode == 0, done.stderr
    listed = json.loads(done.stdout)
    assert len(listed) == 3
    for entry in listed:
        assert set(entry) == SCORESHEET_KEYS
        for seat in entry["players"]:
            assert set(seat) == SEAT_KEYS
    for variant, game_id in ids.items():
        only = json.loads(dicepoker(home, "history", "--variant", variant, "--json").stdout)
        assert [g["id"] for g in only] == [game_id]
        (entry,) = only
        places = sorted(p["place"] for p in entry["players"])
        assert places == [1, 2, 3] and entry["status"] == "finished"
        assert entry["winners"] == [p["name"] for p in entry["players"] if p["place"] == 1]
        assert all(p["total"] is None and p["kind"] == "human" for p in entry["players"])
    text = dicepoker(home, "history", "--variant", "perudo").stdout
    assert "perudo" in text and "#1" in text


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["perudo", "liars-dice"])
def test_export_import_round_trip_gives_the_same_game(tmp_path: Path, variant: str) -> None:
    home, other = tmp_path / "home", tmp_path / "other"
    game_id = _home_with_games(home)[variant]
    exported = dicepoker(home, "export", str(game_id))
    assert exported.returncode == 0, exported.stderr
    doc = json.loads(exported.stdout)
    assert doc["family"] == "bidding" and doc["variant"] == variant
    path = tmp_path / "game.json"
    path.write_text(exported.stdout, encoding="utf-8")
    again = dicepoker(home, "import", str(path))
    assert again.returncode == 2 and f"already in the history as game {game_id}" in again.stderr
    imported = dicepoker(other, "import", str(path))
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.startswith(f"imported as game 1 ({variant}, Ann, Bob, Cy)")
    back = json.loads(dicepoker(other, "export", "1").stdout)
    assert {**back, "id": None} == {**doc, "id": None}
    with Store.open(other / "history.db", read_only=True).store as store:
        assert bidding_games(store).load_events(1) == [
            ev.EVENT_ADAPTER.validate_python(e) for e in doc["events"]
        ]
    txt = dicepoker(home, "export", str(game_id), "--format", "txt")
    assert txt.returncode == 0, txt.stderr
    rounds = [e for e in doc["events"] if e["type"] == "round_started"]
    assert txt.stdout.count("Round ") == len(rounds)
    assert "Places" in txt.stdout
    csv = dicepoker(home, "export", str(game_id), "--format", "csv")
    assert csv.returncode == 2 and csv.stdout == ""
    assert csv.stderr.strip().endswith("it exports as json, txt")


def _forge(doc: dict, how: str) -> dict:
    forged = json.loads(json.dumps(doc))
    events = forged["events"]
    if how == "cup":
        started = next(e for e in events if e["type"] == "round_started")
        started["cups"][0] = [6, 6, 6, 6, 6]
    elif how == "count":
        reveal = next(e for e in events if e["type"] == "cups_revealed")
        reveal["actual"] += 1
    elif how == "loser":
        lost = next(e for e in events if e["type"] == "dice_count_changed")
        lost["player"] = (lost["player"] + 1) % 3
    elif how == "place":
        forged["players"][0]["place"], forged["players"][1]["place"] = (
            forged["players"][1]["place"],
            forged["players"][0]["place"],
        )
    elif how == "truncated":
        forged["events"] = events[: len(events) // 2]
    return forged


@pytest.mark.slow
@pytest.mark.parametrize("how", ["cup", "count", "loser", "place", "truncated"])
def test_a_forged_import_is_refused_with_one_line(tmp_path: Path, how: str) -> None:
    home, other = tmp_path / "home", tmp_path / "other"
    game_id = _home_with_games(home)["perudo"]
    doc = json.loads(dicepoker(home, "export", str(game_id)).stdout)
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(_forge(doc, how)), encoding="utf-8")
    done = dicepoker(other, "import", str(path))
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith(f"dicepoker import: {path}: refused: ")
    assert not (other / "history.db").exists() or not json.loads(
        dicepoker(other, "history", "--json").stdout
    )


@pytest.mark.slow
def test_review_of_a_bidding_game_is_checked_before_the_screen_opens(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _home_with_games(home)
    done = dicepoker(home, "review", "99")
    assert (
        done.returncode == 2
        and done.stderr.strip() == "dicepoker review: no game 99 in the history"
    )


@pytest.mark.slow
def test_analyze_of_a_bidding_game_says_it_applies_to_scoresheet_games(tmp_path: Path) -> None:
    home = tmp_path / "home"
    game_id = _home_with_games(home)["perudo"]
    done = dicepoker(home, "analyze", str(game_id))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        "dicepoker analyze: perudo is a bidding game; analyze applies to scoresheet games"
    )


def test_stats_count_challenges_calzas_dice_and_bids_of_a_constructed_game() -> None:
    """Ann (seat 0) and Bob (seat 1) at Perudo, round by round:
    1. Ann bids 3 × 5s, Bob challenges: 2 fives — Bob is right, Ann loses a die.
    2. Bob bids 2 × 2s, Ann calls calza: exactly 2 — Ann is right, wins her die back.
    3. Ann bids 2 × 3s, Bob challenges: 3 threes — Bob is wrong and loses a die.
    4. Bob bids 4 × 6s, Ann challenges: 1 six — Ann is right; Bob loses, ... and so on
       until Bob is out: his last dice are lost by challenging true bids."""
    players = [Player(name="Ann"), Player(name="Bob")]
    log: list[ev.Event] = [ev.GameStarted(variant="perudo", players=players, seed=1)]
    dice = {0: 5, 1: 5}

    def reveal(player: int, call: str, bidder: int, q: int, face: int, actual: int) -> None:
        log.append(ev.BidMade(player=bidder, quantity=q, face=face))
        log.append(
            ev.CupsRevealed(
                player=player, call=call, quantity=q, face=face, bidder=bidder,
                actual=actual, cups=[(), ()],
            )
        )  # fmt: skip
        if call == "challenge":
            loser, delta = (player, -1) if actual >= q else (bidder, -1)
        else:
            loser, delta = player, (1 if actual == q else -1)
        dice[loser] += delta
        log.append(ev.DiceCountChanged(player=loser, delta=delta, dice_left=dice[loser]))

    reveal(1, "challenge", 0, 3, 5, 2)  # Bob right; Ann -1
    reveal(0, "calza", 1, 2, 2, 2)  # Ann's calza right; Ann +1
    reveal(1, "challenge", 0, 2, 3, 3)  # Bob wrong; Bob -1
    reveal(0, "challenge", 1, 4, 6, 1)  # Ann right; Bob -1
    reveal(0, "calza", 1, 3, 4, 1)  # Ann's calza wrong; Ann -1
    for _ in range(3):  # Bob challenges true bids until he is out
        reveal(1, "challenge", 0, 1, 2, 2)
    log.append(ev.PlayerOut(player=1))
    log.append(
        ev.GameFinished(
            standings=[
                Standing(player=0, total=dice[0], place=1, settlement=0.0),
                Standing(player=1, total=0, place=2, settlement=0.0),
            ]
        )
    )
    assert dice == {0: 4, 1: 0}
    with Store.memory() as store:
        with store.db.write() as conn:
            conn.execute(
                "INSERT INTO games (id, variant, seed, real_dice, status, started_at,"
                " updated_at, finished_at, event_count, family) VALUES (1, 'perudo', '1', 0,"
                " 'finished', '2024-01-01T00:00:00+00:00', '2024-01-01T00:00:00+00:00',"
                " '2024-01-01T00:00:00+00:00', ?, 'bidding')",
                (len(log),),
            )
            conn.executemany(
                "INSERT INTO players (game_id, seat, name, kind, place)"
                " VALUES (1, ?, ?, 'human', ?)",
                [(0, "Ann", 1), (1, "Bob", 2)],
            )
            conn.execute(
                "INSERT INTO event_logs VALUES (1, ?)",
                ("[" + ",".join(e.model_dump_json() for e in log) + "]",),
            )
        ann = bidding_stats(store.db, "ann", "perudo")
        bob = get_family("bidding").player_stats(store, "Bob", "perudo")
    assert (ann.games, ann.wins, ann.mean_place) == (1, 1, 1.0)
    assert (ann.challenges, ann.challenges_right) == (1, 1)
    assert (ann.calzas, ann.calzas_right) == (2, 1)
    assert (ann.dice_lost, ann.dice_won) == (2, 1)
    assert (ann.bids_challenged, ann.bids_true) == (5, 4)
    assert (bob.games, bob.wins, bob.mean_place) == (1, 0, 2.0)
    assert (bob.challenges, bob.challenges_right) == (5, 1)
    assert (bob.calzas, bob.calzas_right) == (0, 0)
    assert (bob.dice_lost, bob.dice_won) == (5, 0)
    assert (bob.bids_challenged, bob.bids_true) == (1, 0)
