"""Whole games played through the keys, checked against a plain engine game."""

from __future__ import annotations

import random

import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.rules.game import Game, replay
from dicepoker_tui.families.scoresheet.rules.variants import all_variants
from dicepoker_tui.families.scoresheet.views.real_dice import RealDiceScreen
from dicepoker_tui.families.scoresheet.views.scoresheet import ScoresheetScreen
from dicepoker_tui.families.scoresheet.views.sheet import SheetTable
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.common.handover import HandoverScreen

from .helpers import box_list, make_app, move_cursor_to, reexecute, table, wait_for

VARIANTS = [v.id for v in all_variants()]


def best_box(game: Game) -> str:
    preview = game.preview()
    return max(game.variant.box_ids, key=lambda b: (b in preview, preview.get(b, -999)))


def shown_points(app) -> dict[str, int]:
    return {r.box: r.points for r in box_list(app).rows if r.legal}


async def play_turn(pilot, app, ref: Game, rng: random.Random) -> None:
    """One human turn by keys, mirrored on `ref`."""
    await pilot.press(rng.choice(["r", "space"]))
    ref.throw()
    while ref.throws_left() and rng.random() < 0.6:
        for i in sorted(rng.sample(range(5), rng.randint(0, 4))):
            await pilot.press(str(i + 1))
            ref.hold(i)
        if all(ref.state.turn.held):
            break
        await pilot.press("r")
        ref.throw()
    assert shown_points(app) == ref.preview()
    target = best_box(ref)
    await move_cursor_to(pilot, app, target)
    await pilot.press("enter")
    ref.write(target)


async def final_totals(pilot, app) -> list[str]:
    """The totals row of the result sheet, once the sheet has been filled in."""

    def filled() -> bool:
        tables = app.screen.query(SheetTable)
        return bool(tables) and "total" in tables.first().rows

    await wait_for(pilot, filled)
    sheet = app.screen.query_one(SheetTable)
    return [str(cell) for cell in sheet.get_row("total")[1:]]


@pytest.mark.parametrize("variant", VARIANTS)
async def test_solo_game_by_keys_matches_engine(variant: str) -> None:
    setup = GameSetup(variant=variant, seats=(Player(name="Ann"),), seed=11)
    ref = Game.new(variant, ["Ann"], seed=11)
    rng = random.Random(variant)
    app = make_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = table(app).game
        while not ref.finished:
            await play_turn(pilot, app, ref, rng)
            assert game.state.sheets == ref.state.sheets
        await wait_for(pilot, lambda: isinstance(app.screen, ScoresheetScreen))
        assert await final_totals(pilot, app) == [str(s.total) for s in ref.state.sheets]
    assert game.state == ref.state
    assert replay(game.events) == game.state


@pytest.mark.parametrize("variant", ["dice-poker-bank"])  # stages, bank; solo covers the rest
async def test_two_humans_hot_seat_with_hand_over(variant: str) -> None:
    setup = GameSetup(variant=variant, seats=(Player(name="Ann"), Player(name="Bob")), seed=5)
    ref = Game.new(variant, ["Ann", "Bob"], seed=5)
    rng = random.Random(5)
    handovers = 0
    undone = False
    app = make_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = table(app).game
        while not ref.finished:
            assert isinstance(app.screen, HandoverScreen)
            assert app.screen.player_name == ref.state.players[ref.current].name
            handovers += 1
            if not undone and ref.state.turn.round == 2 and ref.current == 1:
                await pilot.press("u")  # Ann takes back her write from the hand-over screen
                ref.undo()
                undone = True
                assert not isinstance(app.screen, HandoverScreen)
                assert game.state.turn == ref.state.turn
                await play_turn(pilot, app, ref, rng)
                continue
            await pilot.press("enter")
            await play_turn(pilot, app, ref, rng)
        await wait_for(pilot, lambda: isinstance(app.screen, ScoresheetScreen))
        assert await final_totals(pilot, app) == [str(s.total) for s in ref.state.sheets]
    assert undone
    assert handovers == 2 * len(game.variant.boxes) + 1  # one more for the undone turn
    assert game.state.sheets == ref.state.sheets
    assert game.state.standings == ref.state.standings


@pytest.mark.parametrize("variant", VARIANTS)
async def test_human_and_bot(variant: str) -> None:
    seats = (Player(name="Ann"), Player(name="Bot 1", kind="bot", level="heuristic"))
    app = make_app(GameSetup(variant=variant, seats=seats, seed=3))
    rng = random.Random(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = table(app).game
        while not game.finished:
            mirror = Game.from_events(game.events)
            await play_turn(pilot, app, mirror, rng)
            assert game.state.sheets[0].scores == mirror.state.sheets[0].scores
            await wait_for(pilot, lambda: game.finished or game.current == 0)
        await wait_for(pilot, lambda: isinstance(app.screen, ScoresheetScreen))
        assert await final_totals(pilot, app) == [str(s.total) for s in game.state.sheets]
    bot_events = [e for e in game.events if getattr(e, "player", None) == 1]
    assert sum(e.type == "box_written" for e in bot_events) == len(game.variant.boxes)
    assert not any(e.type == "box_written" for e in bot_events if e.player == 0)
    assert reexecute(list(game.events)).state == game.state


@pytest.mark.parametrize("variant", ["yahtzee", "dice-poker"])
async def test_real_dice_mode(variant: str) -> None:
    setup = GameSetup(variant=variant, seats=(Player(name="Ann"),), seed=1, real_dice=True)
    ref = Game.new(variant, ["Ann"], seed=1, real_dice=True)
    rng = random.Random(9)
    app = make_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = table(app).game
        while not ref.finished:
            await pilot.press("r")
            assert isinstance(app.screen, RealDiceScreen)
            dice = [rng.randint(1, 6) for _ in range(5)]
            await pilot.press(*[str(d) for d in dice], "enter")
            ref.throw(dice=dice)
            if rng.random() < 0.5:  # keep two dice, type only the three thrown
                await pilot.press("1", "3", "r")
                ref.hold(0)
                ref.hold(2)
                fresh = [rng.randint(1, 6) for _ in range(3)]
                await pilot.press(*[str(d) for d in fresh], "enter")
                ref.throw(dice=[dice[0], fresh[0], dice[2], fresh[1], fresh[2]])
            assert game.state.turn.dice == ref.state.turn.dice
            assert shown_points(app) == ref.preview()
            target = best_box(ref)
            await move_cursor_to(pilot, app, target)
            await pilot.press("enter")
            ref.write(target)
        await wait_for(pilot, lambda: isinstance(app.screen, ScoresheetScreen))
        assert await final_totals(pilot, app) == [str(s.total) for s in ref.state.sheets]
    assert game.state == ref.state


async def test_r_and_enter_only_reach_the_result_screen() -> None:
    app = make_app(GameSetup(variant="yahtzee", seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = table(app).game
        for _ in range(13):
            await pilot.press("r", "r", "r", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoresheetScreen))
        assert game.finished
        assert [e.box for e in game.events if e.type == "box_written"] == list(game.variant.box_ids)
