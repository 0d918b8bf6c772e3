"""Helpers for driving the app with Pilot and checking it against a plain engine game."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.views.boxes import BoxList
from dicepoker_tui.families.scoresheet.views.table import TableScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp


def make_app(setup: GameSetup | None = None) -> DicePokerApp:
    """An app with instant bots."""
    return DicePokerApp(setup, bot_pace=0)


def table(app: DicePokerApp) -> TableScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError(f"no table on the screen stack: {app.screen_stack}")


def box_list(app: DicePokerApp) -> BoxList:
    return table(app).query_one(BoxList)


def messages(app: DicePokerApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def wait_for(pilot: Pilot, condition: Callable[[], bool], rounds: int = 400) -> None:
    """Let the app run (timers, workers) until `condition` holds."""
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("the app never reached the expected state")


async def move_cursor_to(pilot: Pilot, app: DicePokerApp, box: str) -> None:
    """Press j/k (as a player would) until the box cursor is on `box`."""
    boxes = box_list(app)
    ids = [boxes.get_option_at_index(i).id for i in range(boxes.option_count)]
    assert box in ids, f"{box} is not offered: {ids}"
    for _ in range(len(ids) * 2):
        current = boxes.cursor_box
        if current == box:
            return
        key = "j" if ids.index(box) > ids.index(current) else "k"
        await pilot.press(key)
    assert boxes.cursor_box == box


def reexecute(events: list[ev.Event]) -> Game:
    """Play the recorded decisions again on a fresh engine game (independent of the app)."""
    start = events[0]
    assert isinstance(start, ev.GameStarted)
    game = Game.new(start.variant, start.players, seed=start.seed, real_dice=start.real_dice)
    for event in events[2:]:
        match event:
            case ev.DiceThrown():
                game.throw(keep=event.kept, dice=list(event.dice) if start.real_dice else None)
            case ev.DiceHeld():
                game.hold(event.index, held=event.held)
            case ev.BoxWritten():
                game.write(event.box)
            case ev.WriteUndone():
                game.undo()
    return game
