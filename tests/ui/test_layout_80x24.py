"""Every screen of every scene reads cleanly at 80×24 in every language.

The scenes are the screenshot scenes (tables, sheets, help, hand-over, real dice, the
history, review and statistics, the bidding tables), a game in progress in each variant
and a finished one; each is visited screen by screen (help, sheet, menu) and checked by
`layout_checks.problems`: no line cut without an ellipsis, no row wrapped into an orphan,
no key missing from a footer, no counter that contradicts itself.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot

from dicepoker_tui import i18n
from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.views import scenes as bidding_scenes
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.rules.variants import all_variants
from dicepoker_tui.families.scoresheet.views import history_scenes
from dicepoker_tui.families.scoresheet.views import scenes as sheet_scenes
from dicepoker_tui.family import kept
from dicepoker_tui.store import Store
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.history.games import GamesScreen
from dicepoker_tui.ui.scenes import screenshots

from .helpers import wait_for
from .layout_checks import footer_drawn, problems

LANGUAGES = ("en", "uk", "ru", "hr", "de")
SIZE = (80, 24)
SEATS = (  # one human: the table, not a hand-over, is on the screen
    Player(name="Maximilian-Alexander von"),
    Player(name="Bot 1", kind="bot", level="heuristic"),
    Player(name="Bot 2", kind="bot", level="heuristic"),
)
TABLE_VISITS = ("question_mark", "escape", "s", "escape", "escape")
"""From a table: help, back, the sheet, back, the menu."""


@dataclass(frozen=True)
class Case:
    name: str
    build: Callable[[Path], App]
    prepare: Callable[[Pilot], Awaitable[None]]
    visits: tuple[str, ...] = ()


async def _nothing(pilot: Pilot) -> None:
    await pilot.pause()


def _table_app(game) -> Callable[[Path], App]:
    return lambda tmp: DicePokerApp(
        game=game, bot_pace=0, keep_history=False, settings_file=tmp / "s.json"
    )


def _resume_app(tmp: Path) -> App:
    store = Store.memory()
    started = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)
    for n, variant in enumerate(v.id for v in all_variants()):
        game = sheet_scenes.finished_game_prefix(variant, SEATS, seed=40 + n, writes=4)
        scoresheet_games(store).create(game, started_at=started, updated_at=started)
    app = DicePokerApp(bot_pace=0, keep_history=False, settings_file=tmp / "s.json")
    app.resume_records = kept.unfinished(store)  # type: ignore[attr-defined]
    app.resume_store = store  # type: ignore[attr-defined]
    return app


async def _open_resume(pilot: Pilot) -> None:
    app = pilot.app
    store: Store = app.resume_store  # type: ignore[attr-defined]
    drop = partial(kept.abandon, store)
    app.push_screen(GamesScreen("resume", app.resume_records, drop))  # type: ignore[attr-defined]
    await pilot.pause()


def cases() -> list[Case]:
    out = [
        Case(s.name, s.build, s.prepare, TABLE_VISITS if s.name.startswith("table") else ())
        for s in screenshots.SCENES
    ]
    out += [
        Case(s.name, lambda _tmp, s=s: s.build(), s.prepare) for s in history_scenes.HISTORY_SCENES
    ]
    out += [
        Case(s.name, lambda _tmp, s=s: s.build(), s.prepare, ("question_mark",))
        for s in bidding_scenes.BIDDING_SCENES
    ]
    for variant in all_variants():
        game = sheet_scenes.finished_game_prefix(variant.id, SEATS, seed=9, writes=14)
        out.append(Case(f"{variant.id}-playing", _table_app(game), _throw_twice, TABLE_VISITS))
        done = sheet_scenes.finished_game(variant.id, [p.name for p in SEATS], seed=9)
        out.append(Case(f"{variant.id}-finished", _table_app(done), _nothing))
    out.append(Case("resume", _resume_app, _open_resume, ("x",)))
    return out


async def _throw_twice(pilot: Pilot) -> None:
    for key in ("r", "1", "r"):
        await pilot.press(key)
        await pilot.pause()


CASES = cases()


async def settle(pilot: Pilot, app: App) -> None:
    """Wait for the footer, then give the screen time to settle: the footer is redrawn a
    frame after the keys change (a bot's move at a busy machine), so a check taken in
    between would see the new keys against the old footer. What is still wrong once it
    has settled (or after the wait) is what the test reports."""
    await wait_for(pilot, lambda: footer_drawn(app))
    with contextlib.suppress(AssertionError):
        await wait_for(pilot, lambda: not problems(app), rounds=100)


def _resume_counts(app: App) -> list[str]:
    """The resume header counts the games its list holds."""
    screen = app.screen
    if not isinstance(screen, GamesScreen):
        return []
    rows = len(screen.records)
    if screen.header_text() != str(screen.query_one("#games-title").render()):
        return [f"the resume header says {screen.query_one('#games-title').render()!s}"]
    return [] if str(rows) in screen.header_text() else [f"header vs {rows} rows"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_every_screen_reads_cleanly_at_80x24(case: Case, lang: str, tmp_path) -> None:
    i18n.set_language(lang)
    try:
        app = case.build(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await case.prepare(pilot)
            await settle(pilot, app)
            seen = {"(first)": problems(app) + _resume_counts(app)}
            for key in case.visits:
                await pilot.press(key)
                await pilot.pause()
                await settle(pilot, app)
                seen[key] = problems(app) + _resume_counts(app)
    finally:
        i18n.set_language("en")
    wrong = {key: found for key, found in seen.items() if found}
    assert not wrong, wrong


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_a_long_name_at_the_bidding_table_gives_way(lang: str) -> None:
    """The seat list shortens a long name with an ellipsis, and the bid prompt stays on
    one line (the name gives way, not the bid) with the keys line under it."""
    from dicepoker_tui.families.bidding.views.table import BiddingTableScreen
    from dicepoker_tui.family import GameSetup
    from dicepoker_tui.ui.common.textual_private import screen_lines

    i18n.set_language(lang)
    try:
        bots = [Player(name=f"Bot {n}", kind="bot", level="strong") for n in (1, 2)]
        setup = GameSetup("perudo", (SEATS[0], *bots), seed=5)
        app = DicePokerApp(bot_pace=0, keep_history=False)
        async with app.run_test(size=SIZE) as pilot:
            assert app.start_game(setup)
            table = app.screen
            assert isinstance(table, BiddingTableScreen)
            await wait_for(pilot, lambda: table._my_turn)
            await pilot.pause()
            lines = screen_lines(app)
    finally:
        i18n.set_language("en")
    prompt = [line for line in lines if "◀" in line]
    assert len(prompt) == 1 and "▶" in prompt[0], lines
    below = lines[lines.index(prompt[0]) + 1]
    assert "⏎" in below, lines
    assert any("Maximilian…" in line or "Maximilian-…" in line for line in lines[:6]), lines
