"""What the history, the import check and the host key say reaches people in their language."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from dicepoker_tui import i18n
from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.history.export import (
    ImportRefused,
    export_game,
    parse_export,
    to_json,
)
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.serve.authorized_keys import load_authorized_keys
from dicepoker_tui.serve.host_key import HostKeyError
from dicepoker_tui.store import Store
from dicepoker_tui.store.schema import SCHEMA_VERSION
from tests.store.scripted import finished_game
from tests.store.test_cli_history import dicepoker

CYRILLIC = set("абвгґдеєжзиіїйклмнопрстуфхцчшщьюя")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> str:
    home = tmp_path_factory.mktemp("export-home")
    store, _ = Store.open(home / "history.db")
    game = finished_game("yahtzee", 7, players=[Player(name="Ann"), Player(name="Bob")])
    text = to_json(export_game(store, scoresheet_games(store).create(game)))
    store.close()
    return text


def _refusal(result) -> str:
    assert result.stdout == ""
    (line,) = result.stderr.strip().splitlines()
    return line


@pytest.mark.slow
def test_import_refusals_are_ukrainian_with_the_same_status(tmp_path: Path, exported: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(exported[: len(exported) // 2])
    en = dicepoker(tmp_path / "en", "--lang", "en", "import", str(bad))
    uk = dicepoker(tmp_path / "uk", "--lang", "uk", "import", str(bad))
    assert en.returncode == uk.returncode != 0
    assert "refused: not valid JSON" in _refusal(en)
    line = _refusal(uk)
    assert "відхилено: некоректний JSON" in line and "refused" not in line

    doc = json.loads(exported)
    doc["players"][0]["total"] += 10
    doc["sheets"][0]["total"] += 10
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(doc))
    en = dicepoker(tmp_path / "en", "--lang", "en", "import", str(tampered))
    uk = dicepoker(tmp_path / "uk", "--lang", "uk", "import", str(tampered))
    assert en.returncode == uk.returncode != 0
    assert "do not match the events" in _refusal(en)
    line = _refusal(uk)
    assert "не збігаються з подіями" in line and "match" not in line


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("uk", ("гравця Ann", "не збігається з подіями")),
        ("ru", ("игрока Ann", "не совпадает с событиями")),
        ("hr", ("igrača Ann", "ne odgovara događajima")),
    ],
)
def test_every_language_explains_a_wrong_sheet(lang: str, words, exported: str) -> None:
    doc = json.loads(exported)
    doc["sheets"][0]["total"] += 10
    i18n.set_language(lang)
    with pytest.raises(ImportRefused) as refused:
        parse_export(json.dumps(doc))
    for word in words:
        assert word in str(refused.value)


def test_a_rule_breaking_event_is_explained_in_ukrainian(exported: str) -> None:
    doc = json.loads(exported)
    thrown = next(e for e in doc["events"] if e["type"] == "dice_thrown")
    thrown["dice"] = [9, *thrown["dice"][1:]]
    i18n.set_language("uk")
    with pytest.raises(ImportRefused) as refused:
        parse_export(json.dumps(doc))
    message = str(refused.value)
    assert message.startswith("подія ") and "dice_thrown" in message


@pytest.mark.slow
def test_moved_aside_notice_is_ukrainian_in_a_cli_run(tmp_path: Path) -> None:
    (tmp_path / "history.db").write_bytes(b"\x00garbage" * 500)
    result = dicepoker(tmp_path, "--lang", "uk", "history", "--json")
    assert result.returncode == 0 and result.stdout.strip() == "[]"  # JSON stays as it is
    assert "Історія ігор не є базою даних SQLite" in result.stderr
    assert "її перенесено до" in result.stderr and "history.db.corrupt-" in result.stderr
    assert "was moved to" not in result.stderr and "new history" not in result.stderr


def test_newer_history_notice_is_ukrainian_where_the_app_opens_it(tmp_path: Path) -> None:
    path = tmp_path / "history.db"
    Store.open(path).store.close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.close()
    i18n.set_language("uk")
    opened = Store.open(path)
    opened.store.close()
    notice = opened.notice or ""
    assert "записана новішою версією dicepoker" in notice
    assert f"версія схеми {SCHEMA_VERSION + 5}" in notice and "history.db.newer-" in notice
    assert set(notice.lower()) & CYRILLIC


def test_store_errors_follow_the_language(tmp_path: Path) -> None:
    store = Store.memory()
    i18n.set_language("hr")
    with pytest.raises(Exception) as missing:
        scoresheet_games(store).load_events(42)
    assert str(missing.value).strip("'\"") == "u povijesti nema igre 42"
    i18n.set_language("en")
    with pytest.raises(Exception) as missing:
        scoresheet_games(store).load_events(42)
    assert str(missing.value).strip("'\"") == "no game 42 in the history"


def test_host_key_errors_are_ukrainian(tmp_path: Path) -> None:
    keys = tmp_path / "authorized_keys"
    keys.write_text("# nobody yet\n")
    i18n.set_language("uk")
    with pytest.raises(HostKeyError, match="немає жодного ключа"):
        load_authorized_keys(keys)
    keys.write_text("not a key at all\n")
    with pytest.raises(HostKeyError, match=r"authorized_keys:1: це не відкритий ключ"):
        load_authorized_keys(keys)
    i18n.set_language("en")
    with pytest.raises(HostKeyError, match="authorized_keys:1: not a public key"):
        load_authorized_keys(keys)
