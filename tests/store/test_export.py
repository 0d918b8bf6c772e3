"""Export formats, and imports: lossless round trips, refusals that leave the history alone."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.history.export import (
    FORMAT_VERSION,
    ImportRefused,
    export_game,
    import_game,
    parse_export,
    render,
)
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.history.sheet_formats import CSV_COLUMNS
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.variants import all_variants, get_variant
from dicepoker_tui.store import Recorder, Store
from tests.store.scripted import finished_game, new_game, play

VARIANTS = [v.id for v in all_variants()]
STARTED = datetime(2024, 3, 1, 20, 0, tzinfo=UTC)
ENDED = datetime(2024, 3, 1, 20, 45, tzinfo=UTC)


def _store(tmp_path: Path, name: str) -> Store:
    store, notice = Store.open(tmp_path / name)
    assert notice is None
    return store


def _without_id(text: str) -> dict[str, Any]:
    doc = json.loads(text)
    doc.pop("id")
    return doc


def _import(store: Store, text: str | bytes) -> int:
    doc, game = parse_export(text)
    return import_game(store, doc, game)


def _dump(store: Store) -> list[str]:
    return list(store.db.conn.iterdump())


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("kind", ["finished", "real dice", "mid-turn", "abandoned"])
def test_round_trip_is_lossless(tmp_path: Path, variant: str, kind: str) -> None:
    source = _store(tmp_path, "a.db")
    if kind == "mid-turn":
        game = play(new_game(variant, seed=31), script=31, steps=40)
    else:
        real = kind == "real dice"
        people = [Player(name="Ann"), Player(name="Ben")] if real else None  # no bot: real dice
        game = finished_game(variant, seed=30, real_dice=real, players=people)
    game_id = scoresheet_games(source).create(game, started_at=STARTED, updated_at=ENDED)
    if kind == "abandoned":
        assert game.finished
        game = play(new_game(variant, seed=32), script=32, steps=9)
        game_id = scoresheet_games(source).create(game, started_at=STARTED, updated_at=ENDED)
        scoresheet_games(source).abandon(game_id)
    text = render(export_game(source, game_id), "json")
    target = _store(tmp_path, "b.db")
    new_id = _import(target, text)
    again = render(export_game(target, new_id), "json")
    assert _without_id(again) == _without_id(text)
    assert scoresheet_games(target).load_events(new_id) == list(game.events)
    assert scoresheet_games(target).load_game(new_id).state == game.state
    assert target.game(new_id).status == source.game(game_id).status
    # Importing the same game again is refused, and changes nothing.
    before = _dump(target)
    with pytest.raises(ImportRefused, match=f"already in the history as game {new_id}"):
        _import(target, text)
    assert _dump(target) == before


def test_json_carries_the_format_version_and_the_sheet(tmp_path: Path) -> None:
    store = _store(tmp_path, "h.db")
    game = finished_game("yahtzee", seed=3)
    doc = json.loads(render(export_game(store, scoresheet_games(store).create(game)), "json"))
    assert doc["format"] == "dicepoker-game" and doc["schema_version"] == FORMAT_VERSION
    assert doc["events"][0]["type"] == "game_started"
    assert doc["events"][-1]["type"] == "game_finished"
    for seat, sheet in enumerate(game.state.sheets):
        assert doc["sheets"][seat]["total"] == sheet.total
        assert doc["sheets"][seat]["scores"] == sheet.scores
        assert doc["players"][seat]["total"] == sheet.total


@pytest.mark.parametrize("variant", VARIANTS)
def test_csv_rows_per_box_per_player_add_up(tmp_path: Path, variant: str) -> None:
    store = _store(tmp_path, "h.db")
    game = finished_game(variant, seed=8)
    text = render(export_game(store, scoresheet_games(store).create(game)), "csv")
    assert text.splitlines()[0] == ",".join(CSV_COLUMNS)
    rows = list(csv.DictReader(io.StringIO(text)))
    boxes = get_variant(variant).box_ids
    for seat, sheet in enumerate(game.state.sheets):
        mine = [r for r in rows if r["seat"] == str(seat)]
        box_rows = [r for r in mine if r["line_kind"] == "box"]
        assert [r["line"] for r in box_rows] == list(boxes)
        assert {r["line"]: int(r["points"]) for r in box_rows} == sheet.scores
        bonus = {r["line"]: int(r["points"]) for r in mine if r["line_kind"] == "bonus"}
        assert bonus == sheet.bonuses
        (total,) = [int(r["points"]) for r in mine if r["line_kind"] == "total"]
        assert total == sheet.total == sum(sheet.scores.values()) + sum(bonus.values())
        for r in box_rows:
            assert len(r["dice"]) == 5 and 1 <= int(r["round"]) <= len(boxes)


def test_txt_is_a_printable_sheet(tmp_path: Path) -> None:
    store = _store(tmp_path, "h.db")
    players = [Player(name="Ann"), Player(name="Bartholomew")]
    game = finished_game("dice-poker", seed=4, players=players)
    text = render(export_game(store, scoresheet_games(store).create(game)), "txt")
    lines = text.splitlines()
    assert "Ann" in lines[3] and "Bartholomew" in lines[3]
    total_line = next(line for line in lines if line.startswith("Total"))
    assert total_line.split()[1:] == [str(s.total) for s in game.state.sheets]
    for box in get_variant("dice-poker").boxes:
        assert any(line.strip().startswith(box.label) for line in lines)
    assert any(line.startswith("Settlement") for line in lines)
    widths = {len(line) for line in lines[3:] if line and not line.startswith(("*", "Stage"))}
    assert max(widths) <= 80


# -- refusals -----------------------------------------------------------------------------------

Tamper = Callable[[dict[str, Any]], None]


def _events_of(doc: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in doc["events"] if e["type"] == kind]


def _bump(event: dict[str, Any], key: str, by: int = 1) -> None:
    event[key] += by


def _new_dice(e: dict[str, Any]) -> None:
    e["dice"] = [e["dice"][0] % 6 + 1, *e["dice"][1:]]


TAMPERING: dict[str, tuple[Tamper, str]] = {
    "points of a write": (
        lambda d: _bump(_events_of(d, "box_written")[3], "points"),
        "does not match the rules",
    ),
    "a player's total": (lambda d: _bump(d["players"][1], "total"), "do not match the events"),
    "a sheet total": (lambda d: _bump(d["sheets"][0], "total", -5), "total"),
    "a sheet box": (
        lambda d: d["sheets"][0]["scores"].update(chance=d["sheets"][0]["scores"]["chance"] + 1),
        "sheet does not match",
    ),
    "unknown variant": (
        lambda d: (d.update(variant="farkle"), d["events"][0].update(variant="farkle")),
        "unknown variant 'farkle'",
    ),
    "truncated events": (lambda d: d["events"].__delitem__(slice(-9, None)), "truncated"),
    "a turn change removed": (
        lambda d: d["events"].remove(_events_of(d, "turn_started")[4]),
        "does not match the rules",
    ),
    "thrown dice changed": (lambda d: _new_dice(_events_of(d, "dice_thrown")[5]), "event"),
    "written dice changed": (
        lambda d: _new_dice(_events_of(d, "box_written")[2]),
        "does not match the rules",
    ),
    "kept dice changed": (
        lambda d: _events_of(d, "dice_thrown")[1].update(kept=[0, 1, 2, 3, 4]),
        "event",
    ),
    "seed changed": (lambda d: d.update(seed=d["seed"] + 1), "seed"),
    "event after the end": (
        lambda d: d["events"].append({"type": "turn_started", "player": 0, "round": 1}),
        "event",
    ),
    "newer format": (lambda d: d.update(schema_version=99), "newer version"),
    "other format": (lambda d: d.update(format="chess-game"), "format"),
    "extra field": (lambda d: d.update(cheat=True), "cheat"),
    "unknown event": (lambda d: d["events"].insert(3, {"type": "coin_flipped"}), "events.3"),
    "status unfinished": (
        lambda d: d.update(status="playing", finished_at=None),
        "the events finish the game",
    ),
    "finished_at missing": (lambda d: d.update(finished_at=None), "finished_at"),
    "naive time": (lambda d: d.update(started_at="2024-03-01T20:00:00"), "started_at"),
    "renamed player": (
        lambda d: d["players"][0].update(name="Eve"),
        "does not match the seats",
    ),
    "game_started removed": (lambda d: d["events"].pop(0), "game_started"),
    "empty events": (lambda d: d.update(events=[]), "game_started"),
    "mostly missing": (lambda d: (d.clear(), d.update(events=7)), "Field required"),
}


@pytest.fixture(scope="module")
def exported() -> str:
    store = Store.memory()
    game = finished_game("yahtzee", seed=12, players=[Player(name="Ann"), Player(name="Bob")])
    return render(
        export_game(store, scoresheet_games(store).create(game, STARTED, ENDED, ENDED)), "json"
    )


@pytest.mark.parametrize("name", list(TAMPERING))
def test_tampered_file_is_refused_and_nothing_written(
    tmp_path: Path, exported: str, name: str
) -> None:
    tamper, expected = TAMPERING[name]
    doc = json.loads(exported)
    tamper(doc)
    store = _store(tmp_path, "h.db")
    Recorder(scoresheet_games(store), play(new_game("yatzy", seed=1), script=1, steps=5))
    before = _dump(store)
    with pytest.raises(ImportRefused, match=None) as refused:
        _import(store, json.dumps(doc))
    message = str(refused.value)
    assert expected in message and "\n" not in message
    assert _dump(store) == before


def test_every_truncation_is_refused(exported: str) -> None:
    data = exported.encode()
    for cut in range(0, len(data) - 2, 97):
        with pytest.raises(ImportRefused):
            parse_export(data[:cut])


def _content(doc: Any) -> tuple[Any, ...]:
    return (doc.events, doc.sheets, doc.players, doc.status, doc.variant)


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_fuzzed_bytes_are_refused_or_harmless(exported: str, data: st.DataObject) -> None:
    raw = bytearray(exported.encode())
    original, _ = parse_export(exported)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.sampled_from(b'0123456789{}[]",:-ex \xff'))
    try:
        doc, game = parse_export(bytes(raw))
    except ImportRefused as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    # Accepted: only something that does not change the game (an id, a time, spacing).
    assert _content(doc) == _content(original)
    assert game.state.sheets == Game.from_events(original.events).state.sheets


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_fuzzed_event_numbers_are_refused(exported: str, data: st.DataObject) -> None:
    doc = json.loads(exported)
    # Holding and releasing dice is free and changes nothing (the next throw names the dice
    # it keeps), so an edited dice_held can still be a legal record: those are left out.
    event = data.draw(st.sampled_from([e for e in doc["events"][1:] if e["type"] != "dice_held"]))
    numeric = [k for k, v in event.items() if isinstance(v, int) and not isinstance(v, bool)]
    if not numeric:
        return
    key = data.draw(st.sampled_from(numeric))
    event[key] += data.draw(st.sampled_from([-2, -1, 1, 3]))
    with pytest.raises(ImportRefused):
        parse_export(json.dumps(doc))


def test_real_dice_games_are_checked_by_the_rules(tmp_path: Path) -> None:
    store = _store(tmp_path, "h.db")
    game = finished_game("dice-poker-bank", seed=5, real_dice=True)
    doc = json.loads(render(export_game(store, scoresheet_games(store).create(game)), "json"))
    held = next(e for e in doc["events"] if e["type"] == "dice_thrown" and e["kept"])
    pos = held["kept"][0]
    held["dice"][pos] = held["dice"][pos] % 6 + 1
    with pytest.raises(ImportRefused, match="was held at"):
        parse_export(json.dumps(doc))
