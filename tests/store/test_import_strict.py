"""`dicepoker import` is strict for both families: a file that a history could not hold
as it says (a seed out of range, seats told apart only by case or by spaces, a level no
bot has, a missing or extra key) is refused in one line, status 2, with nothing added;
an exported game still imports."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.history.export import (
    BiddingExport,
    BiddingExportedPlayer,
    bidding_json,
)
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.scoresheet.history.export import build_export, to_json
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.store import Store
from tests.store.scripted import finished_game
from tests.store.test_bidding_store import play_out
from tests.store.test_cli_history import dicepoker

pytestmark = pytest.mark.slow

SEED_MAX = 2**63 - 1
SEATS = [Player(name="Ann"), Player(name="Bot", kind="bot", level="novice")]
BIDDING_SEATS = [*SEATS, Player(name="Cy", kind="bot", level="expert")]
WHEN = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)

Doc = dict


def scoresheet_doc(seed: int = 7, players: list[Player] | None = None) -> Doc:
    game = finished_game("yahtzee", seed=seed, players=players or SEATS)
    return json.loads(to_json(build_export(game, 3, "finished", WHEN, WHEN, WHEN)))


def bidding_doc(seed: int = 7, players: list[Player] | None = None) -> Doc:
    game = BiddingGame.new("perudo", players or BIDDING_SEATS, seed=seed)
    play_out(game)
    places = {s.player: s.place for s in game.state.standings or []}
    doc = BiddingExport(
        id=4,
        variant="perudo",
        status="finished",
        started_at=WHEN,
        updated_at=WHEN,
        finished_at=WHEN,
        seed=seed,
        players=[
            BiddingExportedPlayer(
                seat=seat, name=p.name, kind=p.kind, level=p.level, place=places[seat]
            )
            for seat, p in enumerate(game.state.players)
        ],
        events=list(game.events),
    )
    return json.loads(bidding_json(doc))


MAKERS = {"scoresheet": scoresheet_doc, "bidding": bidding_doc}


def _seat(doc: Doc, seat: int, **changes: object) -> Doc:
    """`doc` with seat `seat` changed alike in `players` and in `game_started`."""
    doc["players"][seat].update(changes)
    doc["events"][0]["players"][seat].update(changes)
    return doc


def _drop(key: str) -> Callable[[Doc], Doc]:
    def change(doc: Doc) -> Doc:
        del doc[key]
        return doc

    return change


def _drop_seat_key(key: str) -> Callable[[Doc], Doc]:
    def change(doc: Doc) -> Doc:
        del doc["players"][1][key]
        return doc

    return change


def _extra_in_event(doc: Doc) -> Doc:
    doc["events"][1]["colour"] = "red"
    return doc


CHANGES: dict[str, tuple[Callable[[Doc], Doc], str]] = {
    "missing format": (_drop("format"), "format: Field required"),
    "missing schema_version": (_drop("schema_version"), "schema_version: Field required"),
    "missing id": (_drop("id"), "id: Field required"),
    "missing finished_at": (_drop("finished_at"), "finished_at: Field required"),
    "missing level": (_drop_seat_key("level"), "players.1.level: Field required"),
    "missing place": (_drop_seat_key("place"), "players.1.place: Field required"),
    "extra key in an event": (_extra_in_event, "colour: Extra inputs are not permitted"),
    "names differing in case": (
        lambda d: _seat(d, 1, name="ANN"),
        "players.1.name 'ANN' differs from players.0.name 'Ann' only in case",
    ),
    "a leading space": (
        lambda d: _seat(d, 0, name=" Ann"),
        "players.0.name ' Ann' begins or ends with a space",
    ),
    "a trailing space": (
        lambda d: _seat(d, 0, name="Ann "),
        "players.0.name 'Ann ' begins or ends with a space",
    ),
    "an unknown level": (
        lambda d: _seat(d, 1, level="grandmaster"),
        "players.1.level: unknown bot level 'grandmaster' (known: ",
    ),
    "a human with a level": (
        lambda d: _seat(d, 0, level="novice"),
        "players.0.level: a human seat has no bot level",
    ),
}


def _refused(tmp_path: Path, doc: Doc, expected: str) -> None:
    """Importing `doc` is refused in one line naming `expected`, and adds nothing."""
    home = tmp_path / "home"
    with Store.open(home / "history.db").store as store:
        kept = scoresheet_games(store).create(finished_game("yatzy", seed=2))
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    done = dicepoker(home, "import", str(path))
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"dicepoker import: {path}: refused: "), line
    assert expected in line, line
    listed = json.loads(dicepoker(home, "history", "--json").stdout)
    assert [g["id"] for g in listed] == [kept]


@pytest.mark.parametrize("family", sorted(MAKERS))
@pytest.mark.parametrize("name", sorted(CHANGES))
def test_a_file_no_history_could_hold_is_refused(tmp_path: Path, family: str, name: str) -> None:
    change, expected = CHANGES[name]
    _refused(tmp_path, change(MAKERS[family]()), expected)


@pytest.mark.parametrize("family", sorted(MAKERS))
@pytest.mark.parametrize("seed", [SEED_MAX + 1, 2**64, -1])
def test_a_seed_out_of_range_is_refused(tmp_path: Path, family: str, seed: int) -> None:
    doc = MAKERS[family](seed=seed)  # a game the engine plays, but no history can hold
    _refused(tmp_path, doc, f"seed {seed} is outside 0 to {SEED_MAX}")


@pytest.mark.parametrize("family", sorted(MAKERS))
def test_an_exported_game_imports_and_exports_the_same(tmp_path: Path, family: str) -> None:
    players = [
        Player(name="Ann"),
        Player(name="Élise", kind="bot", level="novice"),
        Player(name="Bo", kind="bot", level=None),  # older files: a bot without a level
    ]
    doc = MAKERS[family](seed=SEED_MAX, players=players)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    home = tmp_path / "home"
    done = dicepoker(home, "import", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("imported as game 1 ")
    back = json.loads(dicepoker(home, "export", "1").stdout)
    assert {**back, "id": None} == {**doc, "id": None}
    (listed,) = json.loads(dicepoker(home, "history", "--json").stdout)
    assert listed["seed"] == SEED_MAX and listed["damaged"] is None


@pytest.mark.parametrize("family", sorted(MAKERS))
def test_a_seed_of_thousands_of_digits_is_refused_in_a_short_line(
    tmp_path: Path, family: str
) -> None:
    doc = MAKERS[family]()
    doc["seed"] = doc["events"][0]["seed"] = 10**3000
    _refused(tmp_path, doc, f"seed {'1' + '0' * 19}… is outside 0 to {SEED_MAX}")
