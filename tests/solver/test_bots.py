"""The solver's bot levels in the registry, playing real games through the engine."""

from __future__ import annotations

import pytest

from dicepoker_tui.families.scoresheet.bots.analysis import analyze_events
from dicepoker_tui.families.scoresheet.bots.bots import KeepAndThrow, WriteBox
from dicepoker_tui.families.scoresheet.bots.levels import bot_levels, make_bot
from dicepoker_tui.families.scoresheet.rules.game import Game

LEVELS = ("optimal", "strong", "casual", "novice")


def play(variant: str, levels: list[str], seed: int) -> Game:
    game = Game.new(variant, [f"P{i}" for i in range(len(levels))], seed=seed)
    bots = [make_bot(level, seed + i) for i, level in enumerate(levels)]
    while not game.finished:
        action = bots[game.current].choose(game.state, game.variant)
        if isinstance(action, WriteBox):
            game.write(action.box)
        else:
            assert isinstance(action, KeepAndThrow)
            game.throw(keep=action.keep)
    return game


def test_levels_are_registered() -> None:
    assert set(LEVELS) <= set(bot_levels())


@pytest.mark.slow
@pytest.mark.parametrize(
    "variant", ["yahtzee", "yahtzee-free-joker", "yatzy", "dice-poker", "dice-poker-bank"]
)
def test_every_level_plays_a_whole_game_legally(solved, variant: str) -> None:
    solved(variant)
    game = play(variant, list(LEVELS), seed=21)
    assert all(len(s.scores) == len(game.variant.box_ids) for s in game.state.sheets)


@pytest.mark.slow
def test_analysis_of_a_game(solved) -> None:
    solved("yahtzee")
    game = play("yahtzee", ["optimal", "novice"], seed=5)
    analysis = analyze_events(game.events)
    best, weak = analysis.players
    assert best.given_up == pytest.approx(0, abs=1e-3) and best.best_share == 1.0
    assert weak.given_up > 5 and weak.best_share < 1.0
    for p in analysis.players:
        assert p.final == game.state.sheets[p.player].total
        assert p.luck == pytest.approx(p.final - (p.expected_start - p.given_up))
    # every write and every re-throw of the game is one decision
    writes = sum(len(s.scores) for s in game.state.sheets)
    assert sum(d.action == "write" for d in analysis.decisions) == writes
    assert all(d.loss >= 0 and d.best is not None for d in analysis.decisions)


@pytest.mark.slow
def test_an_undone_write_is_not_a_decision(solved) -> None:
    solved("yahtzee")
    game = Game.new("yahtzee", ["Ann"], seed=2, real_dice=True)
    game.throw(dice=[1, 1, 1, 1, 1])
    game.write("chance")
    game.undo()
    game.write("yahtzee")
    decisions = analyze_events(game.events).decisions
    assert [(d.action, d.box) for d in decisions] == [("write", "yahtzee")]
    assert decisions[0].is_best
