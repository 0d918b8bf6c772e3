"""The table's hints and coach: when the solver loads, the hint note and the coach's notes.

A mixin of `TableScreen`, which gives it `game`, `role`, `runner`, `help_to_win`,
`coach_thresholds`, the note fields and `_can_act`/`_show_bot_box`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.notifications import Notification
from textual.screen import Screen

from dicepoker_tui.families.scoresheet.views.solver_status import SolverStatus
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.dice import DiceRow
from dicepoker_tui.ui.common.textual_private import notes_shown, notify_note, withdraw_note

if TYPE_CHECKING:
    from dicepoker_tui.families.scoresheet.rules.game import Game
    from dicepoker_tui.families.scoresheet.views.seat_role import SeatRole


class TableHints(Screen[None]):
    """Hints and coach notes of a scoresheet table."""

    game: Game
    role: SeatRole
    help_to_win: bool
    coach_thresholds: dict[int, float]
    _cursors: dict[int, str]
    _hint_note: Notification | None
    _coach_notes: list[Notification]
    _hint_waits_for: int | None
    _can_act: Callable[[], bool]
    _show_bot_box: Callable[[str], None]

    def _preload_solver(self) -> bool:
        """Whether the solver's table loads at once (the role decides, else as at home)."""
        preload = self.role.preload_solver
        return self._needs_solver() if preload is None else preload

    def _plays_to_win(self) -> bool:
        """Whether a bot at this table plays for the chance to win (it needs the spread)."""
        from dicepoker_tui.families.scoresheet.bots.winner_bot import WINNER

        players = self.game.state.players
        return len(players) > 1 and any(p.kind == "bot" and p.level == WINNER for p in players)

    def _bot_takes_risks(self) -> bool:
        """Whether a `winner` bot here plays its early turns with the risk tables."""
        from dicepoker_tui.families.scoresheet.bots.winner_bot import needs_risk_tables

        return needs_risk_tables(self.game.variant.id)

    def _needs_solver(self) -> bool:
        """Load the table from the start when the game uses it anyway (coach, solver bots)
        or when it is already cached; otherwise on the first hint."""
        if self.coach_thresholds:
            return True
        from dicepoker_tui.families.scoresheet.bots.noise import LEVEL_NOISE

        if any(p.kind == "bot" and p.level in LEVEL_NOISE for p in self.game.state.players):
            return True
        if self._plays_to_win():
            return True
        from dicepoker_tui.families.scoresheet.solver import cached

        try:
            return cached(self.game.variant)
        except Exception:  # no cache directory: load on the first hint
            return False

    def action_hint(self) -> None:
        """Highlight the best dice to keep (or the best box); list the next best options."""
        if not self._can_act():
            return
        status = self.query_one(SolverStatus)
        if status.policy is None:
            status.start()
            # the note first: showing it withdraws any earlier hint and its wait
            self._show_hint_note(status.waiting_message(), timeout=4)
            if status.error is None:  # the hint follows by itself once the table is in
                self._hint_waits_for = len(self.game.events)
                status.on_ready = self._hint_when_ready
            return
        state = self.game.state
        if self.help_to_win and status.spread_table is not None:
            from dicepoker_tui.families.scoresheet.views.win_hints import win_hint_for

            hint = win_hint_for(status.policy, status.spread_table, state)
        else:
            from dicepoker_tui.families.scoresheet.views.hints import hint_for

            hint = hint_for(status.policy, state)
        self._show_hint_note(hint.text, timeout=8)
        if hint.keep is not None:
            self.query_one(DiceRow).show_hint(tuple(hint.keep))
        elif hint.box is not None and state.turn is not None:
            self._cursors[state.turn.player] = hint.box
            self._show_bot_box(hint.box)

    def _hint_when_ready(self, _policy: object) -> None:
        """The solver is in: the hint asked for meanwhile, if nothing has happened since."""
        waited, self._hint_waits_for = self._hint_waits_for, None
        if waited == len(self.game.events) and self.is_current:
            self.action_hint()

    def _show_hint_note(self, text: str, timeout: float) -> None:
        self._withdraw_hint()
        self._hint_note = notify_note(self.app, text, _("Hint"), timeout)

    def _withdraw_hint(self) -> None:
        """A hint is about the dice it was given for: it goes when they change."""
        self._hint_waits_for = None
        if self._hint_note is not None:
            withdraw_note(self.app, self._hint_note)
            self._hint_note = None

    def _coach_note(self, seat: int, message: str) -> None:
        name = self.game.state.players[seat].shown
        title = f"{_('Coach')} · {name}"
        self._coach_notes = [n for n in self._coach_notes if n in notes_shown(self.app)]
        self._coach_notes.append(notify_note(self.app, message, title, timeout=6))
