"""A finished (or unfinished) game told turn by turn, for reviewing it.

`timeline(events)` lists every turn: each throw with the dice kept, the box written
and its points, the bonuses that followed, and writes that were taken back. Each turn
carries `upto`, the number of events after it, so `replay(events[:turn.upto])` is the
game just after that turn: a reader stepping through the turns sees the sheet fill up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from dicepoker_tui.families.scoresheet.rules import events as ev


@dataclass(frozen=True)
class ThrowStep:
    """One throw of a turn."""

    number: int
    dice: tuple[int, ...]
    kept: tuple[int, ...] = field(metadata={"doc": "0-based positions that stayed."})
    from_bank: bool = False


@dataclass(frozen=True)
class WriteStep:
    """A write into a box, with the bonuses it brought."""

    box: str
    points: int
    dice: tuple[int, ...]
    joker: bool
    bonuses: tuple[tuple[str, str, int], ...] = field(
        default=(), metadata={"doc": "(bonus id, label, points) in the order awarded."}
    )
    after_throw: int = field(
        default=0, metadata={"doc": "How many throws the turn had when this was written."}
    )


@dataclass
class Turn:
    """One player's turn: throws, then the write that ended it (None while in progress)."""

    player: int
    round: int
    throws: list[ThrowStep] = field(default_factory=list)
    write: WriteStep | None = None
    undone: list[WriteStep] = field(
        default_factory=list, metadata={"doc": "Writes taken back during this turn."}
    )
    upto: int = 0
    """How many events the game has once this turn is over (or so far)."""


@dataclass
class Timeline:
    """The turns of a game and what was added when it ended."""

    turns: list[Turn] = field(default_factory=list)
    final_bonuses: list[tuple[int, str, str, int]] = field(
        default_factory=list, metadata={"doc": "(seat, bonus id, label, points) at the end."}
    )
    finished: bool = False


def timeline(events: Sequence[ev.Event]) -> Timeline:
    """The game of `events`, turn by turn."""
    result = Timeline()
    turns = result.turns
    # Turns that a write started, so an undo can reopen the turn before them.
    started_by_write: set[int] = set()
    after_last_write = False
    for n, event in enumerate(events, start=1):
        current = turns[-1] if turns else None
        match event:
            case ev.TurnStarted():
                if current is not None and current.write is not None:
                    started_by_write.add(len(turns))
                turns.append(Turn(player=event.player, round=event.round, upto=n))
                after_last_write = False
            case ev.DiceThrown() if current is not None:
                current.throws.append(
                    ThrowStep(event.throw, tuple(event.dice), tuple(event.kept), event.from_bank)
                )
            case ev.BoxWritten() if current is not None:
                current.write = WriteStep(
                    event.box,
                    event.points,
                    tuple(event.dice),
                    event.joker,
                    after_throw=len(current.throws),
                )
                after_last_write = True
            case ev.BonusAwarded():
                if (
                    after_last_write
                    and current is not None
                    and current.write is not None
                    and current.player == event.player
                ):
                    bonus = (event.bonus, event.label, event.points)
                    current.write = _with_bonus(current.write, bonus)
                else:
                    result.final_bonuses.append(
                        (event.player, event.bonus, event.label, event.points)
                    )
            case ev.ThrowsBanked() | ev.StageFinished():
                after_last_write = False  # bonuses from here on are the game's final ones
            case ev.WriteUndone():
                last = len(turns) - 1
                if current is not None and current.write is None and last in started_by_write:
                    started_by_write.discard(last)
                    turns.pop()  # the turn the undone write had started never happened
                reopened = turns[-1] if turns else None
                if reopened is not None and reopened.write is not None:
                    reopened.undone.append(reopened.write)
                    reopened.write = None
            case ev.GameFinished():
                result.finished = True
        if turns:
            turns[-1].upto = n
    return result


def _with_bonus(write: WriteStep, bonus: tuple[str, str, int]) -> WriteStep:
    return WriteStep(
        write.box, write.points, write.dice, write.joker, (*write.bonuses, bonus), write.after_throw
    )
