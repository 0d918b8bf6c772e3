"""Post-game analysis: every decision of every player against the best move.

`analyze_events(events)` replays a scoresheet game's event list and, at each decision
(throwing again with some dice kept, or writing into a box), values every option with
the solver's policy. A decision's loss is the expected points it gave up against the
best option. Per player: the total given up, the share of best moves, and luck (the
final total against what the moves actually played were expected to score).

Given the variant's spread (`solver.spread`), a game of two or more players is also
judged for winning: each decision's estimated chance to win after it and after the best
option for winning (`ai.win_policy`), and per player the chance to win given up.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from dicepoker_tui.families.scoresheet.bots.policy import Option, Policy
from dicepoker_tui.families.scoresheet.bots.win_policy import win_options_for
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.state import GameState, evolve
from dicepoker_tui.families.scoresheet.solver.spread import Spread

BEST_TOLERANCE = 1e-6
"""A decision within this many points of the best counts as a best move."""


@dataclass(frozen=True)
class Decision:
    """One decision of one player and what it cost."""

    player: int
    round: int
    throws: int
    """Throws made in the turn when deciding."""
    dice: tuple[int, ...]
    action: Literal["keep", "write"]
    keep: tuple[int, ...] = ()
    box: str = ""
    chosen: float = 0.0
    """Expected final total after the move played."""
    best: Option | None = None
    """The best option."""
    win_chosen: float | None = None
    """Estimated chance to win after the move played (None: not judged for winning)."""
    win_best: float | None = None
    """Estimated chance to win after the best option for winning."""

    @property
    def loss(self) -> float:
        return max(0.0, self.best.expected - self.chosen) if self.best else 0.0

    @property
    def win_loss(self) -> float | None:
        """Chance to win given up against the best option for winning (0-1), or None."""
        if self.win_chosen is None or self.win_best is None:
            return None
        return max(0.0, self.win_best - self.win_chosen)

    @property
    def is_best(self) -> bool:
        return self.loss <= BEST_TOLERANCE


@dataclass
class PlayerSummary:
    player: int
    name: str
    decisions: int = 0
    best_moves: int = 0
    given_up: float = 0.0
    final: int = 0
    expected_start: float = 0.0
    luck: float = 0.0
    """Final total minus (expected start score minus points given up)."""
    win_given_up: float | None = None
    """Chance to win given up over the game (0-1; None: not judged for winning)."""

    @property
    def best_share(self) -> float:
        return self.best_moves / self.decisions if self.decisions else 1.0


@dataclass
class Analysis:
    decisions: list[Decision] = field(default_factory=list)
    players: list[PlayerSummary] = field(default_factory=list)


def analyze_events(
    events: Iterable[ev.Event], policy: Policy | None = None, spread: Spread | None = None
) -> Analysis:
    """Analyse a (finished or unfinished) game of a scoresheet variant.

    The variant's table is loaded (or built) unless a policy is given. Undone writes
    are dropped with their decision. With the variant's `spread`, a game of two or more
    is judged for winning too.
    """
    events = list(events)
    if not events or not isinstance(events[0], ev.GameStarted):
        raise ValueError("an event list starts with game_started")
    policy = policy or Policy.for_variant(events[0].variant)
    state: GameState | None = None
    decisions: list[Decision] = []
    for event in events:
        if isinstance(event, ev.WriteUndone):
            for i in range(len(decisions) - 1, -1, -1):
                if decisions[i].player == event.player and decisions[i].action == "write":
                    del decisions[i]
                    break
        elif state is not None and state.turn is not None and state.turn.dice is not None:
            decision = _decision(policy, state, event)
            if decision is not None and spread is not None and len(state.players) > 1:
                decision = _judged_for_winning(spread, state, decision)
            if decision is not None:
                decisions.append(decision)
        state = evolve(state, event)
    assert state is not None
    return Analysis(decisions, _summaries(policy, state, decisions))


def _decision(policy: Policy, state: GameState, event: ev.Event) -> Decision | None:
    turn = state.turn
    assert turn is not None and turn.dice is not None
    if isinstance(event, ev.DiceThrown):
        kept = tuple(sorted(turn.dice[i] for i in event.kept))
        options = policy.options_for(state)
        chosen = next(o for o in options if o.action == "keep" and o.keep == kept)
        return Decision(
            turn.player,
            turn.round,
            turn.throws,
            turn.dice,
            "keep",
            keep=kept,
            chosen=chosen.expected,
            best=options[0],
        )
    if isinstance(event, ev.BoxWritten):
        options = policy.options_for(state)
        chosen = next(o for o in options if o.action == "write" and o.box == event.box)
        return Decision(
            turn.player,
            turn.round,
            turn.throws,
            turn.dice,
            "write",
            box=event.box,
            chosen=chosen.expected,
            best=options[0],
        )
    return None


def _judged_for_winning(spread: Spread, state: GameState, decision: Decision) -> Decision:
    """`decision` with its chance to win and the best option's (`ai.win_policy`)."""
    options = win_options_for(spread, state)
    key = (decision.action, decision.keep, decision.box)
    chosen = next(o for o in options if (o.action, o.keep, o.box) == key)
    return replace(decision, win_chosen=chosen.chance, win_best=options[0].chance)


def _summaries(
    policy: Policy, state: GameState, decisions: Sequence[Decision]
) -> list[PlayerSummary]:
    out = []
    for seat, player in enumerate(state.players):
        mine = [d for d in decisions if d.player == seat]
        given_up = sum(d.loss for d in mine)
        final = state.sheets[seat].total
        summary = PlayerSummary(
            player=seat,
            name=player.name,
            decisions=len(mine),
            best_moves=sum(d.is_best for d in mine),
            given_up=given_up,
            final=final,
            expected_start=policy.start,
        )
        win_losses = [d.win_loss for d in mine if d.win_loss is not None]
        if win_losses:
            summary.win_given_up = sum(win_losses)
        if state.finished:
            summary.luck = final - (policy.start - given_up)
        out.append(summary)
    return out
