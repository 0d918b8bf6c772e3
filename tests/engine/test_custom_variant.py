"""A variant the engine has never seen, defined here, played to the end through it."""

from __future__ import annotations

import random

import pytest

from dicepoker_tui.engine import errors
from dicepoker_tui.engine.dice import Dice
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game, replay
from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants import (
    all_variants,
    get_variant,
    register,
    registry,
)
from dicepoker_tui.families.scoresheet.rules.variants.base import (
    Bonus,
    Box,
    Section,
    Variant,
    WriteContext,
)
from tests.engine.playing import bonuses, of, real_game, turn, written

EVENS_BONUS = Bonus("even_odds", "Even odds", 7)


class OddsAndEvens(Variant):
    """Three boxes in two stages, two throws a turn.

    Stage 1: Odds (sum of the odd dice) and Evens (sum of the even dice); +7 once both
    are filled and equal. Stage 2: Spread, the highest die minus the lowest, tripled
    when written after the first throw.
    """

    id = "odds-and-evens-test"
    name = "Odds and evens"
    description = "A test game: odds, evens and the spread."
    rules_text = "Odds, Evens, then Spread. Two throws a turn."
    boxes = (
        Box("odds", "Odds", stage=1, section="parity"),
        Box("evens", "Evens", stage=1, section="parity"),
        Box("spread", "Spread", stage=2, section="spread"),
    )
    sections = (
        Section("parity", "Parity", ("odds", "evens")),
        Section("spread", "Spread", ("spread",)),
    )
    bonus_labels = {EVENS_BONUS.id: EVENS_BONUS.label}
    throws_per_turn = 2

    def base_score(self, box_id: str, dice: Dice, ctx: WriteContext) -> int:
        if box_id == "odds":
            return sum(d for d in dice if d % 2)
        if box_id == "evens":
            return sum(d for d in dice if not d % 2)
        spread = max(dice) - min(dice)
        return 3 * spread if ctx.first_throw else spread

    def bonuses_after_write(
        self, before: Sheet, after: Sheet, box_id: str, dice: Dice, ctx: WriteContext
    ) -> list[Bonus]:
        both = after.filled("odds") and after.filled("evens")
        if box_id in ("odds", "evens") and both and after.scores["odds"] == after.scores["evens"]:
            return [EVENS_BONUS]
        return []


@pytest.fixture
def odds_and_evens(monkeypatch: pytest.MonkeyPatch) -> Variant:
    """Registered for one test only: the registry is restored afterwards."""
    all_variants()  # the built-ins first
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    return register(OddsAndEvens())


def test_a_new_variant_is_found_by_id(odds_and_evens: Variant) -> None:
    assert get_variant("odds-and-evens-test") is odds_and_evens
    assert odds_and_evens in all_variants()


def test_a_new_variant_plays_to_the_end_with_real_dice(odds_and_evens: Variant) -> None:
    game = real_game("odds-and-evens-test", players=2)
    game.throw(dice=[1, 2, 3, 4, 6])
    assert set(game.preview()) == {"odds", "evens"}
    with pytest.raises(errors.BoxNotAllowed, match="stage 2"):
        game.write("spread")
    game.throw(keep=[0, 1], dice=[1, 2, 5, 5, 6])
    with pytest.raises(errors.NoThrowsLeft):
        game.throw(keep=[0], dice=[1, 2, 5, 5, 6])
    assert written(game.write("odds")).points == 11  # Ann
    assert written(turn(game, "22335", box="evens")).points == 4  # Bob
    events = turn(game, "12356", box="evens")  # Ann: evens 8 against odds 11
    assert bonuses(events) == {}
    assert [e.stage for e in of(events, ev.StageFinished)] == [1]
    events = turn(game, "11335", box="odds")  # Bob: odds 13, evens 4
    assert bonuses(events) == {}
    assert written(turn(game, "16222", box="spread")).points == 15  # first throw: 3 x 5
    assert written(turn(game, "22222", "13333", box="spread")).points == 2
    assert game.finished
    (finished,) = of(game.events, ev.GameFinished)
    assert [s.total for s in finished.standings] == [11 + 8 + 15, 4 + 13 + 2]
    assert [s.place for s in finished.standings] == [1, 2]
    assert [e.round for e in of(game.events, ev.TurnStarted)] == [1, 1, 2, 2, 3, 3]
    assert replay(game.events) == game.state


def test_a_new_variant_pays_its_own_bonus(odds_and_evens: Variant) -> None:
    game = real_game("odds-and-evens-test")
    turn(game, "35222", box="odds")  # 3 + 5 = 8
    events = turn(game, "44111", box="evens")  # 4 + 4 = 8
    assert bonuses(events) == {"even_odds": 7}
    turn(game, "16666", box="spread")  # 3 x 5
    assert game.state.standings[0].total == 8 + 8 + 7 + 15
    game = real_game("odds-and-evens-test")
    turn(game, "35222", box="odds")  # 8
    assert bonuses(turn(game, "44211", box="evens")) == {}  # 10


def test_a_new_variant_with_seeded_dice_is_repeatable(odds_and_evens: Variant) -> None:
    def play(seed: int) -> list[ev.Event]:
        game = Game.new("odds-and-evens-test", ["Ann", "Bob", "Cy"], seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            game.throw()
            if rng.random() < 0.5:
                game.throw(keep=[0, 1])
            game.write(rng.choice(sorted(game.preview())))
        return list(game.events)

    events = play(9)
    assert events == play(9)
    assert sum(isinstance(e, ev.BoxWritten) for e in events) == 9
    assert all(e.throw <= 2 for e in events if isinstance(e, ev.DiceThrown))
