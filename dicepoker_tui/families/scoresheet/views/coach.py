"""The coach: after a coached seat's decision that gives up more than its threshold of
expected points, a short note says what the best move was (no Textual here).

It watches a `Game` (subscribe) and judges each keep-and-throw or write of a coached
seat against the state just before it, with the policy once it is loaded; decisions
made before the policy is ready go unjudged.

Coaching "best for winning" (a game of two or more, `spread` given) judges each decision
by the chance to win it gave up instead, in percentage points against the same
thresholds (`win_note`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from dicepoker_tui.families.scoresheet.bots.policy import Option, Policy
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.spec import ScoresheetSpec
from dicepoker_tui.families.scoresheet.views.hints import coach_note

if TYPE_CHECKING:  # the spread (numpy) loads in the solver's worker
    from dicepoker_tui.families.scoresheet.solver.spread import Spread

COACH_THRESHOLDS = ScoresheetSpec.coach_thresholds
"""Thresholds the lobby offers, in expected points (in percentage points of the chance
to win when the coach helps to win)."""


class Coach:
    """Notes for the coached seats of one game: `thresholds` maps seat → points."""

    def __init__(
        self,
        game: Game,
        thresholds: Mapping[int, float],
        policy: Callable[[], Policy | None],
        note: Callable[[int, str], None],
        spread: Callable[[], Spread | None] | None = None,
    ) -> None:
        self.game = game
        self._spread = spread if len(game.state.players) > 1 else None
        """The spread once loaded, when the coach helps to win (None: for the score)."""
        self.thresholds = dict(thresholds)
        self._policy = policy
        self._note = note
        self._before: GameState = game.state
        self._unsubscribe = game.subscribe(self._on_event) if self.thresholds else None

    def close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _on_event(self, event: ev.Event, state: GameState) -> None:
        before, self._before = self._before, state
        seat = getattr(event, "player", None)
        if seat not in self.thresholds:
            return
        if isinstance(event, ev.DiceThrown):
            message = self.judge(before, keep=event.kept)
        elif isinstance(event, ev.BoxWritten):
            message = self.judge(before, box=event.box)
        else:
            return
        if message is not None:
            self._note(seat, message)

    def judge(
        self, state: GameState, keep: list[int] | None = None, box: str | None = None
    ) -> str | None:
        """The note for a decision in `state`, or None (cheap enough, or nothing to judge)."""
        turn = state.turn
        policy = self._policy()
        if policy is None or turn is None or turn.dice is None:
            return None
        try:
            played, best = policy.judge(state, keep=keep, box=box)
        except ValueError:
            return None
        if self._spread is not None:
            return self.win_note(state, played, keep, box)
        if best.expected - played.expected <= self.thresholds[turn.player]:
            return None
        return coach_note(played, best, policy.variant)

    def win_note(
        self, state: GameState, played: Option, keep: list[int] | None, box: str | None
    ) -> str | None:
        """The note for a decision judged by the chance to win it gave up, or None."""
        assert self._spread is not None and state.turn is not None and state.turn.dice
        spread, policy = self._spread(), self._policy()
        if spread is None or policy is None:
            return None
        # deferred: the win options import numpy
        from dicepoker_tui.families.scoresheet.views.win_hints import win_coach_note, win_judge

        dice = state.turn.dice
        kept = None if keep is None else tuple(sorted(dice[i] for i in keep))
        try:
            _words, chosen, best = win_judge(policy, spread, state, kept, box)
        except ValueError:
            return None
        if (best.chance - chosen.chance) * 100 <= self.thresholds[state.turn.player]:
            return None
        return win_coach_note(policy, played, chosen.chance, best, state)
