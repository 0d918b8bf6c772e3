"""Plays the bot seats of a game at a visible pace without blocking the event loop.

Each step waits `pace` seconds (a timer), asks the bot in a thread worker, then carries
the action out through the engine on the event loop: first the holds (each shown),
then, one step later, the throw; or it shows the chosen box and writes one step later.
A step whose game moved on meanwhile (an undo, say) is dropped and re-planned.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.screen import Screen
from textual.worker import Worker, WorkerState

from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.families.scoresheet.rules import commands as cmd
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.family import Bot, bot_driver, family_of
from dicepoker_tui.i18n import _

WORKER_NAME = "bot-step"


class BotRunner:
    """Drives bot seats for a `host` screen, which forwards its worker messages here."""

    def __init__(
        self,
        host: Screen,
        game: Game,
        bots: dict[int, Bot],
        pace: float,
        show_box: Callable[[str], None],
    ) -> None:
        self.host = host
        self.game = game
        self.bots = bots
        self.pace = pace
        self.show_box = show_box
        self.busy = False
        self._token = -1

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def poke(self) -> None:
        """Plan the next step if a bot is to act and nothing is planned yet."""
        if self.busy or self.game.finished or not self.is_bot(self.game.current):
            return
        self.busy = True
        self._after_pace(self._think)

    def _think(self) -> None:
        if not self._still_current():
            return
        seat = self.game.current
        self._token = len(self.game.events)
        self.host.run_worker(
            partial(bot_driver.choose, self.game, seat, self.bots[seat]),
            name=WORKER_NAME,
            thread=True,
            exit_on_error=False,
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> bool:
        """Handle the host's worker message; True when it was ours."""
        if event.worker.name != WORKER_NAME:
            return False
        if event.state == WorkerState.SUCCESS:
            self._act(event.worker.result)
        elif event.state in (WorkerState.ERROR, WorkerState.CANCELLED):
            self.host.notify(
                _("The bot failed: {error}").format(error=event.worker.error), severity="error"
            )
            self._fallback()
        return True

    def _still_current(self, token: int | None = None) -> bool:
        """False (and ready to re-plan) when the game or screen moved on."""
        if (token is not None and token != len(self.game.events)) or not self.host.is_current:
            self.busy = False
            return False
        if self.game.finished or not self.is_bot(self.game.current):
            self.busy = False
            return False
        return True

    def _act(self, command: cmd.Command) -> None:
        if not self._still_current(self._token):
            self.host.call_next(self.poke)
            return
        turn = self.game.state.turn
        assert turn is not None
        if isinstance(command, cmd.Write):
            self.show_box(command.box)
            self._later(partial(self._write, command.box))
        elif isinstance(command, cmd.Throw):
            keep = set(command.keep or ()) if turn.dice is not None else set()
            changes = [i for i in range(5) if (i in keep) != turn.held[i]]
            if turn.dice is not None and changes:
                try:
                    for i in changes:
                        self.game.hold(i, held=i in keep)
                except IllegalMove as exc:
                    self._refused(exc)
                    return
                self._later(partial(self._throw, sorted(keep)))
            else:
                self._throw(sorted(keep))
        else:
            self._fallback()

    def _later(self, step: Callable[[int], None]) -> None:
        self._after_pace(partial(step, token=len(self.game.events)))

    def _after_pace(self, callback: Callable[[], None]) -> None:
        if self.pace > 0:
            self.host.set_timer(self.pace, callback)
        else:
            self.host.call_later(callback)

    def _throw(self, keep: list[int], token: int | None = None) -> None:
        if token is not None and not self._still_current(token):
            self.host.call_next(self.poke)
            return
        self.busy = False
        try:
            self.game.throw(keep=keep if self.game.state.turn.dice is not None else None)
        except IllegalMove as exc:
            self._refused(exc)

    def _write(self, box: str, token: int | None = None) -> None:
        if token is not None and not self._still_current(token):
            self.host.call_next(self.poke)
            return
        self.busy = False
        try:
            self.game.write(box)
        except IllegalMove as exc:
            self._refused(exc)

    def _refused(self, exc: IllegalMove) -> None:
        name = self.game.state.players[self.game.current].shown
        self.host.notify(f"{name}: {exc.message}", severity="warning")
        self._fallback()

    def _fallback(self) -> None:
        """The family's rule-safe move when a bot errs."""
        self.busy = False
        if self.game.finished:
            return
        self.game.execute(family_of(self.game.state.variant).fallback_move(self.game))
