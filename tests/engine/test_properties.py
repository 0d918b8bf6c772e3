"""Properties of whole games, over random variants, tables, seeds and decisions."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicepoker_tui.engine import errors
from dicepoker_tui.families.scoresheet.rules import commands as cmd
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game, replay
from dicepoker_tui.families.scoresheet.rules.state import GameState, evolve
from tests.engine.playing import NAMES
from tests.reference import (
    BOX_IDS,
    BUILTIN_IDS,
    STAGE_TWO,
    legal_writes,
    sheet_bonus,
    write_bonus,
)

pytestmark = pytest.mark.slow

SETTINGS = settings(
    max_examples=16,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)

tables = st.integers(min_value=1, max_value=4)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@dataclass
class Entry:
    """One write as the reference sees it."""

    box: str
    points: int
    bonus: int
    throws: int


@dataclass
class Referee:
    """Keeps each player's sheet by the reference rules, beside the engine."""

    variant: str
    players: int
    ledger: list[list[Entry]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.ledger = [[] for _ in range(self.players)]

    def scores(self, seat: int) -> dict[str, int]:
        return {e.box: e.points for e in self.ledger[seat]}

    def bank(self, seat: int) -> int:
        if self.variant != "dice-poker-bank":
            return 0
        banked = sum(3 - e.throws for e in self.ledger[seat] if e.box not in STAGE_TWO)
        spent = sum(max(0, e.throws - 3) for e in self.ledger[seat] if e.box in STAGE_TWO)
        return banked - spent

    def total(self, seat: int) -> int:
        scores = self.scores(seat)
        extra = sum(e.bonus for e in self.ledger[seat])
        return sum(scores.values()) + extra + sheet_bonus(self.variant, scores, self.bank(seat))


class Watcher:
    """Folds every event the engine announces and checks it against the live state."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.folded: GameState | None = replay(game.events)
        self.heard: list[ev.Event] = list(game.events)
        game.subscribe(self.hear)

    def hear(self, event: ev.Event, after: GameState) -> None:
        self.folded = evolve(self.folded, event)
        self.heard.append(event)
        assert self.folded == after

    def check(self) -> None:
        assert self.heard == list(self.game.events)
        assert self.folded == self.game.state


def throw(game: Game, rng: random.Random, keep: list[int] | None) -> None:
    """Throw, naming values when the dice are real (held dice keep theirs)."""
    if not game.state.real_dice:
        game.throw(keep=keep)
        return
    turn = game.state.turn
    old = turn.dice or (0,) * 5
    if keep is None:
        kept = [i for i, held in enumerate(turn.held) if held] if turn.dice else []
    else:
        kept = keep
    game.throw(keep=keep, dice=[old[i] if i in kept else rng.randint(1, 6) for i in range(5)])


def play_turn(game: Game, rng: random.Random, referee: Referee | None, undo_rate: float) -> None:
    """Finish the turn in progress: throws (with holds) and a write, maybe undone once."""
    seat = game.current
    if game.state.turn.dice is None:
        throw(game, rng, None)
    while game.throws_left() and rng.random() < 0.6:
        if rng.random() < 0.3:
            game.hold(rng.randrange(5))
            keep = None if not all(game.state.turn.held) else []
        else:
            keep = rng.sample(range(5), rng.randint(0, 4))
        throw(game, rng, keep)
    turn = game.state.turn
    roll = tuple(sorted(turn.dice))
    offered = game.preview()
    if referee is not None:
        assert offered == legal_writes(referee.variant, roll, referee.scores(seat), turn.throws)
    for attempt in range(2):
        # Half the time the best-paying box, so bonuses and Jokers come up in play.
        choices = sorted(offered)
        box = max(choices, key=offered.__getitem__) if rng.random() < 0.5 else rng.choice(choices)
        before = game.state
        events = game.write(box)
        (written,) = [e for e in events if isinstance(e, ev.BoxWritten)]
        assert (written.player, written.box, written.points) == (seat, box, offered[box])
        if attempt == 0 and not game.finished and rng.random() < undo_rate:
            undone = game.undo()
            assert undone == [ev.WriteUndone(player=seat, box=box)]
            assert game.state == before
            continue
        if referee is not None:
            bonus = write_bonus(referee.variant, roll, referee.scores(seat))
            referee.ledger[seat].append(Entry(box, offered[box], bonus, turn.throws))
        return


def new_game(variant: str, players: int, seed: int, real: bool) -> Game:
    return Game.new(variant, list(NAMES[:players]), seed=seed, real_dice=real)


@pytest.mark.parametrize("variant", BUILTIN_IDS)
@SETTINGS
@given(players=tables, seed=seeds, real=st.booleans())
def test_random_legal_games_fill_every_box_and_add_up(
    variant: str, players: int, seed: int, real: bool
) -> None:
    game = new_game(variant, players, seed, real)
    watcher = Watcher(game)
    rng = random.Random(seed)
    referee = Referee(variant, players)
    while not game.finished:
        play_turn(game, rng, referee, undo_rate=0.1)
        watcher.check()
    assert replay(game.events) == game.state
    resumed = Game.from_events(ev.EVENT_LIST_ADAPTER.validate_json(
        ev.EVENT_LIST_ADAPTER.dump_json(list(game.events))))  # fmt: skip
    assert resumed.state == game.state
    for seat, sheet in enumerate(game.state.sheets):
        assert set(sheet.scores) == set(BOX_IDS[variant])
        assert sheet.scores == referee.scores(seat)
        assert sheet.bank == referee.bank(seat)
        standing = game.state.standings[seat]
        assert standing.total == sum(sheet.scores.values()) + sum(sheet.bonuses.values())
        assert standing.total == referee.total(seat)
    assert [e.round for e in game.events if isinstance(e, ev.TurnStarted)][-1] == len(
        BOX_IDS[variant]
    )


def random_command(rng: random.Random, players: int) -> cmd.Command:
    seat = rng.randrange(-1, players + 1)
    boxes = sorted({b for ids in BOX_IDS.values() for b in ids} | {"", "bonus", "Ones"})
    kind = rng.choice(["throw", "throw", "hold", "write", "write", "undo"])
    if kind == "throw":
        keep = rng.choice([None, [], rng.sample(range(-2, 7), rng.randint(1, 5)),
                           [rng.randrange(5)] * 2, list(range(5))])  # fmt: skip
        dice = rng.choice([None, [rng.randint(0, 7) for _ in range(rng.choice([4, 5, 5, 6]))]])
        return cmd.Throw(player=seat, keep=keep, dice=dice)
    if kind == "hold":
        return cmd.Hold(player=seat, index=rng.randrange(-2, 7), held=rng.choice([None, True]))
    if kind == "write":
        return cmd.Write(player=seat, box=rng.choice(boxes))
    return cmd.Undo(player=seat)


@pytest.mark.parametrize("variant", BUILTIN_IDS)
@SETTINGS
@given(players=tables, seed=seeds, real=st.booleans())
def test_random_commands_change_nothing_unless_legal(
    variant: str, players: int, seed: int, real: bool
) -> None:
    game = new_game(variant, players, seed, real)
    watcher = Watcher(game)
    rng = random.Random(seed)
    refused = 0
    while not game.finished:
        for _ in range(rng.randint(0, 3)):
            state, events = game.state.model_copy(deep=True), list(game.events)
            try:
                game.execute(random_command(rng, players))
            except errors.IllegalMove as error:
                refused += 1
                assert error.message and type(error) is not errors.IllegalMove
                assert game.state == state
                assert list(game.events) == events
            watcher.check()
            if game.finished:
                break
        if not game.finished:
            play_turn(game, rng, None, undo_rate=0.0)
            watcher.check()
    assert replay(game.events) == game.state
    state, events = game.state.model_copy(deep=True), list(game.events)
    for _ in range(20):
        try:
            game.execute(random_command(rng, players))
        except errors.IllegalMove as error:
            refused += 1
            assert isinstance(error, errors.GameOver | errors.BadSetup)
        assert game.state == state and list(game.events) == events
    assert refused >= 20


def decided_game(variant: str, players: int, seed: int, resume_at: int | None) -> list[ev.Event]:
    game = new_game(variant, players, seed, real=False)
    rng = random.Random(seed + 1)
    turns = 0
    while not game.finished:
        if turns == resume_at:
            game = Game.from_events(game.events)
        play_turn(game, rng, None, undo_rate=0.1)
        turns += 1
    return list(game.events)


@pytest.mark.parametrize("variant", BUILTIN_IDS)
@settings(max_examples=8, deadline=None, derandomize=True)
@given(players=tables, seed=seeds, resume_at=st.integers(0, 40))
def test_same_seed_and_decisions_give_the_same_game(
    variant: str, players: int, seed: int, resume_at: int
) -> None:
    first = decided_game(variant, players, seed, None)
    assert decided_game(variant, players, seed, None) == first
    assert decided_game(variant, players, seed, resume_at) == first
    other = decided_game(variant, players, seed + 1, None)
    thrown = [e.dice for e in first if isinstance(e, ev.DiceThrown)]
    assert thrown != [e.dice for e in other if isinstance(e, ev.DiceThrown)]
