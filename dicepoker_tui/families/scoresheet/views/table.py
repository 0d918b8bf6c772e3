"""The table: dice, the current player's open boxes with previews, totals and the log.

The screen holds no game state of its own: it subscribes to the `Game`, and after
each burst of events pushes what it needs down into the widgets. Keys become engine
commands; a refused command becomes a short notice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.worker import Worker

from dicepoker_tui.families.scoresheet.bots.bots import Bot
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.state import GameState, evolve
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.families.scoresheet.views.boxes import BoxList
from dicepoker_tui.families.scoresheet.views.log import GameLog
from dicepoker_tui.families.scoresheet.views.log_text import log_line
from dicepoker_tui.families.scoresheet.views.menu import MenuChoice, MenuScreen
from dicepoker_tui.families.scoresheet.views.scoresheet import ResultChoice, ScoresheetScreen
from dicepoker_tui.families.scoresheet.views.seat_role import SeatRole
from dicepoker_tui.families.scoresheet.views.sheet import SheetTable
from dicepoker_tui.families.scoresheet.views.solver_status import SolverStatus
from dicepoker_tui.families.scoresheet.views.standings import Standings
from dicepoker_tui.families.scoresheet.views.table_hints import (
    TableHints,
    bot_takes_risks,
    plays_to_win,
    preload_solver,
)
from dicepoker_tui.families.scoresheet.views.table_keys import PaletteCommand, TableKeys
from dicepoker_tui.families.scoresheet.views.table_text import (
    box_rows,
    home_status,
    next_open_box,
    top_line,
    written_rows,
)
from dicepoker_tui.i18n import _, ngettext
from dicepoker_tui.ui.common.dice import DiceRow, Die
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.common.handover import HandoverResult, HandoverScreen
from dicepoker_tui.ui.common.help import HelpScreen
from dicepoker_tui.ui.common.size_notice import SizeNotice
from dicepoker_tui.ui.messages import GameOver, ToLobby


class TableScreen(Screen[None]):
    """Where a game is played: what its keys do is `keys` (`TableKeys`), its hint and
    coach notes `hints` (`TableHints`)."""

    BINDINGS_CONTEXT = "table"
    """The footer's words are read in this gettext context: short ones, for 80 columns."""

    WIDE = 130
    """From this many columns on, everyone's sheet shows beside the boxes."""
    TALL = 34
    """From this many rows on, the box list and sheet take only the height they need."""
    NEEDED = (80, 24)
    """The smallest terminal the table plays in; below it the screen says so."""

    BINDINGS = [
        Binding("space", "throw", "Throw", key_display="space/r"),
        Binding("r", "throw", "Throw", show=False),
        Binding("1", "hold(0)", "Hold", key_display="1-5"),
        Binding("2", "hold(1)", "Hold die 2", show=False),
        Binding("3", "hold(2)", "Hold die 3", show=False),
        Binding("4", "hold(3)", "Hold die 4", show=False),
        Binding("5", "hold(4)", "Hold die 5", show=False),
        # ↑↓ on the highlighted box list go without saying; the footer's room goes to h Hint.
        Binding("up", "cursor(-1)", "Box", key_display="↑↓", show=False),
        Binding("down", "cursor(1)", "Box down", show=False),
        Binding("k", "cursor(-1)", "Box up", show=False),
        Binding("j", "cursor(1)", "Box down", show=False),
        Binding("enter", "write", "Write", key_display="⏎"),
        Binding("h", "hint", "Hint"),
        Binding("s", "sheet", "Sheet"),
        Binding("u", "undo", "Undo"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("f1", "help", "Help", show=False),
        Binding("escape", "menu", "Menu"),
        # Textual's own ctrl+q (quit), listed in this footer; priority so it wins there.
        Binding("ctrl+q", "app.quit", "Quit", key_display="^q", priority=True),
    ]

    def __init__(
        self,
        game: Game,
        bots: dict[int, Bot],
        pace: float,
        kept: bool,
        coach: Mapping[int, float] | None = None,
        role: SeatRole | None = None,
        help_to_win: bool = False,
    ) -> None:
        super().__init__()
        self.game = game
        self.help_to_win = help_to_win and len(game.state.players) > 1
        """Whether the hint and the coach aim at the chance to win (never alone)."""
        self.role = role or SeatRole()
        """Who plays here and how: at home (the default) or at a shared table."""
        self.coach_thresholds = dict(coach or {})
        """Seat → the coach's threshold in expected points, for the coached seats."""
        self._coach = None
        self.kept = kept
        self.runner = self.role.runner(self, game, bots, pace, self.show_bot_box)
        self._unsubscribe: Callable[[], None] | None = None
        self._sync_pending = False
        self.cursors: dict[int, str] = {}
        """Seat → the box its cursor is on."""
        self.announced: tuple[int, int] | None = None
        """(round, seat) of the last turn handed over."""
        self._result_shown = False
        self._shown: dict[str, object] = {}
        self.keys = TableKeys(self)
        self.hints = TableHints(self)

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="table-top")
        with Horizontal(id="table-main"):
            with Vertical(id="table-left"):
                yield DiceRow(id="dice")
                yield Static(id="turn-status")
                yield SolverStatus(
                    self.game.variant,
                    autostart=preload_solver(self.game, self.role, self.coach_thresholds),
                    spread=plays_to_win(self.game) or self.help_to_win,
                    risk=plays_to_win(self.game) and bot_takes_risks(self.game),
                    id="solver-status",
                )
                yield Standings(id="standings")
                yield GameLog(id="log")
            yield BoxList(id="boxes")
            yield SheetTable(focusable=False, max_width=90, id="side-sheet")
        yield SizeNotice(self.NEEDED, id="table-too-small")
        # ctrl+p still opens the palette; the footer's room goes to the game's keys.
        yield KeysFooter(palette="hidden")

    def on_mount(self) -> None:
        log = self.query_one(GameLog)
        state = None
        for event in self.game.events:  # a resumed game shows its history
            state = evolve(state, event)
            line = log_line(event, state, self.game.variant)
            if line:
                log.add(line)
        self._unsubscribe = self.game.subscribe(self._on_event)
        if self.coach_thresholds:
            from dicepoker_tui.families.scoresheet.views.coach import Coach

            status = self.query_one(SolverStatus)
            spread = (lambda: status.spread_table) if self.help_to_win else None
            self._coach = Coach(
                self.game,
                self.coach_thresholds,
                lambda: status.policy,
                self.hints.coach_note,
                spread,
            )
        self._fit()
        self._sync()

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self._coach is not None:
            self._coach.close()
            self._coach = None

    def on_screen_suspend(self) -> None:
        """The table's notes are about the table: they go when another screen (help,
        sheet, menu) covers it, instead of lying over that screen's text."""
        self.hints.withdraw_all()

    def on_screen_resume(self) -> None:
        if self.is_mounted:
            self._fit()
            self.call_next(self._drive)

    def on_resize(self) -> None:
        self._fit()
        if self.is_mounted and self.query("#table-top"):
            top = self._top_line(self.game.state, self.game.variant)
            self._show("#table-top", top, layout=False)

    def _fit(self) -> None:
        """Use the room there is. Direct style changes, not breakpoint classes: a class
        change restyles every widget."""
        size = self.app.size
        small = self.query_one(SizeNotice).fit(size)
        self.query_one("#table-main").display = not small
        self.query_one("#table-top").display = not small
        wide, tall = size.width >= self.WIDE, size.height >= self.TALL
        boxes = self.query_one(BoxList)
        side = self.query_one("#side-sheet", SheetTable)
        boxes.styles.width = 36 if wide else 30
        boxes.styles.height = "auto" if tall else "1fr"
        side.styles.height = "auto" if tall else "1fr"
        side.display = wide
        self._render_side_sheet()

    # -- game events in, widgets updated --------------------------------------------------
    def _on_event(self, event: ev.Event, state: GameState) -> None:
        variant = self.game.variant
        extra = self.role.log_line(event, state)
        if extra:
            self.query_one(GameLog).add(extra)
        line = log_line(event, state, variant)
        if line:
            self.query_one(GameLog).add(line)
        if isinstance(event, ev.BoxWritten):
            nxt = next_open_box(variant, state.sheets[event.player], event.box)
            if nxt:
                self.cursors[event.player] = nxt
        elif isinstance(event, ev.WriteUndone):
            self.cursors[event.player] = event.box
        if isinstance(event, ev.DiceThrown | ev.BoxWritten | ev.WriteUndone):
            self.query_one(DiceRow).show_hint(None)  # a hint holds for the dice it was given for
            self.hints.withdraw()
        if not self._sync_pending:
            self._sync_pending = True
            self.call_next(self._sync)

    def _sync(self) -> None:
        """Push the current state down into every widget, then see who acts next."""
        self._sync_pending = False
        state = self.game.state
        variant = self.game.variant
        turn = state.turn
        self._show("#table-top", self._top_line(state, variant), layout=False)
        dice_row = self.query_one(DiceRow)
        dice_row.dice = turn.dice if turn else None
        dice_row.held = turn.held if turn and turn.dice else (False,) * 5
        self._show("#turn-status", self._status(state, variant), layout=False)
        standings = ([p.shown for p in state.players], [s.total for s in state.sheets])
        if (standings, state.current) != self._shown.get("#standings"):
            self._shown["#standings"] = (standings, state.current)
            self.query_one(Standings).show(*standings, state.current)
        self._render_boxes(state, variant)
        self._render_side_sheet()
        self._drive()

    def _show(self, selector: str, text: Text, layout: bool = True) -> None:
        """Update a text widget only when its text changed; fixed-size ones without a
        layout pass (which would repaint every widget)."""
        if self._shown.get(selector) != text:
            self._shown[selector] = text
            self.query_one(selector, Static).update(text, layout=layout)

    def _status(self, state: GameState, variant: Variant) -> Text:
        """Three short lines: the throw, the bonus goals, the stage and bank (as the seat
        role shows them)."""
        home = home_status(state, variant, self.game.throws_left(), self.runner.is_bot)
        return self.role.status(state, variant, home)

    def _top_line(self, state: GameState, variant: Variant) -> Text:
        role_line = self.role.top_line(state, variant)
        width = self.app.size.width
        return top_line(state, variant, width) if role_line is None else role_line

    def _render_boxes(self, state: GameState, variant: Variant) -> None:
        boxes = self.query_one(BoxList)
        turn = state.turn
        if turn is None:  # the game is over: the first human's boxes as they ended
            seat = next((i for i, p in enumerate(state.players) if p.kind == "human"), 0)
            written = written_rows(state, variant, seat)
            boxes.show([written[b.id] for b in variant.boxes if b.id in written], None)
            name = state.players[seat].shown
            boxes.border_title = _("{name}'s boxes").format(name=name)
            return
        name = state.players[turn.player].shown
        boxes.border_title = _("{name}'s boxes").format(name=name)
        rows = box_rows(state, variant, self.game.preview())
        boxes.show(rows, self.cursors.get(turn.player))

    def _render_side_sheet(self) -> None:
        sheet = self.query_one("#side-sheet", SheetTable)
        if sheet.display and self.is_mounted:
            sheet.show(self.game.variant, self.game.state)

    # -- who acts next ----------------------------------------------------------------------
    def _drive(self) -> None:
        if not self.is_current:
            return
        state = self.game.state
        if state.finished:
            if not self._result_shown:
                self._result_shown = True
                self.app.clear_notifications()  # no note covers the final sheet's last rows
                self.app.push_screen(ScoresheetScreen(self.game), self._after_result)
            return
        assert state.turn is not None
        if self.runner.is_bot(state.turn.player):
            self.runner.poke()
            return
        if self.role.hands_over:
            self._maybe_handover(state)

    def _maybe_handover(self, state: GameState) -> None:
        assert state.turn is not None
        humans = [i for i, p in enumerate(state.players) if p.kind == "human"]
        key = (state.turn.round, state.turn.player)
        if len(humans) < 2 or key == self.announced:
            return
        self.announced = key
        player = state.players[state.turn.player]
        variant = self.game.variant
        total = state.sheets[state.turn.player].total
        detail = (
            _("Round {round} of {rounds}").format(round=state.turn.round, rounds=len(variant.boxes))
            + " · "
            + ngettext("{n} point so far", "{n} points so far", total).format(n=total)
        )
        undo_by = None
        if state.undo is not None and state.undo.turn is not None:
            writer = state.undo.turn.player
            if not self.runner.is_bot(writer):
                undo_by = state.players[writer].shown
        self.app.push_screen(HandoverScreen(player.shown, detail, undo_by), self._after_handover)

    def _after_handover(self, result: HandoverResult | None) -> None:
        if result == "undo":
            self.action_undo()
        elif result == "menu":
            self.action_menu()

    def _after_result(self, choice: ResultChoice | None) -> None:
        if choice is not None:
            self.post_message(GameOver(self.game, choice))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        self.runner.on_worker_state_changed(event)

    def show_bot_box(self, box: str) -> None:
        boxes = self.query_one(BoxList)
        if box in [row.box for row in boxes.rows]:
            boxes.highlighted = boxes.get_option_index(box)

    # -- keys (see `TableKeys`, `TableHints`) ---------------------------------------------
    def action_throw(self) -> None:
        self.keys.throw()

    def action_hold(self, index: int) -> None:
        self.keys.hold(index)

    def on_die_clicked(self, message: Die.Clicked) -> None:
        self.keys.hold(message.index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.keys.write(event.option.id)

    def action_cursor(self, step: int) -> None:
        self.keys.cursor(step)

    def action_write(self) -> None:
        self.keys.write_at_cursor()

    def action_undo(self) -> None:
        self.keys.undo()

    def action_hint(self) -> None:
        self.hints.hint()

    def palette_commands(self) -> Iterator[PaletteCommand]:
        return self.keys.palette_commands()

    def action_sheet(self) -> None:
        self.app.push_screen(ScoresheetScreen(self.game), self._after_result)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.game.variant))

    def action_menu(self) -> None:
        self.app.push_screen(MenuScreen(kept=self.kept), self._after_menu)

    def _after_menu(self, choice: MenuChoice | None) -> None:
        match choice:
            case "sheet":
                self.action_sheet()
            case "help":
                self.action_help()
            case "theme":
                self.app.action_change_theme()
            case "lobby":
                self.post_message(ToLobby())
            case "quit":
                self.app.exit()
