"""Scripted games for the store tests: every decision depends only on (seed, events so far),

so a game resumed from its stored events goes on exactly as the uninterrupted one.
"""

from __future__ import annotations

import random

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.rules.game import Game

PLAYERS = [Player(name="Ann"), Player(name="Bot", kind="bot", level="novice")]


def new_game(variant: str, seed: int, real_dice: bool = False, players=None) -> Game:
    return Game.new(variant, players or PLAYERS, seed=seed, real_dice=real_dice)


def step(game: Game, script: int) -> None:
    """One command: a hold, a throw, a write or an undo, chosen from the state alone."""
    rng = random.Random(f"{script}/{len(game.events)}")
    state = game.state
    turn = state.turn
    assert turn is not None
    if state.undo is not None and turn.dice is None and rng.random() < 0.08:
        game.undo()
        return
    if turn.dice is None:
        _throw(game, rng, [])
        return
    roll = rng.random()
    if roll < 0.15:
        game.hold(rng.randrange(5))
        return
    if game.throws_left() and roll < 0.65:
        _throw(game, rng, [i for i in range(5) if rng.random() < 0.5][:4])
        return
    options = game.preview()
    if rng.random() < 0.7:
        box = max(sorted(options), key=options.__getitem__)
    else:
        box = rng.choice(sorted(options))
    game.write(box)


def _throw(game: Game, rng: random.Random, keep: list[int]) -> None:
    turn = game.state.turn
    assert turn is not None
    if not game.state.real_dice:
        game.throw(keep=keep)
        return
    old = turn.dice or (0,) * 5
    game.throw(keep=keep, dice=[old[i] if i in keep else rng.randint(1, 6) for i in range(5)])


def play(game: Game, script: int, steps: int | None = None) -> Game:
    """Play on to the end (or for `steps` commands)."""
    done = 0
    while not game.finished and (steps is None or done < steps):
        step(game, script)
        done += 1
    return game


def finished_game(variant: str, seed: int, real_dice: bool = False, players=None) -> Game:
    return play(new_game(variant, seed, real_dice, players), seed)
