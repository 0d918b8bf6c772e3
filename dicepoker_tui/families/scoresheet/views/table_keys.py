"""The table's keys: throw, hold, move the cursor, write, undo, and the palette's commands.

A mixin of `TableScreen` (over `TableHints`), which gives it `game`, `runner`, the
cursors and the wait note, and the screens the menu keys open.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from textual.notifications import Notification
from textual.widgets import OptionList

from dicepoker_tui.engine.dice import Dice
from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.families.scoresheet.views.boxes import BoxList
from dicepoker_tui.families.scoresheet.views.real_dice import RealDiceScreen
from dicepoker_tui.families.scoresheet.views.table_hints import TableHints
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.dice import Die
from dicepoker_tui.ui.common.size_notice import SizeNotice
from dicepoker_tui.ui.common.textual_private import notify_note, withdraw_note

PaletteCommand = tuple[str, str, Callable[[], object]]


class TableKeys(TableHints):
    """What the keys of a scoresheet table do."""

    runner: Any
    """What plays the bot seats (the seat role's runner: at home or at the hub)."""
    _announced: tuple[int, int] | None
    _wait_note: Notification | None
    action_sheet: Callable[[], None]
    action_help: Callable[[], None]
    action_menu: Callable[[], None]

    # -- player actions -------------------------------------------------------------------
    def _can_act(self) -> bool:
        if self.query_one(SizeNotice).display:  # the table is not in view: no blind moves
            return False
        state = self.game.state
        if state.turn is None:
            self.notify(_("The game is over: s shows the result."), severity="warning", timeout=2)
            return False
        refusal = self.role.refusal(state)
        if refusal:
            self.notify(refusal, timeout=2)
            return False
        if self.runner.is_bot(state.turn.player):
            name = state.players[state.turn.player].shown
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
