"""The table's keys: throw, hold, move the cursor, write, undo, and the palette's commands.

`TableKeys` is a collaborator of `TableScreen` with its own state (the note that a bot
is playing); the screen's `action_*` methods hand each key to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from textual.notifications import Notification

from dicepoker_tui.engine.dice import Dice
from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.families.scoresheet.views.boxes import BoxList
from dicepoker_tui.families.scoresheet.views.real_dice import RealDiceScreen
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.size_notice import SizeNotice
from dicepoker_tui.ui.common.textual_private import notify_note, withdraw_note

if TYPE_CHECKING:
    from dicepoker_tui.families.scoresheet.views.table import TableScreen

PaletteCommand = tuple[str, str, Callable[[], object]]


class TableKeys:
    """What the keys of one scoresheet table screen do."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.wait_note: Notification | None = None
        """The note that a bot is playing (one at a time, however many keys)."""

    # -- player actions -------------------------------------------------------------------
    def can_act(self) -> bool:
        screen = self.screen
        if screen.query_one(SizeNotice).display:  # the table is not in view: no blind moves
            return False
        state = screen.game.state
        if state.turn is None:
            screen.notify(_("The game is over: s shows the result."), severity="warning", timeout=2)
            return False
        refusal = screen.role.refusal(state)
        if refusal:
            screen.notify(refusal, timeout=2)
            return False
        if screen.runner.is_bot(state.turn.player):
            name = state.players[state.turn.player].shown
            if self.wait_note is not None:
                withdraw_note(screen.app, self.wait_note)
            message = _("{name} (bot) is playing: wait for your turn.").format(name=name)
            self.wait_note = notify_note(screen.app, message, "", timeout=2)
            return False
        return True

    def _attempt(self, command: Callable[[], object]) -> bool:
        try:
            command()
        except IllegalMove as exc:
            self.screen.notify(exc.message, severity="warning", timeout=2.5)
            return False
        return True

    def throw(self) -> None:
        if not self.can_act():
            return
        screen, game = self.screen, self.screen.game
        if not game.state.real_dice:
            self._attempt(game.throw)
            return
        turn = game.state.turn
        assert turn is not None
        if game.throws_left() <= 0:
            screen.notify(_("No throws left: write the dice into a box."), severity="warning")
        elif turn.dice is not None and all(turn.held):
            screen.notify(
                _("Every die is held: release at least one to throw."), severity="warning"
            )
        else:
            screen.app.push_screen(RealDiceScreen(game, self._real_throw))

    def _real_throw(self, dice: Dice) -> str | None:
        try:
            self.screen.game.throw(dice=list(dice))
        except IllegalMove as exc:
            return exc.message
        return None

    def hold(self, index: int) -> None:
        if self.can_act():
            self._attempt(lambda: self.screen.game.hold(index))

    def cursor(self, step: int) -> None:
        boxes = self.screen.query_one(BoxList)
        if boxes.option_count == 0:
            return
        if step < 0:
            boxes.action_cursor_up()
        else:
            boxes.action_cursor_down()
        turn = self.screen.game.state.turn
        if turn is not None and boxes.cursor_box is not None:
            self.screen.cursors[turn.player] = boxes.cursor_box

    def write_at_cursor(self) -> None:
        box = self.screen.query_one(BoxList).cursor_box
        if box is None:
            self.screen.notify(_("No box under the cursor."), severity="warning", timeout=2)
        else:
            self.write(box)

    def write(self, box: str) -> None:
        if self.can_act():
            self._attempt(lambda: self.screen.game.write(box))

    def undo(self) -> None:
        screen = self.screen
        snapshot = screen.game.state.undo
        if snapshot is not None and snapshot.turn is not None:
            writer = snapshot.turn.player
            if screen.runner.is_bot(writer):
                screen.notify(
                    _("A bot's write cannot be taken back."), severity="warning", timeout=2
                )
                return
            screen.announced = (snapshot.turn.round, writer)
        self._attempt(screen.game.undo)

    # -- command palette ------------------------------------------------------------------
    def palette_commands(self) -> Iterator[PaletteCommand]:
        screen = self.screen
        yield (_("Throw"), _("Throw the dice that are not held (space, r)"), screen.action_throw)
        for i in range(5):
            yield (
                _("Hold die {n}").format(n=i + 1),
                _("Hold or release die {n} ({n})").format(n=i + 1),
                lambda i=i: screen.action_hold(i),
            )
        yield (
            _("Write"),
            _("Write the dice into the box under the cursor (enter)"),
            screen.action_write,
        )
        yield (
            _("Hint"),
            _("The best move now and what the next best give up (h)"),
            screen.action_hint,
        )
        yield (_("Scoresheet"), _("Everyone's sheet side by side (s)"), screen.action_sheet)
        yield (
            _("Undo"),
            _("Take back the last write, until the next throw (u)"),
            screen.action_undo,
        )
        yield (_("Help"), _("Keys and the rules of this variant (?, F1)"), screen.action_help)
        yield (_("Menu"), _("Lobby, theme, quit (escape)"), screen.action_menu)
