"""The coach: after a coached seat's decision that gives up more than its threshold of
expected points, a short note says what the best move was (no Textual here).

It watches a `Game` (subscribe) and judges each keep-and-throw or write of a coached
seat against the state just before it, with the policy once it is loaded; decisions
made before the policy is ready go unjudged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from dicepoker_tui.ai.policy import Policy
from dicepoker_tui.engine.scoresheet import events as ev
from dicepoker_tui.engine.scoresheet.game import Game
from dicepoker_tui.engine.scoresheet.state import GameState
from dicepoker_tui.ui.scoresheet.hints import coach_note

COACH_THRESHOLDS = (0.5, 1.0, 2.0, 5.0)
"""Thresholds the lobby offers, in expected points."""


class Coach:
    """Notes for the coached seats of one game: `thresholds` maps seat → points."""

    def __init__(
        self,
        game: Game,
        thresholds: Mapping[int, float],
        policy: Callable[[], Policy | None],
        note: Callable[[int, str], None],
    ) -> None:
        self.game = game
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
        if best.expected - played.expected <= self.thresholds[turn.player]:
            return None
        return coach_note(played, best, policy.variant)
