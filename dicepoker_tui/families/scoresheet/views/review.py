"""Game review: the scoresheet and, beside it, the game turn by turn.

The reader steps through the turns (← →, j k, home end); the sheet shows the game as it
stood after the highlighted turn, `replay(events[:step.upto])`, so it fills up as they go.
Where the sheet and the timeline do not fit side by side, `t` switches between them and
a line above the sheet tells the turn shown. `a` analyses the game in a worker (the
solver's table is loaded, or built, first): each turn of the timeline is marked with the
expected points its decisions gave up, and a panel sums it up per player.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.history.timeline import timeline
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import replay
from dicepoker_tui.families.scoresheet.rules.state import GameState, evolve
from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.views.review_analysis import (
    decisions_by_step,
    summary_text,
    turn_marks,
)
from dicepoker_tui.families.scoresheet.views.review_steps import (
    Step,
    review_steps,
    step_summary,
    step_text,
    turn_detail,
)
from dicepoker_tui.families.scoresheet.views.sheet import SheetTable
from dicepoker_tui.families.scoresheet.views.sheet_model import result_line
from dicepoker_tui.i18n import _
from dicepoker_tui.store import GameRecord, Store, StoreError
from dicepoker_tui.ui.common.export_save import export_review
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.history.review_text import time_zone, when

if TYPE_CHECKING:  # the solver (numpy) is imported when a game is analysed
    from dicepoker_tui.families.scoresheet.bots.analysis import Analysis

TIMELINE_MIN_WIDTH = 36
"""Narrower than this beside the sheet, the review shows one pane at a time."""


class ReviewSheet(SheetTable):
    """The sheet of the review: not focusable; the box just written is marked."""

    def __init__(self, **kwargs) -> None:
        super().__init__(focusable=False, **kwargs)

    def mark(self, box: str | None, seat: int | None) -> None:
        """Put the cell cursor on `box` of `seat` (or hide it)."""
        if box is None or seat is None:
            self.show_cursor = False
            return
        try:
            row = self.get_row_index(box)
        except Exception:  # a box this variant does not list
            self.show_cursor = False
            return
        self.cursor_type = "cell"
        self.show_cursor = True
        self.move_cursor(row=row, column=seat + 1, animate=False)


class ReviewScreen(Screen[None]):
    """One game, stepped through turn by turn; escape goes back."""

    DEFAULT_CSS = """
    ReviewScreen #review-title { height: 1; background: $boost; text-style: bold; padding: 0 1; }
    ReviewScreen #review-now { height: auto; max-height: 3; padding: 0 1; display: none; }
    ReviewScreen #review-main { height: 1fr; }
    ReviewScreen ReviewSheet { width: auto; max-width: 100%; height: 1fr; }
    ReviewScreen #review-side { width: 1fr; height: 1fr; margin-left: 1; }
    ReviewScreen #review-timeline { height: 1fr; border: round $primary; padding: 0 1; }
    ReviewScreen #review-detail {
        display: none; width: 1fr; height: 1fr; margin-left: 1; padding: 0 1;
        border: round $primary-muted;
    }
    ReviewScreen #review-timeline > .option-list--option { padding: 0; }
    ReviewScreen #review-analysis {
        display: none; height: auto; max-height: 10; border: round $primary-muted; padding: 0 1;
    }
    ReviewScreen.-single #review-now { display: block; }
    ReviewScreen.-single #review-side { margin-left: 0; }
    ReviewScreen.-single.-sheet-pane #review-side { display: none; }
    ReviewScreen.-single.-timeline-pane ReviewSheet { display: none; }
    ReviewScreen.-single.-timeline-pane #review-now { display: none; }
    ReviewScreen.-roomy #review-side { width: 48; }
    ReviewScreen.-roomy #review-detail { display: block; }
    """

    BINDINGS_CONTEXT = "review"
    """Footer words read in this context: `Start` and `End` are where the review goes."""

    BINDINGS = [
        Binding("right", "step(1)", "Next turn", key_display="←→/jk", priority=True),
        Binding("left", "step(-1)", "Previous turn", show=False, priority=True),
        Binding("j", "step(1)", "Next turn", show=False),
        Binding("k", "step(-1)", "Previous turn", show=False),
        Binding("home", "first", "Start", priority=True),
        Binding("end", "last", "End", priority=True),
        Binding("t", "toggle_pane", "Sheet/Timeline"),
        Binding("a", "analyse", "Analyse"),
        Binding("e", "export", "Export"),
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),
    ]

    position: reactive[int] = reactive(-1, init=False)
    """Index of the step shown."""

    single: reactive[bool] = reactive(False)
    """Whether one pane is shown at a time (too narrow for both)."""

    pane: reactive[str] = reactive("sheet")
    """The pane shown when `single`: "sheet" or "timeline"."""

    def __init__(
        self, events: Sequence[ev.Event], record: GameRecord | None = None, start: int | None = None
    ) -> None:
        super().__init__()
        self.events = list(events)
        self.record = record
        self.final = replay(self.events)
        self.variant = get_variant(self.final.variant)
        self.told = timeline(self.events)
        self.steps: list[Step] = review_steps(self.events, self.told)
        self._states = self._fold_steps()
        self._start = len(self.steps) - 1 if start is None else start
        self.store: Store | None = None
        """Where the game is kept (for its export), when it came from the history."""
        self.analysis: Analysis | None = None
        """The game's analysis, once `a` has run it."""
        self._analysing = False
        self._ready = False
        """Whether the panes are mounted: keys pressed before that are ignored."""

    @classmethod
    def from_store(cls, store: Store, game_id: int) -> ReviewScreen:
        """The review of a stored game (raises `GameNotFound` for an unknown id)."""
        record = store.game(game_id)
        review = cls(scoresheet_games(store).load_events(game_id), record)
        review.store = store
        return review

    @classmethod
    def show_game(cls, screen: Screen, store: Store, game_id: int) -> None:
        """Push the review of a stored game over `screen`, or say why it cannot be opened."""
        try:
            review = cls.from_store(store, game_id)
        except (StoreError, ValueError) as exc:
            message = _("Game {id} cannot be opened: {error}").format(id=game_id, error=exc)
            screen.notify(message, severity="error", timeout=6)
            return
        screen.app.push_screen(review)

    def _fold_steps(self) -> list[GameState]:
        """The state at every step, folded once (the same as replaying up to each)."""
        states: list[GameState] = []
        state: GameState | None = None
        done = 0
        for step in self.steps:
            for event in self.events[done : step.upto]:
                state = evolve(state, event)
            done = max(done, step.upto)
            assert state is not None
            states.append(state)
        return states

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="review-title")
        yield Static(id="review-now")
        with Horizontal(id="review-main"):
            yield ReviewSheet(id="review-sheet")
            with Vertical(id="review-side"):
                timeline_list = OptionList(
                    *(
                        Option(step_text(step, self.final, self.variant, self.told), id=f"step{i}")
                        for i, step in enumerate(self.steps)
                    ),
                    id="review-timeline",
                )
                timeline_list.border_title = _("Turn by turn")
                yield timeline_list
                panel = Static(id="review-analysis")
                panel.border_title = _("Analysis")
                yield panel
            detail = Static(id="review-detail")
            detail.border_title = _("This turn")
            yield detail
        yield KeysFooter(palette="fit")

    def on_mount(self) -> None:
        self.query_one("#review-timeline", OptionList).focus()
        self._ready = True
        self.position = self._start
        self._fit(self.size.width, self.size.height)

    def on_resize(self) -> None:
        self._fit(self.size.width, self.size.height)

    def _fit(self, width: int, height: int) -> None:
        """Side by side when the timeline gets enough room, else one pane at a time."""
        sheet = self.query_one(ReviewSheet)
        needed = sheet.virtual_size.width + 2
        self.single = width - needed < TIMELINE_MIN_WIDTH
        self.set_class(width >= 130 and height >= 34 and not self.single, "-roomy")

    def _title(self) -> Text:
        text = Text()
        if self.record is not None:
            text.append(_("Game {id}").format(id=self.record.id), style="bold")
            text.append(f" · {when(self.record.started_at, time_zone(self))} · ")
        text.append(self.variant.display_name, style="bold")
        line = result_line(self.final)
        if line:
            text.append(f" · {line}")
        elif not self.final.finished:
            text.append(f" · {_('not finished')}")
        return text

    # -- stepping -------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.steps[self.position]

    @property
    def state(self) -> GameState:
        """The game as it stood at the step shown."""
        return self._states[self.position]

    def validate_position(self, position: int) -> int:
        return max(0, min(position, len(self.steps) - 1))

    def watch_position(self, position: int) -> None:
        step = self.steps[position]
        sheet = self.query_one(ReviewSheet)
        sheet.show(self.variant, self._states[position])
        turn = step.turn
        if turn is not None and turn.write is not None:
            sheet.mark(turn.write.box, turn.player)
        else:
            sheet.mark(None, None)
        timeline_list = self.query_one("#review-timeline", OptionList)
        if timeline_list.highlighted != position:
            timeline_list.highlighted = position
        summary = step_summary(step, self._states[position], self.variant)
        self.query_one("#review-now", Static).update(
            Text(f"{position}/{len(self.steps) - 1}  {summary}")
        )
        self.query_one("#review-detail", Static).update(
            turn_detail(step, self.final, self.variant, self.told)
        )

    def watch_single(self, single: bool) -> None:
        self.set_class(single, "-single")

    def watch_pane(self, pane: str) -> None:
        self.set_class(pane == "sheet", "-sheet-pane")
        self.set_class(pane == "timeline", "-timeline-pane")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_list.highlighted == event.option_index:  # not a stale one
            self.position = event.option_index

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.single:
            self.pane = "sheet"

    def action_step(self, delta: int) -> None:
        if self._ready:
            self.position = self.position + delta

    def action_first(self) -> None:
        if self._ready:
            self.position = 0

    def action_last(self) -> None:
        if self._ready:
            self.position = len(self.steps) - 1

    def action_toggle_pane(self) -> None:
        self.pane = "timeline" if self.pane == "sheet" else "sheet"
        if self.pane == "timeline":
            self.query_one("#review-timeline", OptionList).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_pane":
            return self.single
        return True

    # -- analysis ---------------------------------------------------------------------------
    def action_analyse(self) -> None:
        """Analyse the game (once, in a thread), or show and hide the analysis panel."""
        panel = self.query_one("#review-analysis", Static)
        if self.single:
            self.pane = "timeline"
        if self.analysis is not None:
            panel.display = not panel.display
            return
        panel.display = True
        if self._analysing:
            return
        self._analysing = True
        panel.update(Text(_("Analysing…"), style="italic"))
        self.run_worker(self._analyse, thread=True, exit_on_error=False, group="analysis")

    def _analyse(self) -> None:
        from dicepoker_tui.families.scoresheet.bots.analysis import analyze_events
        from dicepoker_tui.families.scoresheet.bots.policy import Policy
        from dicepoker_tui.family.prepared import heavy_slot

        def progress(fraction: float) -> None:
            self._from_thread(self._show_progress, fraction)

        def waiting() -> None:
            self._from_thread(self._show_waiting)

        worker = get_current_worker()
        try:  # on a server: one analysis at a time across the guests, at low priority
            with heavy_slot(waiting, stop=lambda: worker.is_cancelled):
                policy = Policy.for_variant(self.variant, progress=progress)
                spread = None
                if len(self.final.players) > 1:  # judged for winning too
                    from dicepoker_tui.families.scoresheet.solver.spread import get_spread

                    spread = get_spread(self.variant, progress=progress)
                analysis = analyze_events(self.events, policy, spread)
        except Exception as exc:  # no table, an odd history: say so, keep the review
            self._from_thread(self._analysis_failed, str(exc) or type(exc).__name__)
            return
        self._from_thread(self._show_analysis, analysis)

    def _from_thread(self, callback, *args: object) -> None:
        with contextlib.suppress(RuntimeError):  # the app has gone
            self.app.call_from_thread(callback, *args)

    def _show_waiting(self) -> None:
        if self.analysis is None:
            text = Text(_("Waiting for the analyses of other players to finish…"), style="italic")
            self.query_one("#review-analysis", Static).update(text)

    def _show_progress(self, fraction: float) -> None:
        if self.analysis is None:
            line = _("Preparing the solver: {percent}%").format(percent=int(fraction * 100))
            text = Text(line, style="italic")
            self.query_one("#review-analysis", Static).update(text)

    def _analysis_failed(self, message: str) -> None:
        self._analysing = False
        self.query_one("#review-analysis", Static).update(
            Text(_("No analysis: {error}").format(error=message), style="italic")
        )

    def _show_analysis(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self._analysing = False
        timeline_list = self.query_one("#review-timeline", OptionList)
        for i, decisions in decisions_by_step(analysis, self.steps).items():
            prompt = step_text(self.steps[i], self.final, self.variant, self.told)
            prompt.append("\n  ")
            prompt.append_text(turn_marks(decisions))
            timeline_list.replace_option_prompt_at_index(i, prompt)
        self.query_one("#review-analysis", Static).update(
            summary_text(analysis, self.final.finished)
        )

    def action_export(self) -> None:
        """The game as JSON (what `dicepoker import` reads): a download in a browser, a
        file in the downloads folder (else the data directory) in a terminal."""
        export_review(self, self.store, self.record.id if self.record is not None else None)

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.dismiss(None)
        else:  # the first screen of `dicepoker review`
            self.app.exit()
