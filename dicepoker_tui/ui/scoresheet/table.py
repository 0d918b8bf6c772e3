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
from textual.notifications import Notification
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.worker import Worker

from dicepoker_tui.ai.bots import Bot
from dicepoker_tui.engine.dice import Dice
from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.engine.scoresheet import events as ev
from dicepoker_tui.engine.scoresheet.game import Game
from dicepoker_tui.engine.scoresheet.state import GameState, Sheet, evolve
from dicepoker_tui.engine.scoresheet.variants.base import Variant, WriteContext
from dicepoker_tui.i18n import _, ngettext
from dicepoker_tui.ui.common.dice import DiceRow, Die
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.common.handover import HandoverResult, HandoverScreen
from dicepoker_tui.ui.common.help import HelpScreen
from dicepoker_tui.ui.common.size_notice import SizeNotice
from dicepoker_tui.ui.common.text import log_line
from dicepoker_tui.ui.common.textual_private import notes_shown, notify_note, withdraw_note
from dicepoker_tui.ui.messages import GameOver, ToLobby
from dicepoker_tui.ui.scoresheet.boxes import BoxList, BoxRow
from dicepoker_tui.ui.scoresheet.goals import goals, uses_bank
from dicepoker_tui.ui.scoresheet.log import GameLog
from dicepoker_tui.ui.scoresheet.menu import MenuChoice, MenuScreen
from dicepoker_tui.ui.scoresheet.real_dice import RealDiceScreen
from dicepoker_tui.ui.scoresheet.scoresheet import ResultChoice, ScoresheetScreen
from dicepoker_tui.ui.scoresheet.seat_role import SeatRole
from dicepoker_tui.ui.scoresheet.sheet import SheetTable
from dicepoker_tui.ui.scoresheet.solver_status import SolverStatus
from dicepoker_tui.ui.scoresheet.standings import Standings

PaletteCommand = tuple[str, str, Callable[[], object]]


def next_open_box(variant: Variant, sheet: Sheet, after: str) -> str | None:
    """The first open box following `after` in sheet order, wrapping round."""
    open_boxes = variant.open_boxes(sheet)
    if not open_boxes:
        return None
    order = variant.box_ids
    start = order.index(after)
    for box in order[start + 1 :] + order[: start + 1]:
        if box in open_boxes:
            return box
    return open_boxes[0]


class TableScreen(Screen[None]):
    """Where a game is played."""

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
        self.runner = self.role.runner(self, game, bots, pace, self._show_bot_box)
        self._unsubscribe: Callable[[], None] | None = None
        self._sync_pending = False
        self._cursors: dict[int, str] = {}
        self._announced: tuple[int, int] | None = None
        self._result_shown = False
        self._shown: dict[str, object] = {}
        self._hint_note: Notification | None = None
        self._wait_note: Notification | None = None
        self._coach_notes: list[Notification] = []
        self._hint_waits_for: int | None = None
        """The number of events when a hint was asked for before the solver was ready."""

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="table-top")
        with Horizontal(id="table-main"):
            with Vertical(id="table-left"):
                yield DiceRow(id="dice")
                yield Static(id="turn-status")
                yield SolverStatus(
                    self.game.variant,
                    autostart=self._preload_solver(),
                    spread=self._plays_to_win() or self.help_to_win,
                    risk=self._plays_to_win() and self._bot_takes_risks(),
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
            from dicepoker_tui.ui.scoresheet.coach import Coach

            status = self.query_one(SolverStatus)
            spread = (lambda: status.spread_table) if self.help_to_win else None
            self._coach = Coach(
                self.game, self.coach_thresholds, lambda: status.policy, self._coach_note, spread
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
        self._withdraw_hint()
        for note in self._coach_notes:
            withdraw_note(self.app, note)
        self._coach_notes.clear()

    def on_screen_resume(self) -> None:
        if self.is_mounted:
            self._fit()
            self.call_next(self._drive)

    def on_resize(self) -> None:
        self._fit()

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
                self._cursors[event.player] = nxt
        elif isinstance(event, ev.WriteUndone):
            self._cursors[event.player] = event.box
        if isinstance(event, ev.DiceThrown | ev.BoxWritten | ev.WriteUndone):
            self.query_one(DiceRow).hint = ()  # a hint holds for the dice it was given for
            self._withdraw_hint()
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
        standings = ([p.name for p in state.players], [s.total for s in state.sheets])
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

    def _top_line(self, state: GameState, variant: Variant) -> Text:
        role_line = self.role.top_line(state, variant)
        if role_line is not None:
            return role_line
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f" {variant.display_name} ", style="bold reverse")
        if state.turn is None:
            text.append("  " + _("game over"))
        else:
            player = state.players[state.turn.player]
            rnd = _("round {round} of {rounds}").format(
                round=state.turn.round, rounds=len(variant.boxes)
            )
            text.append(f"  {rnd}  ")
            who = (
                _("{name} (bot)").format(name=player.name) if player.kind == "bot" else player.name
            )
            text.append(_("{name} to play").format(name=who), style="bold")
        if state.real_dice:  # the dice are thrown on the table: no seed decides them
            text.append("  · " + _("real dice"))
        else:
            text.append("  · " + _("seed {seed}").format(seed=state.seed), style="dim")
        return text

    def _status(self, state: GameState, variant: Variant) -> Text:
        """Three short lines: the throw, the bonus goals, the stage and bank (as the seat
        role shows them)."""
        return self.role.status(state, variant, self._home_status(state, variant))

    def _home_status(self, state: GameState, variant: Variant) -> Text:
        """The status lines of a table at home."""
        text = Text()
        turn = state.turn
        if turn is None:
            text.append(_("Game over."), style="bold")
            text.append("\n" + _("s shows the result; escape opens the menu."))
            return text
        seat = turn.player
        sheet = state.sheets[seat]
        player = state.players[seat]
        left = self.game.throws_left()
        if turn.dice is None:
            if self.runner.is_bot(seat):
                text.append(_("{name} is about to throw…").format(name=player.name))
            else:
                text.append(_("Press space or r to throw."), style="bold")
        else:
            total = max(variant.throws_per_turn, turn.throws + left)  # bank throws included
            text.append(_("Throw {n} of {total}").format(n=turn.throws, total=total), style="bold")
            extra = variant.spendable_bank(sheet)
            if left:
                text.append(" · " + _("{n} left").format(n=left))
                if extra:
                    text.append(" " + _("(bank {n})").format(n=extra))
            else:
                text.append(" · " + _("none left: write into a box"))
            ctx = WriteContext(sheet=sheet, throws=turn.throws)
            if variant.is_joker(tuple(sorted(turn.dice)), ctx):
                text.append(" · " + _("JOKER"), style="bold reverse")
        shown_goals = [g.describe() for g in goals(variant, sheet)]
        text.append("\n" + " · ".join(shown_goals))
        more = []
        stage = variant.current_stage(sheet)
        if len(variant.stages) > 1:
            more.append(_("Stage {n} of {total}").format(n=stage, total=len(variant.stages)))
        if uses_bank(variant):
            more.append(
                ngettext("bank {n} throw", "bank {n} throws", sheet.bank).format(n=sheet.bank)
            )
        text.append("\n" + " · ".join(more))
        return text

    def _written_rows(self, state: GameState, variant: Variant, seat: int) -> dict[str, BoxRow]:
        sheet = state.sheets[seat]
        return {
            b.id: BoxRow(b.id, variant.label(b.id), sheet.scores[b.id], legal=False, written=True)
            for b in variant.boxes
            if sheet.filled(b.id)
        }

    def _box_rows(self, state: GameState, variant: Variant) -> list[BoxRow]:
        turn = state.turn
        if turn is None:
            return []
        written = self._written_rows(state, variant, turn.player)
        rows = {row.box: row for row in self._open_box_rows(state, variant)} | written
        return [rows[b.id] for b in variant.boxes if b.id in rows]

    def _open_box_rows(self, state: GameState, variant: Variant) -> list[BoxRow]:
        turn = state.turn
        assert turn is not None
        sheet = state.sheets[turn.player]
        open_boxes = variant.open_boxes(sheet)
        if turn.dice is None:
            return [BoxRow(b, variant.label(b), None) for b in open_boxes]
        dice = tuple(sorted(turn.dice))
        preview = self.game.preview()
        later = WriteContext(sheet=sheet, throws=max(2, turn.throws))
        rows = []
        for box in open_boxes:
            points = preview.get(box)
            note = ""
            if points is not None and turn.throws == 1 and points > variant.score(box, dice, later):
                note = "×2"
            rows.append(BoxRow(box, variant.label(box), points, legal=box in preview, note=note))
        return rows

    def _render_boxes(self, state: GameState, variant: Variant) -> None:
        boxes = self.query_one(BoxList)
        turn = state.turn
        if turn is None:  # the game is over: the first human's boxes as they ended
            seat = next((i for i, p in enumerate(state.players) if p.kind == "human"), 0)
            written = self._written_rows(state, variant, seat)
            boxes.show([written[b.id] for b in variant.boxes if b.id in written], None)
            name = state.players[seat].name
            boxes.border_title = _("{name}'s boxes").format(name=name)
            return
        name = state.players[turn.player].name
        boxes.border_title = _("{name}'s boxes").format(name=name)
        boxes.show(self._box_rows(state, variant), self._cursors.get(turn.player))

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
        if len(humans) < 2 or key == self._announced:
            return
        self._announced = key
        player = state.players[state.turn.player]
        variant = self.game.variant
        detail = (
            _("Round {round} of {rounds}").format(round=state.turn.round, rounds=len(variant.boxes))
            + " · "
            + _("{n} points so far").format(n=state.sheets[state.turn.player].total)
        )
        undo_by = None
        if state.undo is not None and state.undo.turn is not None:
            writer = state.undo.turn.player
            if not self.runner.is_bot(writer):
                undo_by = state.players[writer].name
        self.app.push_screen(HandoverScreen(player.name, detail, undo_by), self._after_handover)

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

    def _show_bot_box(self, box: str) -> None:
        boxes = self.query_one(BoxList)
        if box in [row.box for row in boxes.rows]:
            boxes.highlighted = boxes.get_option_index(box)

    # -- player actions -------------------------------------------------------------------
    def _can_act(self) -> bool:
        state = self.game.state
        if state.turn is None:
            self.notify(_("The game is over: s shows the result."), severity="warning", timeout=2)
            return False
        refusal = self.role.refusal(state)
        if refusal:
            self.notify(refusal, timeout=2)
            return False
        if self.runner.is_bot(state.turn.player):
            name = state.players[state.turn.player].name
            if self._wait_note is not None:  # one such note at a time, however many keys
                withdraw_note(self.app, self._wait_note)
            message = _("{name} (bot) is playing: wait for your turn.").format(name=name)
            self._wait_note = notify_note(self.app, message, "", timeout=2)
            return False
        return True

    def _attempt(self, command: Callable[[], object]) -> bool:
        try:
            command()
        except IllegalMove as exc:
            self.notify(exc.message, severity="warning", timeout=2.5)
            return False
        return True

    def action_throw(self) -> None:
        if not self._can_act():
            return
        if not self.game.state.real_dice:
            self._attempt(self.game.throw)
            return
        turn = self.game.state.turn
        assert turn is not None
        if self.game.throws_left() <= 0:
            self.notify(_("No throws left: write the dice into a box."), severity="warning")
        elif turn.dice is not None and all(turn.held):
            self.notify(_("Every die is held: release at least one to throw."), severity="warning")
        else:
            self.app.push_screen(RealDiceScreen(self.game, self._real_throw))

    def _real_throw(self, dice: Dice) -> str | None:
        try:
            self.game.throw(dice=list(dice))
        except IllegalMove as exc:
            return exc.message
        return None

    def action_hold(self, index: int) -> None:
        if self._can_act():
            self._attempt(lambda: self.game.hold(index))

    def on_die_clicked(self, message: Die.Clicked) -> None:
        self.action_hold(message.index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self._write(event.option.id)

    def action_cursor(self, step: int) -> None:
        boxes = self.query_one(BoxList)
        if boxes.option_count == 0:
            return
        if step < 0:
            boxes.action_cursor_up()
        else:
            boxes.action_cursor_down()
        turn = self.game.state.turn
        if turn is not None and boxes.cursor_box is not None:
            self._cursors[turn.player] = boxes.cursor_box

    def action_write(self) -> None:
        box = self.query_one(BoxList).cursor_box
        if box is None:
            self.notify(_("No box under the cursor."), severity="warning", timeout=2)
        else:
            self._write(box)

    def _write(self, box: str) -> None:
        if self._can_act():
            self._attempt(lambda: self.game.write(box))

    def action_undo(self) -> None:
        state = self.game.state
        snapshot = state.undo
        if snapshot is not None and snapshot.turn is not None:
            writer = snapshot.turn.player
            if self.runner.is_bot(writer):
                self.notify(_("A bot's write cannot be taken back."), severity="warning", timeout=2)
                return
            self._announced = (snapshot.turn.round, writer)
        self._attempt(self.game.undo)

    # -- hints and the coach ----------------------------------------------------------------
    def _preload_solver(self) -> bool:
        """Whether the solver's table loads at once (the role decides, else as at home)."""
        preload = self.role.preload_solver
        return self._needs_solver() if preload is None else preload

    def _plays_to_win(self) -> bool:
        """Whether a bot at this table plays for the chance to win (it needs the spread)."""
        from dicepoker_tui.ai.winner_bot import WINNER

        players = self.game.state.players
        return len(players) > 1 and any(p.kind == "bot" and p.level == WINNER for p in players)

    def _bot_takes_risks(self) -> bool:
        """Whether a `winner` bot here plays its early turns with the risk tables."""
        from dicepoker_tui.ai.winner_bot import needs_risk_tables

        return needs_risk_tables(self.game.variant.id)

    def _needs_solver(self) -> bool:
        """Load the table from the start when the game uses it anyway (coach, solver bots)
        or when it is already cached; otherwise on the first hint."""
        if self.coach_thresholds:
            return True
        from dicepoker_tui.ai.noise import LEVEL_NOISE

        if any(p.kind == "bot" and p.level in LEVEL_NOISE for p in self.game.state.players):
            return True
        if self._plays_to_win():
            return True
        from dicepoker_tui.ai.solver import cached

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
            if status.error is None:  # the hint follows by itself once the table is in
                self._hint_waits_for = len(self.game.events)
                status.on_ready = self._hint_when_ready
            self._show_hint_note(status.waiting_message(), timeout=4)
            return
        state = self.game.state
        if self.help_to_win and status.spread_table is not None:
            from dicepoker_tui.ui.scoresheet.win_hints import win_hint_for

            hint = win_hint_for(status.policy, status.spread_table, state)
        else:
            from dicepoker_tui.ui.scoresheet.hints import hint_for

            hint = hint_for(status.policy, state)
        self._show_hint_note(hint.text, timeout=8)
        if hint.keep is not None:
            self.query_one(DiceRow).hint = hint.keep
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
        name = self.game.state.players[seat].name
        title = f"{_('Coach')} · {name}"
        self._coach_notes = [n for n in self._coach_notes if n in notes_shown(self.app)]
        self._coach_notes.append(notify_note(self.app, message, title, timeout=6))

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

    # -- command palette ------------------------------------------------------------------
    def palette_commands(self) -> Iterator[PaletteCommand]:
        yield (_("Throw"), _("Throw the dice that are not held (space, r)"), self.action_throw)
        for i in range(5):
            yield (
                _("Hold die {n}").format(n=i + 1),
                _("Hold or release die {n} ({n})").format(n=i + 1),
                lambda i=i: self.action_hold(i),
            )
        yield (
            _("Write"),
            _("Write the dice into the box under the cursor (enter)"),
            self.action_write,
        )
        yield (
            _("Hint"),
            _("The best move now and what the next best give up (h)"),
            self.action_hint,
        )
        yield (_("Scoresheet"), _("Everyone's sheet side by side (s)"), self.action_sheet)
        yield (
            _("Undo"),
            _("Take back the last write, until the next throw (u)"),
            self.action_undo,
        )
        yield (_("Help"), _("Keys and the rules of this variant (?, F1)"), self.action_help)
        yield (_("Menu"), _("Lobby, theme, quit (escape)"), self.action_menu)
