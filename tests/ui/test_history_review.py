"""The game review: stepping through the turns fills the sheet exactly as the game went."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game, replay
from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.views.review import ReviewScreen, ReviewSheet
from dicepoker_tui.store import Store

from .helpers import wait_for
from .history_data import add_games, history_app


@pytest.fixture
def store():
    with Store.memory() as s:
        yield s


def sheet_cells(screen: ReviewScreen) -> dict[tuple[str, int], str]:
    """What the sheet widget shows: (row key, seat) -> cell text."""
    table = screen.query_one(ReviewSheet)
    cells = {}
    for row in table.ordered_rows:
        values = table.get_row(row.key)
        for seat, value in enumerate(values[1:]):
            cells[(str(row.key.value), seat)] = str(value)
    return cells


def expected_cells(events: list[ev.Event], upto: int) -> dict[tuple[str, int], str]:
    """Every box of the game replayed up to `upto` events: its points, or · while empty."""
    state = replay(events[:upto])
    variant = get_variant(state.variant)
    cells = {}
    for seat, sheet in enumerate(state.sheets):
        for box in variant.box_ids:
            cells[(box, seat)] = str(sheet.scores[box]) if box in sheet.scores else "·"
        cells[("total", seat)] = str(sheet.total)
    return cells


def writes_so_far(events: list[ev.Event], upto: int) -> int:
    """Boxes filled after `upto` events, counted straight from the log (undos taken back)."""
    filled = 0
    for event in events[:upto]:
        if isinstance(event, ev.BoxWritten):
            filled += 1
        elif isinstance(event, ev.WriteUndone):
            filled -= 1
    return filled


def assert_sheet_at(screen: ReviewScreen, events: list[ev.Event]) -> None:
    upto = screen.step.upto
    shown = sheet_cells(screen)
    for key, value in expected_cells(events, upto).items():
        assert shown[key] == value, (key, upto)
    boxes = set(get_variant(screen.final.variant).box_ids)
    filled = sum(1 for (key, _), v in shown.items() if key in boxes and v != "·")
    assert filled == writes_so_far(events, upto)


@pytest.mark.parametrize("variant", ["yahtzee", "dice-poker-bank"])
async def test_stepping_through_every_turn_fills_the_sheet(store, variant: str) -> None:
    (game_id,) = add_games(store, 1, variants=(variant,), tables=[("Ann", "Bob")])
    events = scoresheet_games(store).load_events(game_id)
    seats, boxes = 2, len(get_variant(variant).box_ids)
    app = history_app(store, game_id)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        # It opens on the final sheet.
        assert screen.position == len(screen.steps) - 1
        assert_sheet_at(screen, events)
        assert writes_so_far(events, screen.step.upto) == seats * boxes
        await pilot.press("home")
        assert screen.position == 0
        assert writes_so_far(events, screen.step.upto) == 0
        assert_sheet_at(screen, events)
        turns = 0
        for n in range(1, len(screen.steps)):
            await pilot.press("right" if n % 2 else "j")
            assert screen.position == n
            assert_sheet_at(screen, events)
            turn = screen.step.turn
            if turn is not None:
                turns += 1
                # The box written in this turn is marked on the sheet.
                sheet = screen.query_one(ReviewSheet)
                assert sheet.show_cursor
                assert sheet.cursor_coordinate.column == turn.player + 1
                assert str(sheet.ordered_rows[sheet.cursor_coordinate.row].key.value) == (
                    turn.write.box
                )
        assert turns == seats * boxes
        await pilot.press("right")  # past the end: stays
        assert screen.position == len(screen.steps) - 1
        await pilot.press("k", "left")
        assert screen.position == len(screen.steps) - 3
        assert_sheet_at(screen, events)
        await pilot.press("end")
        assert screen.position == len(screen.steps) - 1


async def test_the_timeline_tells_throws_kept_dice_writes_bonuses_and_undos() -> None:
    game = Game.new("yahtzee", [Player(name="Ann")], seed=1, real_dice=True)
    game.throw(dice=[6, 6, 6, 2, 2])
    game.write("chance")
    game.undo()
    game.throw(keep=[0, 1, 2], dice=[6, 6, 6, 6, 3])
    game.write("sixes")
    screen = ReviewScreen(game.events)
    from textual.app import App

    class Harness(App[None]):
        def on_mount(self) -> None:
            self.push_screen(screen)

    async with Harness().run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        timeline = screen.query_one("#review-timeline", OptionList)
        first_turn = str(timeline.get_option_at_index(1).prompt)
        assert "Round 1" in first_turn and "Ann" in first_turn
        assert "1. 6 6 6 2 2" in first_turn
        assert "2. 6 6 6 6 3  kept 6 6 6" in first_turn
        assert "Chance 22 taken back" in first_turn
        assert "→ Sixes 24" in first_turn
        # The take-back stands after the throw it was written from, not after the last one.
        lines = [line.strip() for line in first_turn.splitlines()]
        taken = next(i for i, line in enumerate(lines) if "taken back" in line)
        assert lines[taken - 1].startswith("1. 6 6 6 2 2")
        assert lines[taken + 1].startswith("2. 6 6 6 6 3")
        assert lines[-1] == "→ Sixes 24"
        # A game still being played ends with its turn in progress, not "Game over".
        assert screen.steps[-1].kind == "turn"
        assert not screen.final.finished


async def test_a_bonus_shows_with_the_write_that_earned_it(store) -> None:
    game = Game.new("yahtzee", [Player(name="Ann")], seed=1, real_dice=True)
    for face in range(1, 7):
        game.throw(dice=[face] * 4 + [1 if face != 1 else 2])
        game.write(["ones", "twos", "threes", "fours", "fives", "sixes"][face - 1])
    upper = [e for e in game.events if isinstance(e, ev.BonusAwarded)]
    assert upper and upper[0].bonus == "upper_bonus"
    screen = ReviewScreen(game.events)
    from textual.app import App

    class Harness(App[None]):
        def on_mount(self) -> None:
            self.push_screen(screen)

    async with Harness().run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        timeline = screen.query_one("#review-timeline", OptionList)
        sixes = str(timeline.get_option_at_index(6).prompt)
        assert f"+{upper[0].points} {upper[0].label}" in sixes


async def test_narrow_terminal_shows_one_pane_at_a_time(store) -> None:
    (game_id,) = add_games(store, 1, tables=[("Ann", "Bob", "Cy", "Dee")])
    app = history_app(store, game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        sheet = screen.query_one(ReviewSheet)
        timeline = screen.query_one("#review-side")  # the timeline and its frame
        now = screen.query_one("#review-now")
        assert screen.single
        assert sheet.display and not timeline.display
        await pilot.press("home", "right")
        assert "Round 1, Ann:" in str(now.render())
        await pilot.press("t")
        assert timeline.display and not sheet.display
        await pilot.press("right")  # still steps through the turns
        assert screen.position == 2
        await pilot.press("t")
        assert sheet.display and "Round 1, Bob:" in str(now.render())


async def test_a_roomy_terminal_shows_the_turn_with_its_dice(store) -> None:
    (game_id,) = add_games(store, 1, tables=[("Ann", "Bob")])
    app = history_app(store, game_id)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        detail = screen.query_one("#review-detail")
        assert not screen.single and detail.display
        await pilot.press("home", "right")
        turn = screen.step.turn
        await wait_for(pilot, lambda: f"Throw {len(turn.throws)}" in str(detail.render()))
        text = str(detail.render())
        assert f"Throw {len(turn.throws)}" in text
        assert "┌───────┐" in text  # the dice drawn
        assert screen.query_one(ReviewSheet).display
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: not detail.display)  # the resize reaches the screen
