"""`e` in a review writes the game's JSON where it says, with the full path: the downloads
folder, else the data directory; a folder that cannot be written is said as a failure
(made for real with `chattr +i`); the bidding review exports the same way; over SSH the
session says the file would stay on the server."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest

from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.bidding.views.review import BiddingReviewScreen
from dicepoker_tui.families.scoresheet.history.export import parse_export
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.views.review import ReviewScreen
from dicepoker_tui.family import get_family
from dicepoker_tui.store import Store
from dicepoker_tui.ui.history.app import HistoryApp
from dicepoker_tui.ui.net.app import NetApp
from tests.store.test_bidding_store import play_out

from .history_data import add_games, history_app

BIDDING = get_family("bidding")


@pytest.fixture
def store():
    with Store.memory() as s:
        yield s


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A user home without a downloads folder (none configured) and a data directory."""
    home, data = tmp_path / "user", tmp_path / "data"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    monkeypatch.setenv("DICEPOKER_HOME", str(data))
    return {"downloads": home / "Downloads", "data": data}


async def _told(app, pilot, deadline: float = 10.0) -> list[tuple[str, str]]:
    """The notifications shown, once there is one (polled, with a deadline)."""
    end = time.monotonic() + deadline
    while not app._notifications and time.monotonic() < end:
        await pilot.pause(0.05)
    return [(n.message, n.severity) for n in app._notifications]


async def _export(app: HistoryApp, screen_type: type) -> list[tuple[str, str]]:
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, screen_type)
        await pilot.press("e")
        return await _told(app, pilot)


async def test_without_a_downloads_folder_the_game_goes_to_the_data_directory(
    store, places
) -> None:
    (game_id,) = add_games(store, 1)
    told = await _export(history_app(store, game_id), ReviewScreen)
    path = places["data"] / f"dicepoker-game-{game_id}.json"
    assert told == [(f"Game {game_id} is saved as {path}", "information")]
    assert not places["downloads"].exists()
    doc, game = parse_export(path.read_bytes())
    assert doc.id == game_id and list(game.events) == scoresheet_games(store).load_events(game_id)
    assert [p.name for p in places["data"].iterdir()] == [path.name]  # no part file left


async def test_with_a_downloads_folder_the_game_goes_there(store, places) -> None:
    (game_id,) = add_games(store, 1)
    places["downloads"].mkdir()
    told = await _export(history_app(store, game_id), ReviewScreen)
    path = places["downloads"] / f"dicepoker-game-{game_id}.json"
    assert told == [(f"Game {game_id} is saved as {path}", "information")]
    assert parse_export(path.read_bytes())[0].id == game_id
    assert not places["data"].exists()


@pytest.mark.skipif(shutil.which("chattr") is None, reason="needs chattr")
async def test_a_folder_that_cannot_be_written_is_said_as_a_failure(store, places) -> None:
    (game_id,) = add_games(store, 1)
    folder = places["downloads"]
    folder.mkdir()
    subprocess.run(["chattr", "+i", str(folder)], check=True)  # unwritable, even for root
    try:
        told = await _export(history_app(store, game_id), ReviewScreen)
        left = list(folder.iterdir())
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)
    assert told == [
        (
            f"Game {game_id} could not be saved in {folder}: Operation not permitted",
            "error",
        )
    ]
    assert left == []


async def test_the_bidding_review_exports_its_json_with_e(store, places) -> None:
    game = BiddingGame.new("perudo", ["Ann", "Bob", "Cy"], seed=808)
    play_out(game)
    game_id = bidding_games(store).create(game)
    told = await _export(history_app(store, game_id), BiddingReviewScreen)
    path = places["data"] / f"dicepoker-game-{game_id}.json"
    assert told == [(f"Game {game_id} is saved as {path}", "information")]
    doc, again = BIDDING.parse_import(path.read_bytes())
    assert doc.family == "bidding" and list(again.events) == list(game.events)
    assert path.read_text(encoding="utf-8") == BIDDING.render_export(
        BIDDING.export(store, game_id), "json"
    )


async def test_a_bidding_game_just_played_is_not_exported_from_its_review(store) -> None:
    game = BiddingGame.new("perudo", ["Ann", "Bob", "Cy"], seed=809)
    play_out(game)
    app = history_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(BiddingReviewScreen(list(game.events)))
        await pilot.press("e")
        told = await _told(app, pilot)
    assert told == [("Only a game from the history can be exported.", "information")]


class _OverSsh(HistoryApp):
    saves_exports = NetApp.saves_exports


async def test_over_ssh_nothing_is_said_saved(store, places) -> None:
    (game_id,) = add_games(store, 1)
    told = await _export(_OverSsh(store, game_id), ReviewScreen)
    assert told == [
        (f"Game {game_id} is not saved: over SSH the file would stay on the server.", "warning")
    ]
    assert not places["data"].exists() and not places["downloads"].exists()
