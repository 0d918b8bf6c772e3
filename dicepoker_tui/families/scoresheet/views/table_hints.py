"""The table's hints and coach: when the solver loads, the hint note and the coach's notes.

`TableHints` is a collaborator of `TableScreen` with its own state (the hint shown, the
hint waited for, the coach's notes); the functions above it decide when the solver's
table loads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from textual.notifications import Notification

from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.views.seat_role import SeatRole
from dicepoker_tui.families.scoresheet.views.solver_status import SolverStatus
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.dice import DiceRow
from dicepoker_tui.ui.common.textual_private import notes_shown, notify_note, withdraw_note

if TYPE_CHECKING:
    from dicepoker_tui.families.scoresheet.views.table import TableScreen


def plays_to_win(game: Game) -> bool:
    """Whether a bot at this table plays for the chance to win (it needs the spread)."""
    from dicepoker_tui.families.scoresheet.bots.winner_bot import WINNER  # numpy: on demand

    players = game.state.players
    return len(players) > 1 and any(p.kind == "bot" and p.level == WINNER for p in players)


def bot_takes_risks(game: Game) -> bool:
    """Whether a `winner` bot here plays its early turns with the risk tables."""
    from dicepoker_tui.families.scoresheet.bots.winner_bot import needs_risk_tables

    return needs_risk_tables(game.variant.id)


def needs_solver(game: Game, coach_thresholds: Mapping[int, float]) -> bool:
    """Load the table from the start when the game uses it anyway (coach, solver bots)
    or when it is already cached; otherwise on the first hint."""
    if coach_thresholds:
        return True
    from dicepoker_tui.families.scoresheet.bots.noise import LEVEL_NOISE  # numpy: on demand

    if any(p.kind == "bot" and p.level in LEVEL_NOISE for p in game.state.players):
        return True
    if plays_to_win(game):
        return True
    from dicepoker_tui.families.scoresheet.solver import cached

    try:
        return cached(game.variant)
    except Exception:  # no cache directory: load on the first hint
        return False


def preload_solver(game: Game, role: SeatRole, coach_thresholds: Mapping[int, float]) -> bool:
    """Whether the solver's table loads at once (the role decides, else as at home)."""
    preload = role.preload_solver
    return needs_solver(game, coach_thresholds) if preload is None else preload


class TableHints:
    """The hint and the coach's notes of one scoresheet table screen."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.note: Notification | None = None
        """The hint shown now."""
        self.coach_notes: list[Notification] = []
        self.waits_for: int | None = None
        """The number of events when a hint was asked for before the solver was ready."""

    def hint(self) -> None:
        """Highlight the best dice to keep (or the best box); list the next best options."""
        screen = self.screen
        if not screen.keys.can_act():
            return
        status = screen.query_one(SolverStatus)
        if status.policy is None:
            status.start()
            # the note first: showing it withdraws any earlier hint and its wait
            self._show(status.waiting_message(), timeout=4)
            if status.error is None:  # the hint follows by itself once the table is in
                self.waits_for = len(screen.game.events)
                status.on_ready = self._when_ready
            return
        state = screen.game.state
        if screen.help_to_win and status.spread_table is not None:
            from dicepoker_tui.families.scoresheet.views.win_hints import win_hint_for

            hint = win_hint_for(status.policy, status.spread_table, state)
        else:
            from dicepoker_tui.families.scoresheet.views.hints import hint_for

            hint = hint_for(status.policy, state)
        self._show(hint.text, timeout=8)
        if hint.keep is not None:
            screen.query_one(DiceRow).show_hint(tuple(hint.keep))
        elif hint.box is not None and state.turn is not None:
            screen.cursors[state.turn.player] = hint.box
            screen.show_bot_box(hint.box)

    def _when_ready(self, _policy: object) -> None:
        """The solver is in: the hint asked for meanwhile, if nothing has happened since."""
        waited, self.waits_for = self.waits_for, None
        if waited == len(self.screen.game.events) and self.screen.is_current:
            self.hint()

    def _show(self, text: str, timeout: float) -> None:
        self.withdraw()
        self.note = notify_note(self.screen.app, text, _("Hint"), timeout)

    def withdraw(self) -> None:
        """A hint is about the dice it was given for: it goes when they change."""
        self.waits_for = None
        if self.note is not None:
            withdraw_note(self.screen.app, self.note)
            self.note = None

    def withdraw_all(self) -> None:
        """The hint and the coach's notes go (another screen covers the table)."""
        self.withdraw()
        for note in self.coach_notes:
            withdraw_note(self.screen.app, note)
        self.coach_notes.clear()

    def coach_note(self, seat: int, message: str) -> None:
        app = self.screen.app
        name = self.screen.game.state.players[seat].shown
        title = f"{_('Coach')} · {name}"
        self.coach_notes = [n for n in self.coach_notes if n in notes_shown(app)]
        self.coach_notes.append(notify_note(app, message, title, timeout=6))
