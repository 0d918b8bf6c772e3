"""Deciding commands of the scoresheet family: validation and the events they cause.

Every rule of a variant is asked of the `Variant` object; nothing here names one.
"""

from __future__ import annotations

from dicepoker_tui.engine import errors
from dicepoker_tui.engine.dice import DiceSource, validate_dice
from dicepoker_tui.engine.players import standings
from dicepoker_tui.families.scoresheet.rules import commands as cmd
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.state import GameState, Sheet, evolve
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant, WriteContext
from dicepoker_tui.families.scoresheet.rules.variants.house import register_definition
from dicepoker_tui.families.scoresheet.rules.variants.registry import get_variant
from dicepoker_tui.i18n import _

MAX_PLAYERS = 8


class ScoresheetFamily:
    """`decide` and `evolve` for scoresheet games, for the generic engine."""

    def decide(
        self, state: GameState | None, command: cmd.Command, dice: DiceSource
    ) -> list[ev.Event]:
        if isinstance(command, cmd.Start):
            return _start(state, command)
        if state is None:
            raise errors.NotStarted("No game is in progress.")
        if state.finished or state.turn is None:
            raise errors.GameOver(_("The game is over."))
        variant = get_variant(state.variant)
        if isinstance(command, cmd.Undo):
            return _undo(state, command)
        _check_turn(state, command.player)
        match command:
            case cmd.Throw():
                return _throw(state, variant, command, dice)
            case cmd.Hold():
                return _hold(state, command)
            case cmd.Write():
                return _write(state, variant, command)
        raise errors.IllegalMove(f"Unknown command {command!r}.")

    def evolve(self, state: GameState | None, event: ev.Event) -> GameState:
        if isinstance(event, ev.GameStarted) and event.rules is not None:
            register_definition(event.rules)  # a house variant: its rules travel with the game
        return evolve(state, event)


def _start(state: GameState | None, command: cmd.Start) -> list[ev.Event]:
    if state is not None:
        raise errors.BadSetup("A game is already in progress.")
    try:
        variant = get_variant(command.variant)
    except KeyError as exc:
        raise errors.BadSetup(str(exc.args[0])) from None
    if not 1 <= len(command.players) <= MAX_PLAYERS:
        raise errors.BadSetup(f"A game needs 1 to {MAX_PLAYERS} players.")
    names = [p.name for p in command.players]
    if len(set(names)) != len(names):
        raise errors.BadSetup("Every player needs a different name.")
    return [
        ev.GameStarted(
            variant=command.variant,
            players=command.players,
            seed=command.seed,
            real_dice=command.real_dice,
            rules=getattr(variant, "definition", None),
        ),
        ev.TurnStarted(player=0, round=1),
    ]


def _check_turn(state: GameState, player: int) -> None:
    current = state.current
    if player != current:
        who = state.players[current].name if current is not None else "nobody"
        raise errors.OutOfTurn(f"It is {who}'s turn.")


def _throw(
    state: GameState, variant: Variant, command: cmd.Throw, source: DiceSource
) -> list[ev.Event]:
    turn = state.turn
    assert turn is not None
    sheet = state.sheets[turn.player]
    if variant.throws_left(sheet, turn.throws) <= 0:
        raise errors.NoThrowsLeft(_("No throws left: write the dice into a box."))
    if command.keep is None:
        keep = [i for i, held in enumerate(turn.held) if held] if turn.dice else []
    else:
        keep = list(command.keep)
    if len(set(keep)) != len(keep) or any(not 0 <= i < 5 for i in keep):
        raise errors.BadDice("Keep each of the five dice (positions 1-5) at most once.")
    if turn.dice is None and keep:
        raise errors.BadDice("The first throw of a turn throws all five dice.")
    if len(keep) == 5:
        raise errors.BadDice(_("Every die is held: release at least one to throw."))
    if state.real_dice:
        if command.dice is None:
            raise errors.BadDice(_("Real dice: type the five values you threw."))
        try:
            new = validate_dice(command.dice)
        except ValueError as exc:
            raise errors.BadDice(str(exc)) from None
        for i in keep:
            if turn.dice is not None and new[i] != turn.dice[i]:
                raise errors.BadDice(
                    _("Die {n} was held at {held}; it cannot show {new}.").format(
                        n=i + 1, held=turn.dice[i], new=new[i]
                    )
                )
    else:
        if command.dice is not None:
            raise errors.BadDice("The table throws the dice; only real-dice games take values.")
        fresh = iter(source.roll(5 - len(keep), state.throw_count))
        old = turn.dice or (0, 0, 0, 0, 0)
        new = tuple(old[i] if i in keep else next(fresh) for i in range(5))
    throw_no = turn.throws + 1
    return [
        ev.DiceThrown(
            player=turn.player,
            throw=throw_no,
            kept=sorted(keep),
            dice=new,
            from_bank=throw_no > variant.throws_per_turn,
        )
    ]


def _hold(state: GameState, command: cmd.Hold) -> list[ev.Event]:
    turn = state.turn
    assert turn is not None
    if turn.dice is None:
        raise errors.BadDice(_("Throw first: there are no dice to hold yet."))
    if not 0 <= command.index < 5:
        raise errors.BadDice(_("There are five dice: hold 1 to 5."))
    held = not turn.held[command.index] if command.held is None else command.held
    return [ev.DiceHeld(player=turn.player, index=command.index, held=held)]


def _write(state: GameState, variant: Variant, command: cmd.Write) -> list[ev.Event]:
    turn = state.turn
    assert turn is not None
    if turn.dice is None:
        raise errors.BoxNotAllowed(_("Throw the dice before writing them into a box."))
    player = turn.player
    before = state.sheets[player]
    dice = tuple(sorted(turn.dice))
    ctx = WriteContext(sheet=before, throws=turn.throws)
    refusal = variant.write_refusal(command.box, dice, ctx)
    if refusal:
        raise errors.BoxNotAllowed(refusal)
    points = variant.score(command.box, dice, ctx)
    events: list[ev.Event] = [
        ev.BoxWritten(
            player=player,
            box=command.box,
            dice=turn.dice,
            throws=turn.throws,
            points=points,
            joker=variant.is_joker(dice, ctx),
        )
    ]
    after = before.model_copy(deep=True)
    after.scores[command.box] = points
    for bonus in variant.bonuses_after_write(before, after, command.box, dice, ctx):
        events.append(
            ev.BonusAwarded(player=player, bonus=bonus.id, label=bonus.label, points=bonus.points)
        )
    banked = variant.banked_throws(command.box, ctx)
    if banked:
        events.append(ev.ThrowsBanked(player=player, count=banked))
    stage = variant.box(command.box).stage
    if variant.current_stage(after) != stage:
        subtotal = sum(after.scores.get(b.id, 0) for b in variant.boxes if b.stage == stage)
        events.append(ev.StageFinished(player=player, stage=stage, subtotal=subtotal))
    events.extend(_next_turn(state, variant, events))
    return events


def _next_turn(state: GameState, variant: Variant, so_far: list[ev.Event]) -> list[ev.Event]:
    """The turn change, or the end of the game, after a write."""
    projected = state
    for event in so_far:
        projected = evolve(projected, event)
    assert state.turn is not None
    player, rnd = state.turn.player, state.turn.round
    if player + 1 < len(state.players):
        return [ev.TurnStarted(player=player + 1, round=rnd)]
    if rnd < len(variant.boxes):
        return [ev.TurnStarted(player=0, round=rnd + 1)]
    tail: list[ev.Event] = []
    sheets: list[Sheet] = []
    for seat, sheet in enumerate(projected.sheets):
        final = sheet.model_copy(deep=True)
        for bonus in variant.final_bonuses(sheet):
            tail.append(
                ev.BonusAwarded(player=seat, bonus=bonus.id, label=bonus.label, points=bonus.points)
            )
            final.bonuses[bonus.id] = final.bonuses.get(bonus.id, 0) + bonus.points
        sheets.append(final)
    tail.append(ev.GameFinished(standings=standings([s.total for s in sheets])))
    return tail


def _undo(state: GameState, command: cmd.Undo) -> list[ev.Event]:
    snapshot = state.undo
    if snapshot is None or snapshot.turn is None:
        raise errors.NothingToUndo(
            _("Nothing to undo: a write can be taken back until the next throw.")
        )
    writer = snapshot.turn.player
    if command.player != writer:
        raise errors.NothingToUndo(
            _("Only {name} can undo their write.").format(name=state.players[writer].name)
        )
    box = next(b for b in state.sheets[writer].scores if b not in snapshot.sheets[writer].scores)
    return [ev.WriteUndone(player=writer, box=box)]
