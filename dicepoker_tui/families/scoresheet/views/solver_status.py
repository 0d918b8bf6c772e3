"""The solver's table for the game on the table, loaded (or built) in a thread worker.

A one-line widget: hidden while the table loads from the cache, it shows a progress
bar while a table is being built, and hides again once the policy is ready. Play goes
on meanwhile; `policy` is None until then and `progress` tells how far the build is.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.i18n import _

if TYPE_CHECKING:  # the solver (numpy) is imported in the worker, off the UI thread
    from dicepoker_tui.families.scoresheet.bots.policy import Policy
    from dicepoker_tui.families.scoresheet.solver.spread import Spread

BAR = 20
"""Cells of the progress bar."""


class SolverStatus(Static):
    """Loads the variant's policy off the UI thread; `on_ready` is called when it is in."""

    DEFAULT_CSS = """
    SolverStatus { height: 1; width: 1fr; }
    """

    def __init__(
        self,
        variant: Variant,
        on_ready: Callable[[Policy], None] | None = None,
        autostart: bool = True,
        spread: bool = False,
        risk: bool = False,
        **kwargs,
    ) -> None:
        super().__init__(**kwargs)
        self.spread = spread
        """Whether to load (or build) the spread too, for a bot or help playing to win."""
        self.risk = risk
        """Whether to load (or build) the risk tables too, for a `winner` bot that plays
        its early turns with them (`winner_bot.needs_risk_tables`)."""
        self.spread_table: Spread | None = None
        """The spread, once loaded (set before `policy`)."""
        self.variant = variant
        self.autostart = autostart
        self.started = False
        self.on_ready = on_ready
        self.policy: Policy | None = None
        self.progress = 0.0
        self.error: str | None = None
        self._shown_percent = -1
        self.display = False

    def on_mount(self) -> None:
        if self.autostart:
            self.start()

    def start(self) -> None:
        """Load (or build) the table, once."""
        if not self.started:
            self.started = True
            self.run_worker(self._load, thread=True, exit_on_error=False, group="solver")

    def _load(self) -> None:
        try:
            from dicepoker_tui.families.scoresheet.bots.policy import Policy

            policy = Policy.for_variant(self.variant, progress=self._report)
            if self.spread:
                from dicepoker_tui.families.scoresheet.solver.spread import get_spread

                self.spread_table = get_spread(self.variant, progress=self._report)
                from dicepoker_tui.families.scoresheet.solver.targets import (
                    get_targets,
                    has_targets,
                )

                if has_targets(self.variant.id):  # the last turns played or hinted to win
                    get_targets(self.variant, progress=self._report)
            if self.risk:
                from dicepoker_tui.families.scoresheet.solver.risk import get_risk

                get_risk(self.variant, progress=self._report)
        except Exception as exc:  # a broken cache or solver must not take the game down
            self._call(self._failed, str(exc) or type(exc).__name__)
            return
        self._call(self._ready, policy)

    def _call(self, callback: Callable, *args: object) -> None:
        """Run `callback` on the app's thread; nothing when the app has gone."""
        with contextlib.suppress(RuntimeError):
            self.app.call_from_thread(callback, *args)

    def _report(self, fraction: float) -> None:
        """Called by the solver (in the worker thread) as levels are solved."""
        percent = int(max(0.0, min(1.0, fraction)) * 100)
        if percent != self._shown_percent:
            self._shown_percent = percent
            self._call(self._show_progress, fraction)

    def _show_progress(self, fraction: float) -> None:
        self.progress = fraction
        if self.policy is None:
            filled = round(BAR * fraction)
            text = Text(no_wrap=True, overflow="ellipsis")
            text.append(_("Solver") + " ", style="bold")
            text.append("█" * filled + "░" * (BAR - filled))
            text.append(f" {self.percent}%")
            self.update(text)
            self.display = True

    @property
    def percent(self) -> int:
        return int(self.progress * 100)

    def _ready(self, policy: Policy) -> None:
        self.policy = policy
        self.progress = 1.0
        self.display = False
        if self.on_ready is not None:
            self.on_ready(policy)

    def _failed(self, message: str) -> None:
        self.error = message
        self.update(Text(_("Solver unavailable: {error}").format(error=message), style="italic"))
        self.display = True

    def waiting_message(self) -> str:
        """What a hint says while there is no policy yet."""
        if self.error:
            return _("No hints: the solver is unavailable ({error}).").format(error=self.error)
        return _("Preparing the solver (the bar shows how far); the hint follows.")
