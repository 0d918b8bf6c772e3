"""Hints (`h`) and the coach at the table, checked against the solver's policy."""

from __future__ import annotations

import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.bots.policy import Policy, positions_of
from dicepoker_tui.families.scoresheet.views.solver_status import SolverStatus
from dicepoker_tui.families.scoresheet.views.table import TableScreen
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.common.dice import DiceRow, Die

from .helpers import box_list, make_app, messages, move_cursor_to, table, wait_for

VARIANT = "dice-poker"  # its table builds in well under a second


def solo(seed: int) -> GameSetup:
    return GameSetup(variant=VARIANT, seats=(Player(name="Ann"),), seed=seed)


async def coached_table(pilot, app, seed: int, threshold: float) -> None:
    """A solo table whose seat is coached with `threshold`."""
    game = solo(seed).new_game()
    app.push_screen(TableScreen(game, {}, 0, kept=False, coach={0: threshold}))
    await pilot.pause()


def coach_notes(app) -> list[str]:
    return [str(n.message) for n in app._notifications if (n.title or "").startswith("Coach")]


def test_setup_coaches_only_human_seats() -> None:
    seats = (Player(name="Ann"), Player(name="Bot", kind="bot", level="optimal"), Player(name="Cy"))
    setup = GameSetup(variant=VARIANT, seats=seats, coach=(1.0, 2.0))
    assert setup.coach_thresholds() == {0: 1.0}


async def policy_ready(pilot, app) -> Policy:
    status = table(app).query_one(SolverStatus)
    status.start()
    await wait_for(pilot, lambda: status.policy is not None)
    return status.policy


async def test_hint_before_the_first_throw_asks_for_dice() -> None:
    app = make_app(solo(3))
    async with app.run_test() as pilot:
        await policy_ready(pilot, app)
        await pilot.press("h")
        assert any("Throw first" in m for m in messages(app))
        assert table(app).query_one(DiceRow).hint == ()


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
async def test_hint_marks_the_policys_best_keep_or_box(seed: int) -> None:
    app = make_app(solo(seed))
    async with app.run_test() as pilot:
        policy = await policy_ready(pilot, app)
        game = table(app).game
        await pilot.press("space")
        while True:
            best = policy.options_for(game.state)[0]
            await pilot.press("h")
            dice_row = table(app).query_one(DiceRow)
            assert any(m.startswith("Best:") for m in messages(app))
            if best.action == "write":
                assert dice_row.hint == ()
                assert box_list(app).cursor_box == best.box
                break
            want = positions_of(game.state.turn.dice, best.keep)
            assert dice_row.hint == want
            assert [d.hinted for d in dice_row.query(Die)] == [i in want for i in range(5)]
            for i in range(5):  # hold exactly the hinted dice and throw
                if game.state.turn.held[i] != (i in want):
                    await pilot.press(str(i + 1))
            await pilot.press("space")
            assert dice_row.hint == ()  # a new throw clears the mark


async def test_hint_with_no_throws_left_shows_a_write() -> None:
    app = make_app(solo(5))
    async with app.run_test() as pilot:
        policy = await policy_ready(pilot, app)
        game = table(app).game
        while game.throws_left():
            await pilot.press("space")
        best = policy.options_for(game.state)[0]
        assert best.action == "write"
        await pilot.press("h")
        assert box_list(app).cursor_box == best.box
        assert any(f"expected total {best.expected:.1f}" in m for m in messages(app))


def costly_write(policy: Policy, game) -> tuple[str, float]:
    """A write of the current turn that gives up some points, and how many."""
    options = [o for o in policy.options_for(game.state) if o.action == "write" and o.loss > 0.5]
    option = options[len(options) // 2]
    return option.box, option.loss


@pytest.mark.parametrize("above", [True, False])
async def test_coach_notes_only_losses_above_the_threshold(above: bool) -> None:
    seed = 7
    probe = make_app(solo(seed))
    async with probe.run_test() as pilot:
        policy = await policy_ready(pilot, probe)
        await pilot.press("space")
        box, loss = costly_write(policy, table(probe).game)
    threshold = loss - 0.25 if above else loss + 0.25
    app = DicePokerApp(None, bot_pace=0, keep_history=False)  # no resume offer
    async with app.run_test() as pilot:
        await coached_table(pilot, app, seed, threshold)
        await policy_ready(pilot, app)
        await pilot.press("space")
        await move_cursor_to(pilot, app, box)
        await pilot.press("enter")
        await pilot.pause()
        notes = coach_notes(app)
        if above:
            assert len(notes) == 1
            assert f"gave up {loss:.1f}" in notes[0]
        else:
            assert notes == []


async def test_coach_stays_quiet_after_best_moves() -> None:
    app = DicePokerApp(None, bot_pace=0, keep_history=False)  # no resume offer
    async with app.run_test() as pilot:
        await coached_table(pilot, app, 9, 0.0)
        policy = await policy_ready(pilot, app)
        game = table(app).game
        await pilot.press("space")
        while True:
            best = policy.options_for(game.state)[0]
            if best.action == "write":
                await move_cursor_to(pilot, app, best.box)
                await pilot.press("enter")
                break
            want = positions_of(game.state.turn.dice, best.keep)
            for i in range(5):
                if game.state.turn.held[i] != (i in want):
                    await pilot.press(str(i + 1))
            await pilot.press("space")
        await pilot.pause()
        assert coach_notes(app) == []


async def test_the_lobbys_coach_reaches_the_table() -> None:
    setup = GameSetup(
        variant=VARIANT,
        seats=(Player(name="Ann"), Player(name="Bob")),
        seed=1,
        coach=(None, 2.0),
    )
    app = make_app(setup)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert table(app).coach_thresholds == {1: 2.0}


async def test_a_hint_asked_for_while_the_solver_loads_follows_by_itself() -> None:
    """`h` before the table is in shows the wait, then the hint once it is (no second `h`)."""
    app = make_app(solo(2))
    async with app.run_test() as pilot:
        status = table(app).query_one(SolverStatus)
        if status.started:  # already loaded here once: as if it had not been
            await wait_for(pilot, lambda: status.policy is not None, rounds=3000)
            status.policy, status.started = None, False
        await pilot.press("space")
        await pilot.press("h")
        await wait_for(pilot, lambda: status.policy is not None, rounds=3000)
        await wait_for(pilot, lambda: any("expected" in m.lower() for m in messages(app)))
        assert table(app).query_one(DiceRow).hint != ()


async def test_a_hint_marks_the_held_dice_to_let_go() -> None:
    """Every die held, a hint to keep some: the others are labelled ROLL, not HELD."""
    app = make_app(solo(2))
    async with app.run_test(size=(80, 24)) as pilot:
        policy = await policy_ready(pilot, app)
        game = table(app).game
        dice_row = table(app).query_one(DiceRow)
        for _ in range(30):  # turns until the best choice after a throw is a keep of some
            await pilot.press("space")
            best = policy.options_for(game.state)[0]
            if best.action != "write" and 0 < len(best.keep) < 5:
                break
            await pilot.press("h", "enter")
        want = positions_of(game.state.turn.dice, best.keep)
        for i in range(5):
            if not game.state.turn.held[i]:
                await pilot.press(str(i + 1))
        assert all(game.state.turn.held)
        await pilot.press("h")
        dice = list(dice_row.query(Die))
        assert [d.release for d in dice] == [i not in want for i in range(5)]
        labels = [str(d.render()).splitlines()[-1].strip() for d in dice]
        for i, label in enumerate(labels):
            assert label == (f"{i + 1} HELD" if i in want else f"{i + 1} ROLL"), labels
        let_go = next(i for i in range(5) if i not in want)
        await pilot.press(str(let_go + 1))
        assert not game.state.turn.held[let_go]
        assert str(dice[let_go].render()).splitlines()[-1].strip() == str(let_go + 1)
        await pilot.press("space")
        assert not any(d.release for d in dice)  # a new throw clears the marks
