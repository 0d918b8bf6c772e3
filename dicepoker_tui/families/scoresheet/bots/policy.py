"""Optimal play on top of the solver's tables: the value of every option of a turn.

This powers hints, the `advise` command, the coach, game analysis and the bots. A
sheet is solitaire-equivalent (another player's sheet never changes what a box
scores), so each player's options are valued on their own sheet.

    policy = Policy.for_variant("yahtzee")        # loads (or builds) the table
    policy.start                                   # 254.5877... for a fresh sheet
    opts = policy.options(sheet, dice=(1, 3, 4, 5, 6), throws_made=1)
    opts[0]            # the best option: Option(action="keep", keep=(3, 4, 5, 6), ...)
    opts[0].expected   # expected final total of the sheet after taking it
    opts[1].loss       # expected points the second-best option gives up

    policy.options_for(game.state)   # the same for the player to act in a game
    played, best = policy.judge(game.state, keep=(0, 2))   # or box="sixes": the coach

`Option.expected` is always the expected *final total of the sheet* (points and
bonuses already on it, plus what optimal play yields from there). Options come best
first: keeping a multiset of dice and throwing the rest (only while throws are
left; keeping all five is not a throw), or writing into a legal box. One query takes
a few milliseconds once the table exists.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from dicepoker_tui.engine.dice import validate_dice
from dicepoker_tui.families.scoresheet.bots.keeps import keep_positions
from dicepoker_tui.families.scoresheet.rules.state import GameState, Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant, WriteContext
from dicepoker_tui.families.scoresheet.rules.variants.registry import get_variant
from dicepoker_tui.families.scoresheet.solver import Table, get_table
from dicepoker_tui.families.scoresheet.solver.dice_graph import KEEPS, SUB_KEEPS, roll_index
from dicepoker_tui.families.scoresheet.solver.kernel import concat_keeps, expect_down, throw_layer
from dicepoker_tui.families.scoresheet.solver.terms import box_values_at, write_values

ALL_KEEPS = [k for keeps in KEEPS for k in keeps]


@dataclass(frozen=True)
class Option:
    """One choice of a turn and what it is worth."""

    action: Literal["keep", "write"]
    expected: float
    """Expected final total of the sheet after this choice, playing optimally after."""
    keep: tuple[int, ...] = ()
    """For "keep": the dice values kept (sorted); the rest are thrown."""
    box: str = ""
    """For "write": the box id."""
    points: int = 0
    """For "write": the points the box takes (bonuses not included)."""
    loss: float = 0.0
    """Expected points given up against the best option (0 for the best)."""

    def describe(self) -> str:
        if self.action == "keep":
            kept = " ".join(map(str, self.keep)) if self.keep else "nothing"
            return f"keep {kept}, throw {5 - len(self.keep)}"
        return f"write {self.box} ({self.points})"


class Policy:
    """Option values of one variant, from its solved table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.model = table.model

    @classmethod
    def for_variant(
        cls,
        variant: str | Variant,
        use_cache: bool = True,
        progress: Callable[[float], None] | None = None,
    ) -> Policy:
        """The policy of a variant; builds its table first when it is not cached."""
        v = get_variant(variant) if isinstance(variant, str) else variant
        return cls(get_table(v, use_cache=use_cache, progress=progress))

    @property
    def variant(self) -> Variant:
        return self.table.variant

    @property
    def start(self) -> float:
        """Expected final score of a fresh sheet under optimal play."""
        return self.table.start

    def expected_total(self, sheet: Sheet) -> float:
        """Expected final total of a sheet at the start of a turn (its points included)."""
        return sheet.total + self.table.future(sheet)

    # -- options ------------------------------------------------------------------------------
    def options(self, sheet: Sheet, dice: Sequence[int], throws_made: int) -> list[Option]:
        """Every option with the dice on the table after `throws_made` throws, best first.

        Raises ValueError for bad dice, a full sheet or an impossible throw count.
        """
        dice = validate_dice(list(dice))
        model = self.model
        if model.is_full(sheet):
            raise ValueError("The sheet is full: there is nothing left to decide.")
        fields = model.turn_fields(sheet, throws_made)
        last = int(model.max_throws(fields)[0])
        if not 1 <= throws_made <= last:
            raise ValueError(f"A turn has 1 to {last} throws here, not {throws_made}.")
        values = self.table.values
        roll = roll_index(dice)
        cache: dict = {}

        def writes(t: int):
            key = model.write_key(t)
            if key not in cache:
                terms = model.terms(fields, t, values)
                cache[key] = (terms, write_values(terms, 1))
            return cache[key]

        base = float(sheet.total)
        opts: list[Option] = []
        terms, _ = writes(throws_made)
        box_values = box_values_at(terms, np.array([roll]), model.n_boxes)[:, 0]
        ctx = WriteContext(sheet=sheet, throws=throws_made)
        for b in np.nonzero(np.isfinite(box_values))[0]:
            box = model.box_ids[b]
            points = self.variant.score(box, dice, ctx)
            opts.append(Option("write", base + float(box_values[b]), box=box, points=points))
        if throws_made < last:
            x = writes(last)[1]
            for t in range(last - 1, throws_made, -1):
                x = np.maximum(writes(t)[1], throw_layer(x))
            keep_values = concat_keeps(expect_down(x))[:, 0]
            for k in SUB_KEEPS[roll]:
                if k >= 0:
                    opts.append(Option("keep", base + float(keep_values[k]), keep=ALL_KEEPS[k]))
        opts.sort(key=lambda o: -o.expected)
        best = opts[0].expected
        return [replace(o, loss=best - o.expected) for o in opts]

    def options_for(self, state: GameState) -> list[Option]:
        """Options of the player to act in a game (empty before the turn's first throw)."""
        turn = state.turn
        if turn is None or turn.dice is None:
            return []
        return self.options(state.sheets[turn.player], turn.dice, turn.throws)

    def best(self, sheet: Sheet, dice: Sequence[int], throws_made: int) -> Option:
        return self.options(sheet, dice, throws_made)[0]

    def judge(
        self, state: GameState, keep: Sequence[int] | None = None, box: str | None = None
    ) -> tuple[Option, Option]:
        """(the option played, the best option) for the player to act in `state`, who
        throws again keeping the dice at positions `keep` (0-4), or writes into `box`.

        For the coach: `best.expected - played.expected` is the points given up.
        Raises ValueError when there is nothing to judge or the move is not an option.
        """
        turn = state.turn
        options = self.options_for(state)
        if turn is None or turn.dice is None or not options:
            raise ValueError("There is no decision to judge before the first throw.")
        if box is not None:
            played = [o for o in options if o.action == "write" and o.box == box]
        else:
            kept = tuple(sorted(turn.dice[i] for i in keep or ()))
            played = [o for o in options if o.action == "keep" and o.keep == kept]
        if not played:
            raise ValueError("That move is not one of the options of this turn.")
        return played[0], options[0]


def positions_of(dice: Sequence[int], keep: Sequence[int]) -> tuple[int, ...]:
    """Positions (0-4) in the dice as they lie that hold the kept values."""
    return keep_positions(tuple(dice), tuple(keep))
