"""A constructed two-player endgame where playing to win and playing for points differ.

Dice poker with real dice: every box written for 0 (both stage-1 bonuses won), Bo
ends with 29 in Chance, and Ann, with only Chance open and 29 to beat, throws 6 6 5 5 4.
For points she keeps 6 6 5 5; only five sixes (30) win, so to win she keeps 6 6."""

from __future__ import annotations

from itertools import combinations_with_replacement

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.variants.base import WriteContext

VARIANT = "dice-poker"
LONG_SHOT = (6, 6, 5, 5, 4)
ROLLS = list(combinations_with_replacement(range(1, 7), 5))


def _zero_roll(game: Game, box: str) -> list[int]:
    variant = game.variant
    sheet = game.state.sheets[game.state.turn.player]
    ctx = WriteContext(sheet=sheet, throws=1)
    return list(next(r for r in ROLLS if variant.score(box, r, ctx) == 0 and len(set(r)) > 1))


def endgame(players: tuple[Player, Player] | None = None) -> Game:
    """Bo (seat 0) finished with 29 and a stage bonus; Ann (seat 1) to play, Chance
    open, one throw made showing `LONG_SHOT`."""
    players = players or (Player(name="Bo"), Player(name="Ann"))
    game = Game.new(VARIANT, list(players), seed=1, real_dice=True)
    boxes = [b for b in game.variant.box_ids if b != "chance"]
    for box in boxes:
        for _seat in range(2):
            game.throw(dice=_zero_roll(game, box))
            game.write(box)
    game.throw(dice=[6, 6, 6, 6, 5])
    game.write("chance")
    game.throw(dice=list(LONG_SHOT))
    return game
