"""Re-checking a recorded event log through the rules.

A log is rebuilt command by command: each hold, throw, write and undo it records is
issued again to a fresh engine (throws with the recorded dice), and what the rules
produce must be exactly what was recorded. Totals, bonuses and the end of the game
therefore cannot disagree with the moves that led to them.
"""

from __future__ import annotations

from collections.abc import Sequence

from dicepoker_tui.engine.dice import FACES, Dice, SeededDice
from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.families.scoresheet.rules import commands as cmd
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.variants.house import register_definition
from dicepoker_tui.families.scoresheet.rules.variants.house_file import HouseRuleError
from dicepoker_tui.families.scoresheet.rules.variants.registry import get_variant
from dicepoker_tui.i18n import _


class Inconsistent(ValueError):
    """A log the rules would not have produced; the message names the first bad event."""


class _RecordedDice:
    """Dice that come out as recorded, optionally checked against the game's seed."""

    def __init__(self, seed: int, check_seed: bool) -> None:
        self.seeded = SeededDice(seed) if check_seed else None
        self.next: Dice = ()
        self.label = ""

    def roll(self, count: int, key: int) -> Dice:
        fresh = self.next
        if len(fresh) != count:
            raise Inconsistent(
                _("{event} throws {thrown} dice where {count} were thrown").format(
                    event=self.label, thrown=len(fresh), count=count
                )
            )
        if any(v not in FACES for v in fresh):
            raise Inconsistent(_("{event} shows a die that is not 1-6").format(event=self.label))
        if self.seeded is not None and self.seeded.roll(count, key) != fresh:
            raise Inconsistent(
                _("{event} shows dice that do not come from the game's seed").format(
                    event=self.label
                )
            )
        return fresh


def recheck(events: Sequence[ev.Event], check_seed: bool = True) -> Game:
    """The game the log describes, rebuilt through the rules; `Inconsistent` if it cannot be.

    With `check_seed`, the dice of a game thrown by the table (not real dice) must be the
    ones its seed gives.
    """
    if not events or not isinstance(events[0], ev.GameStarted):
        raise Inconsistent(_("the events do not begin with game_started"))
    start = events[0]
    try:
        if start.rules is not None:  # a house variant: the rules come with the game
            register_definition(start.rules)
        get_variant(start.variant)
    except HouseRuleError as exc:
        raise Inconsistent(_("its house rules: {why}").format(why=exc)) from None
    except KeyError as exc:
        raise Inconsistent(str(exc.args[0])) from None
    dice = _RecordedDice(start.seed, check_seed and not start.real_dice)
    game = Game(dice)
    command: cmd.Command = cmd.Start(
        variant=start.variant, players=start.players, seed=start.seed, real_dice=start.real_dice
    )
    i = 0
    while True:
        label = _("event {number} ({type})").format(number=i + 1, type=events[i].type)
        dice.label = label
        try:
            produced = game.execute(command)
        except IllegalMove as exc:
            raise Inconsistent(
                _("{event} breaks the rules: {reason}").format(event=label, reason=exc.message)
            ) from None
        _compare(events, i, produced)
        i += len(produced)
        if i == len(events):
            return game
        command = _command_for(events[i], i, game, dice)


def _compare(recorded: Sequence[ev.Event], at: int, produced: list[ev.Event]) -> None:
    for k, expected in enumerate(produced):
        n = at + k
        if n >= len(recorded):
            raise Inconsistent(
                _(
                    "the events stop in the middle of a move after event {number} "
                    "(truncated); the rules go on with {type}"
                ).format(number=n, type=expected.type)
            )
        if recorded[n] != expected:
            raise Inconsistent(
                _(
                    "event {number} ({type}) does not match the rules: recorded "
                    "{recorded}, the rules give {expected}"
                ).format(
                    number=n + 1,
                    type=recorded[n].type,
                    recorded=_brief(recorded[n]),
                    expected=_brief(expected),
                )
            )


def _command_for(event: ev.Event, i: int, game: Game, dice: _RecordedDice) -> cmd.Command:
    """The command that would have caused `event` (the first event of a move)."""
    match event:
        case ev.DiceHeld():
            return cmd.Hold(player=event.player, index=event.index, held=event.held)
        case ev.DiceThrown():
            if game.state.real_dice:
                return cmd.Throw(player=event.player, keep=event.kept, dice=list(event.dice))
            kept = set(event.kept)
            dice.next = tuple(v for n, v in enumerate(event.dice) if n not in kept)
            return cmd.Throw(player=event.player, keep=event.kept)
        case ev.BoxWritten():
            return cmd.Write(player=event.player, box=event.box)
        case ev.WriteUndone():
            return cmd.Undo(player=event.player)
    raise Inconsistent(
        _(
            "event {number} ({type}) does not follow from the move before it "
            "(only the rules make it)"
        ).format(number=i + 1, type=event.type)
    )


def _brief(event: ev.Event) -> str:
    text = event.model_dump_json(exclude={"type"})
    return text if len(text) <= 120 else text[:117] + "..."
