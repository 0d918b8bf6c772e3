"""Help "best for winning": the hint shows both best moves with their chances to win, the
coach judges by the chance to win, the review's analysis adds each decision's cost in
chance to win; alone nothing changes."""

from __future__ import annotations

import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.bots.analysis import analyze_events
from dicepoker_tui.families.scoresheet.bots.policy import Policy
from dicepoker_tui.families.scoresheet.solver.spread import get_spread
from dicepoker_tui.families.scoresheet.views.solver_status import SolverStatus
from dicepoker_tui.families.scoresheet.views.win_hints import win_hint_for
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.common.dice import DiceRow
from dicepoker_tui.ui.common.settings import load_settings

from .helpers import messages, table, wait_for
from .win_endgame import VARIANT, endgame

BO = Player(name="Bo", kind="bot", level="optimal")
ANN = Player(name="Ann")


def hint_notes(app) -> list[str]:
    return [str(n.message) for n in app._notifications if n.title == "Hint"]


def coach_notes(app) -> list[str]:
    return [str(n.message) for n in app._notifications if (n.title or "").startswith("Coach")]


async def ready(pilot, app) -> SolverStatus:
    status = table(app).query_one(SolverStatus)
    status.start()
    await wait_for(pilot, lambda: status.policy is not None, rounds=3000)
    return status


def test_the_hint_for_winning_names_both_best_moves_with_their_chances() -> None:
    game = endgame((BO, ANN))
    spread = get_spread(game.variant)
    hint = win_hint_for(Policy(spread.table), spread, game.state)
    lines = hint.text.splitlines()
    assert lines[0].startswith("Best for winning: keep 6 6, throw 3 · chance to win ")
    assert lines[1].startswith("Best for the score: keep 5 5 6 6, throw 1 · chance to win ")
    assert "expected total" in lines[1]
    assert hint.keep == (0, 1)  # the dice of the long shot are marked


async def test_the_table_hints_and_coaches_for_winning_when_set(tmp_path) -> None:
    app = DicePokerApp(None, bot_pace=0, keep_history=False, settings_file=tmp_path / "s.json")
    async with app.run_test() as pilot:
        app.set_help_to_win(True)
        assert load_settings(tmp_path / "s.json").help_goal == "win"
        app.open_game(endgame((BO, ANN)), coach={1: 1.0})
        await pilot.pause()
        status = await ready(pilot, app)
        assert status.spread_table is not None
        await pilot.press("h")
        await wait_for(pilot, lambda: hint_notes(app))
        text = hint_notes(app)[-1]
        assert "Best for winning: keep 6 6, throw 3 · chance to win" in text
        assert "Best for the score: keep 5 5 6 6, throw 1 · chance to win" in text
        assert table(app).query_one(DiceRow).hint == (0, 1)
        for key in "1234":  # keep 6 6 5 5 for points: the coach tells the chance it cost
            await pilot.press(key)
        table(app).game.throw(dice=[6, 6, 5, 5, 1])  # real dice: thrown on the table
        await wait_for(pilot, lambda: coach_notes(app))
        note = coach_notes(app)[-1]
        assert note.startswith("Best for winning was keep 6 6, throw 3 (chance to win ")
        assert "keep 5 5 6 6, throw 1 left" in note


async def test_for_the_score_the_hint_is_as_before(tmp_path) -> None:
    app = DicePokerApp(None, bot_pace=0, keep_history=False, settings_file=tmp_path / "s.json")
    async with app.run_test() as pilot:
        app.open_game(endgame((BO, ANN)))
        await pilot.pause()
        await ready(pilot, app)
        await pilot.press("h")
        await wait_for(pilot, lambda: hint_notes(app))
        assert hint_notes(app)[-1].startswith("Best: keep 5 5 6 6, throw 1 · expected total")


async def test_alone_help_to_win_changes_nothing(tmp_path) -> None:
    app = DicePokerApp(None, bot_pace=0, keep_history=False, settings_file=tmp_path / "s.json")
    async with app.run_test() as pilot:
        app.set_help_to_win(True)
        setup = GameSetup(variant=VARIANT, seats=(ANN,), seed=4)
        app.start_game(setup)
        await pilot.pause()
        assert not table(app).help_to_win
        await ready(pilot, app)
        await pilot.press("space")
        await pilot.press("h")
        await wait_for(pilot, lambda: hint_notes(app))
        assert hint_notes(app)[-1].startswith("Best: ")
        assert "chance to win" not in hint_notes(app)[-1]
        assert table(app).query_one(SolverStatus).spread_table is None


async def test_the_lobby_switch_is_remembered(tmp_path) -> None:
    path = tmp_path / "s.json"
    app = DicePokerApp(None, bot_pace=0, keep_history=False, settings_file=path)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        assert load_settings(path).help_goal == "win"
        assert any("chance to win" in m for m in messages(app))
        await pilot.press("w")
        await pilot.pause()
        assert load_settings(path).help_goal == "score"
    again = DicePokerApp(None, bot_pace=0, keep_history=False, settings_file=path)
    assert not again.help_to_win


@pytest.mark.parametrize("multi", [True, False])
def test_the_analysis_adds_the_chance_to_win_given_up(multi: bool) -> None:
    game = endgame((BO, ANN)) if multi else None
    if game is None:  # alone: the same long shot is not judged for winning
        game = GameSetup(variant=VARIANT, seats=(ANN,), seed=4).new_game()
        game.throw()
    game.hold(0), game.hold(1), game.hold(2), game.hold(3)
    game.throw(**({"dice": [6, 6, 5, 5, 1]} if multi else {}))
    spread = get_spread(game.variant)
    analysis = analyze_events(game.events, Policy(spread.table), spread)
    last = analysis.decisions[-1]
    if multi:
        assert last.win_loss == pytest.approx(last.win_best - last.win_chosen)
        assert last.win_loss > 0.01
        ann = analysis.players[1]
        assert ann.win_given_up == pytest.approx(sum(
            d.win_loss for d in analysis.decisions if d.player == 1))  # fmt: skip
    else:
        assert last.win_loss is None
        assert analysis.players[0].win_given_up is None
