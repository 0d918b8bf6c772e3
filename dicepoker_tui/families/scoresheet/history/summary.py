"""Facts about a game read off its events: the final writes, five-of-a-kind counts, totals."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import replay
from dicepoker_tui.families.scoresheet.rules.state import GameState


@dataclass(frozen=True)
class Written:
    """A box as it stands on the sheet: the write that filled it (undone writes dropped)."""

    player: int
    box: str
    points: int
    dice: tuple[int, ...]
    throws: int
    round: int
    joker: bool


def final_writes(events: Iterable[ev.Event]) -> dict[tuple[int, str], Written]:
    """The write behind every filled box, keyed by (seat, box id), taking undos into account."""
    writes: dict[tuple[int, str], Written] = {}
    rnd = 0
    for event in events:
        if isinstance(event, ev.TurnStarted):
            rnd = event.round
        elif isinstance(event, ev.BoxWritten):
            writes[(event.player, event.box)] = Written(
                player=event.player,
                box=event.box,
                points=event.points,
                dice=tuple(event.dice),
                throws=event.throws,
                round=rnd,
                joker=event.joker,
            )
        elif isinstance(event, ev.WriteUndone):
            writes.pop((event.player, event.box), None)
    return writes


def is_five_of_a_kind(dice: Sequence[int]) -> bool:
    return len(dice) == 5 and len(set(dice)) == 1


def five_of_a_kind_counts(events: Iterable[ev.Event], seats: int) -> list[int]:
    """Per seat, how many writes on the final sheet were five of a kind (Yahtzee, Yatzy, Poker)."""
    counts = [0] * seats
    for written in final_writes(events).values():
        if is_five_of_a_kind(written.dice) and 0 <= written.player < seats:
            counts[written.player] += 1
    return counts


@dataclass(frozen=True)
class FinalSheet:
    """One player's finished sheet with the figures statistics are made of."""

    seat: int
    scores: dict[str, int]
    bonuses: dict[str, int]
    total: int
    place: int
    settlement: float
    five_of_a_kind: int


def sheet_json(sheet: FinalSheet) -> str:
    """How a final sheet is kept in the history (`final_sheets.data`)."""
    return json.dumps({"scores": sheet.scores, "bonuses": sheet.bonuses}, separators=(",", ":"))


def final_sheets(events: Sequence[ev.Event], state: GameState | None = None) -> list[FinalSheet]:
    """The final sheets of a finished game; `state` (its folded state) saves a replay."""
    state = state if state is not None else replay(events)
    if state.standings is None:
        raise ValueError("the game is not finished")
    fives = five_of_a_kind_counts(events, len(state.sheets))
    return [
        FinalSheet(
            seat=standing.player,
            scores=dict(state.sheets[standing.player].scores),
            bonuses=dict(state.sheets[standing.player].bonuses),
            total=standing.total,
            place=standing.place,
            settlement=standing.settlement,
            five_of_a_kind=fives[standing.player],
        )
        for standing in state.standings
    ]
