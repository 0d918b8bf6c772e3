"""Helpers that set up sheets by playing real games through the engine with real dice."""

from __future__ import annotations

from collections.abc import Sequence

from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def real_game(variant: str, players: int = 1) -> Game:
    """A new game with real dice: every throw names its values."""
    return Game.new(variant, list(NAMES[:players]), seed=1, real_dice=True)


def dice(text: str) -> list[int]:
    """`"33631"` -> [3, 3, 6, 3, 1]."""
    return [int(ch) for ch in text]


def turn(game: Game, *throws: str, box: str) -> list[ev.Event]:
    """Throw each roll in order (later throws re-throw all five), then write into `box`."""
    game.throw(dice=dice(throws[0]))
    for later in throws[1:]:
        game.throw(keep=[], dice=dice(later))
    return game.write(box)


def fill(game: Game, writes: Sequence[tuple[str, str]]) -> None:
    """Play (box, roll) pairs as one-throw turns of the player to act."""
    for box, roll in writes:
        turn(game, roll, box=box)


def of(events: Sequence[ev.Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def bonuses(events: Sequence[ev.Event]) -> dict[str, int]:
    """Bonus id -> points awarded in `events`."""
    out: dict[str, int] = {}
    for e in of(events, ev.BonusAwarded):
        out[e.bonus] = out.get(e.bonus, 0) + e.points
    return out


def written(events: Sequence[ev.Event]) -> ev.BoxWritten:
    (event,) = of(events, ev.BoxWritten)
    return event
