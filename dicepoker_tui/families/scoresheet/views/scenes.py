"""Seeded scenes of the scoresheet tables (Yahtzee, Yatzy, dice poker): tables, sheets at
the end, help, hand-over, real dice, some of them in the other languages. The snapshot
tests check them and `make screenshots` saves them as SVG, with the history's scenes
(`history_scenes`)."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Sequence
from pathlib import Path

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.bots.bots import KeepAndThrow
from dicepoker_tui.families.scoresheet.bots.levels import make_bot
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.views.history_scenes import save_all as save_history
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.scenes.scene import Scene, app, keys, shoot


def finished_game(variant: str, names: Sequence[str], seed: int) -> Game:
    """A whole game, every seat played by the heuristic bot (for end-of-game pictures)."""
    game = Game.new(variant, list(names), seed=seed)
    bots = [make_bot("heuristic", seed=seed + i) for i in range(len(names))]
    while not game.finished:
        action = bots[game.current].choose(game.state, game.variant)
        if isinstance(action, KeepAndThrow):
            game.throw(keep=list(action.keep) if game.state.turn.dice else None)
        else:
            game.write(action.box)
    return game


def finished_game_prefix(variant: str, players: Sequence[Player], seed: int, writes: int) -> Game:
    """A game `writes` writes in, every seat so far played by the heuristic bot."""
    game = Game.new(variant, list(players), seed=seed)
    bots = [make_bot("heuristic", seed=seed + i) for i in range(len(players))]
    done = 0
    while done < writes and not game.finished:
        action = bots[game.current].choose(game.state, game.variant)
        if isinstance(action, KeepAndThrow):
            game.throw(keep=list(action.keep) if game.state.turn.dice else None)
        else:
            game.write(action.box)
            done += 1
    return game


ANN_AND_BOT = (Player(name="Ann"), Player(name="Bot 1", kind="bot", level="heuristic"))
THREE = (
    Player(name="Ann"),
    Player(name="Bob"),
    Player(name="Bot 1", kind="bot", level="heuristic"),
)

SCENES: tuple[Scene, ...] = (
    Scene(
        "table-yahtzee",
        (80, 24),
        lambda s: app(GameSetup("yahtzee", ANN_AND_BOT, seed=12), settings=s),
        keys("r", "enter", "r", "j", "enter", "r", "2", "4", wait_for_humans=True),
    ),
    Scene(
        "table-dice-poker",
        (80, 24),
        lambda s: app(GameSetup("dice-poker-bank", ANN_AND_BOT, seed=5), settings=s),
        keys("r", "enter", "r", "1", "3", "r", wait_for_humans=True),
    ),
    Scene(
        "table-wide",
        (200, 60),
        lambda s: app(
            game=finished_game_prefix("dice-poker", THREE, seed=21, writes=21), settings=s
        ),
        keys("enter", "r", "1", "2", "3"),
    ),
    Scene(
        "sheet-yahtzee-end",
        (80, 24),
        lambda s: app(game=finished_game("yahtzee", ["Ann", "Bob"], seed=4), settings=s),
    ),
    Scene(
        "sheet-dice-poker-end",
        (80, 24),
        lambda s: app(game=finished_game("dice-poker", ["Ann", "Bob", "Cy"], seed=7), settings=s),
    ),
    Scene(
        "help",
        (80, 24),
        lambda s: app(GameSetup("dice-poker", seed=1), settings=s),
        keys("question_mark"),
    ),
    Scene(
        "handover",
        (80, 24),
        lambda s: app(
            GameSetup("yatzy", (Player(name="Ann"), Player(name="Bob")), seed=2), settings=s
        ),
        keys("enter", "r", "enter"),
    ),
    Scene(
        "real-dice",
        (80, 24),
        lambda s: app(GameSetup("yahtzee", seed=3, real_dice=True), settings=s),
        keys("r", "3", "3", "3", "5", "5"),
    ),
)

TRANSLATED_SCENES: tuple[Scene, ...] = (  # some of the same scenes in the other languages
    Scene(
        "uk-table-yahtzee",
        (80, 24),
        lambda s: app(GameSetup("yahtzee", ANN_AND_BOT, seed=12), settings=s),
        keys("r", "enter", "r", "j", "enter", "r", "2", "4", wait_for_humans=True),
        lang="uk",
    ),
    Scene(
        "uk-sheet-yahtzee-end",
        (80, 24),
        lambda s: app(game=finished_game("yahtzee", ["Ann", "Bob"], seed=4), settings=s),
        lang="uk",
    ),
    Scene(
        "hr-table-dice-poker",
        (80, 24),
        lambda s: app(GameSetup("dice-poker-bank", ANN_AND_BOT, seed=5), settings=s),
        keys("r", "enter", "r", "1", "3", "r", wait_for_humans=True),
        lang="hr",
    ),
    Scene(
        "de-sheet-yatzy-end",
        (80, 24),
        lambda s: app(game=finished_game("yatzy", ["Ann", "Bob"], seed=4), settings=s),
        lang="de",
    ),
)


def save_all(directory: Path) -> list[Path]:
    """Every scene of the scoresheet tables and of the history, saved in `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Path(tmp) / "settings.json"  # the default theme, whatever the user chose
        scenes = (*SCENES, *TRANSLATED_SCENES)
        saved = [asyncio.run(shoot(scene, directory, settings)) for scene in scenes]
    return saved + save_history(directory)
