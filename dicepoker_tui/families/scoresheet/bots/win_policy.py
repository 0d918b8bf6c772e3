"""Every option of a turn valued by its chance to win, given every sheet at the table.

The counterpart of `Policy.options` for a player who plays to finish first: the same
options (each keep while throws are left, each legal box), each with its estimated
chance to win (`ai.win_turn`), best first. Used by the `winner` bot and the hints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from dicepoker_tui.engine.dice import validate_dice
from dicepoker_tui.families.scoresheet.bots.policy import Policy
from dicepoker_tui.families.scoresheet.bots.risk_turn import RiskTurn, risk_wanted
from dicepoker_tui.families.scoresheet.bots.target_turn import TargetTurn
from dicepoker_tui.families.scoresheet.bots.win_turn import WinTurn
from dicepoker_tui.families.scoresheet.bots.winning import UTILITY_TIE
from dicepoker_tui.families.scoresheet.rules.state import GameState, Sheet
from dicepoker_tui.families.scoresheet.solver.dice_graph import KEEPS, SUB_KEEPS, roll_index
from dicepoker_tui.families.scoresheet.solver.model import Fields, Model
from dicepoker_tui.families.scoresheet.solver.risk import RiskTables
from dicepoker_tui.families.scoresheet.solver.spread import Spread
from dicepoker_tui.families.scoresheet.solver.targets import loaded_targets
from dicepoker_tui.families.scoresheet.solver.terms import box_values_at

ALL_KEEPS = [k for keeps in KEEPS for k in keeps]


@dataclass(frozen=True)
class WinOption:
    """One choice of a turn and its estimated chance to finish first."""

    action: Literal["keep", "write"]
    chance: float
    """Estimated chance to finish first after this choice (0-1)."""
    value: float
    """What the winner bot maximises: the chance plus a tiny tie-break by points."""
    expected: float = 0.0
    """Expected final total after this choice, playing for points after (`Policy`)."""
    keep: tuple[int, ...] = ()
    box: str = ""


def rivals(spread: Spread, sheets: Sequence[Sheet], seat: int) -> tuple[np.ndarray, np.ndarray]:
    """(mean, variance) of every other seat's final total, shape (rivals, 1)."""
    moments = [spread.sheet_moments(s) for i, s in enumerate(sheets) if i != seat]
    mean = np.array([[m] for m, _ in moments], dtype=np.float64).reshape(-1, 1)
    var = np.array([[v] for _, v in moments], dtype=np.float64).reshape(-1, 1)
    return mean, var


def rival_states(model: Model, sheets: Sequence[Sheet], seat: int) -> tuple[np.ndarray, np.ndarray]:
    """(turn-start state, points so far) of every other seat, shape (rivals, 1); a full
    sheet's state is -1 (its total is known)."""
    others = [s for i, s in enumerate(sheets) if i != seat]
    states = [-1 if model.is_full(s) else int(model.index(model.encode(s))[0]) for s in others]
    points = [float(s.total) for s in others]
    return np.array(states).reshape(-1, 1), np.array(points).reshape(-1, 1)


def policy_of(spread: Spread) -> Policy:
    """The expected-score policy of the spread's table (one per table: it keeps its
    own caches)."""
    hit = _POLICIES.get(id(spread.table))
    if hit is None or hit[0] is not spread.table:
        hit = _POLICIES[id(spread.table)] = (spread.table, Policy(spread.table))
    return hit[1]


_POLICIES: dict[int, tuple[object, Policy]] = {}


def win_options(
    spread: Spread,
    sheets: Sequence[Sheet],
    seat: int,
    dice: Sequence[int],
    throws_made: int,
    points: bool = True,
) -> list[WinOption]:
    """Options of `seat` with `dice` after `throws_made` throws, best for winning first;
    with `points`, each with its expected final total too (else `expected` is 0 and
    `chance` carries the tie-break, as the bot needs no more). The last turns are
    valued with the variant's target tables once they are loaded (`solver.targets`).

    Raises ValueError for bad dice or a full sheet."""
    dice = validate_dice(list(dice))
    model = spread.model
    sheet = sheets[seat]
    if model.is_full(sheet):
        raise ValueError("The sheet is full: there is nothing left to decide.")
    fields = model.turn_fields(sheet, throws_made)
    mean, var = rivals(spread, sheets, seat)
    base = np.array([float(sheet.total)])
    targets = loaded_targets(model.variant)
    open_boxes = sum(not sheet.filled(b) for b in model.box_ids)
    if targets is not None and targets.covers(open_boxes):
        states, points = rival_states(model, sheets, seat)
        turn: WinTurn = TargetTurn(targets, fields, base, mean, var, states, points)
    else:
        turn = WinTurn(spread, fields, base, mean, var)
    opts = _valued(turn, fields, dice, throws_made)
    if points:
        expected = {(o.action, o.keep, o.box): o.expected for o in policy_of(spread).options(
            sheet, dice, throws_made)}  # fmt: skip
        opts = [_with_expected(o, expected[(o.action, o.keep, o.box)]) for o in opts]
    order = sorted(range(len(opts)), key=lambda i: (-opts[i].value, i))  # a write wins a tie
    return [opts[i] for i in order]


def _valued(
    turn: WinTurn, fields: Fields, dice: Sequence[int], throws_made: int
) -> list[WinOption]:
    """Every option of one sheet's turn (`fields`: a batch of one) as `turn` values it
    (`chance` and `value` both hold that value)."""
    model = turn.model
    last = int(model.max_throws(fields)[0])
    roll = roll_index(tuple(dice))
    boxes = box_values_at(turn.terms(throws_made), np.array([roll]), model.n_boxes)[:, 0]
    opts = [
        WinOption("write", _chance(boxes[b]), float(boxes[b]), box=model.box_ids[b])
        for b in np.nonzero(np.isfinite(boxes))[0]
    ]
    if throws_made < last:
        keeps = turn.keep_values(last, throws_made)[throws_made][:, 0]
        opts += [
            WinOption("keep", _chance(keeps[k]), float(keeps[k]), keep=ALL_KEEPS[k])
            for k in SUB_KEEPS[roll]
            if k >= 0
        ]
    return opts


def risk_pick(
    spread: Spread,
    risk: RiskTables,
    sheets: Sequence[Sheet],
    seat: int,
    dice: Sequence[int],
    throws_made: int,
) -> WinOption | None:
    """The best option of `seat` for the risk attitude its race asks for (deficit over
    both seats' remaining variance, `risk_turn.risk_wanted`), or None when that is the
    expected-score play. Its `chance` and `value` hold the option's utility, not a
    chance to win."""
    dice = validate_dice(list(dice))
    model = spread.model
    sheet = sheets[seat]
    mean, var = rivals(spread, sheets, seat)
    own_mean, own_var = spread.sheet_moments(sheet)
    wanted = risk_wanted(np.array([own_mean]), np.array([own_var]), mean, var)
    bucket = int(risk.bucket(wanted)[0])
    if bucket < 0:
        return None
    fields = model.turn_fields(sheet, throws_made)
    turn = RiskTurn(model, risk.values[bucket], risk.thetas[bucket], fields)
    opts = _valued(turn, fields, dice, throws_made)
    return opts[max(range(len(opts)), key=lambda i: (opts[i].value, -i))]  # a write wins a tie


def _with_expected(option: WinOption, expected: float) -> WinOption:
    chance = _chance(option.value - UTILITY_TIE * expected)
    return replace(option, chance=chance, expected=expected)


def win_options_for(spread: Spread, state: GameState, points: bool = True) -> list[WinOption]:
    """Options of the player to act in a game (empty before the turn's first throw)."""
    turn = state.turn
    if turn is None or turn.dice is None:
        return []
    return win_options(spread, state.sheets, turn.player, turn.dice, turn.throws, points)


def _chance(value: float) -> float:
    return float(min(1.0, max(0.0, value)))
