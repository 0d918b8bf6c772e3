"""The strip under a shared table: who is here (or away), the chat, and a line to talk."""

from __future__ import annotations

import time
from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.widgets import Input, RichLog, Static

from dicepoker_tui.i18n import _
from dicepoker_tui.net import protocol as p
from dicepoker_tui.ui.net.names import seat_name, speaker


def presence_text(table: p.TableInfo, you: str) -> Text:
    """`● alice (you)  ○ bob away  ● Bot 1` and the spectators."""
    text = Text(no_wrap=True, overflow="ellipsis")
    for i, seat in enumerate(table.seats):
        if i:
            text.append("  ")
        if seat.name is None:
            text.append("○ " + _("free seat"), style="dim")
            continue
        marker = "●" if seat.present else "○"
        style = "bold" if table.current == i else ""
        text.append(f"{marker} {seat_name(seat)}", style=style)
        if seat.kind == "bot":
            text.append(" " + _("(bot)"), style="dim")
        elif seat.name == you:
            text.append(" " + _("(you)"), style="dim")
        elif not seat.present:
            text.append(" " + _("away"), style="italic")
    if table.spectators:
        watching = _("watching: {names}").format(names=", ".join(table.spectators))
        text.append(f"  · {watching}", style="dim")
    if table.turn_timeout:
        if table.timeout_action == "bot":
            limit = _("{seconds}s a turn, then a bot plays")
        else:
            limit = _("{seconds}s a turn, then scratch")
        text.append("  · " + limit.format(seconds=table.turn_timeout), style="dim")
    return text


def chat_text(line: p.ChatLine) -> Text:
    stamp = time.strftime("%H:%M", time.localtime(line.at))
    text = Text(f"{stamp} ", style="dim")
    if line.nick is None:
        text.append(line.shown(), style="italic")
    else:
        text.append(f"{speaker(line)}: ", style="bold")
        text.append(line.text)
    return text


class ChatInput(Input):
    """The chat line: a keypress repaints the line alone, opening and leaving it keeps
    the footer.

    Textual's `Input` sets its virtual size (the text's width) on every change of its
    value, and a virtual size change asks for a new layout of the whole screen. This line
    has a fixed size, so it needs no layout for that: over SSH, with many players typing,
    the layout passes were most of the cost of a keypress.
    """

    virtual_size = Reactive(Size(0, 0), repaint=True)
    keeps_footer = True
    """While a line is typed here the footer keeps the screen's keys (see `KeysFooter`):
    rebuilding it each time the chat line is opened and left cost more than the line."""

    def restricted(self) -> None:
        """A key beyond the line's length does nothing (Textual's `Input` rings the bell
        for each: a flood of keys would ring it for every one)."""


class ChatLog(RichLog):
    """The chat so far: a line written repaints the log alone.

    `RichLog` sets its virtual size (the height of its lines) for every line written, and
    a virtual size change asks for a new layout of the whole screen. This log has a fixed
    size: only a wider line, or the first line beyond its height (the scrollbar shows),
    needs a layout; otherwise the scrollbar is told the new height and that is all.
    """

    virtual_size = Reactive(Size(0, 0), repaint=True)

    def watch_virtual_size(self, old: Size, new: Size) -> None:
        height = self.scrollable_content_region.height
        if new.width != old.width or (old.height > height) != (new.height > height):
            self.refresh(layout=True)
        elif self.show_vertical_scrollbar:
            self.vertical_scrollbar.window_virtual_size = new.height


class NetPanel(Vertical):
    """Presence, chat log and chat input. The screen feeds it; it posts `Said`."""

    DEFAULT_CSS = """
    NetPanel {
        height: auto;
        max-height: 8;
        border-top: solid $primary-darken-2;
    }
    NetPanel #net-presence { height: 1; padding: 0 1; }
    NetPanel #net-chat { height: 3; padding: 0 1; background: $surface; }
    NetPanel #net-say { height: 1; margin: 0 1; }
    """

    class Said(Message):
        """The player typed a chat line."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, you: str, may_say: Callable[[str], bool] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.you = you
        self.may_say = may_say or (lambda text: True)
        """Whether a line may be said now (the app's chat budget, `HubClient.may_say`)."""
        self._table: p.TableInfo | None = None
        self._pending: list[p.ChatLine] = []

    def compose(self) -> ComposeResult:
        yield Static(id="net-presence")
        yield ChatLog(id="net-chat", wrap=True, markup=False, max_lines=200, min_width=1)
        yield ChatInput(
            placeholder=_("c: chat · enter sends · /mute NAME · escape back"),
            max_length=p.CHAT_MAX,
            compact=True,
            id="net-say",
        )

    def on_mount(self) -> None:
        self._render_presence()
        self.add_lines([])

    def show_table(self, table: p.TableInfo) -> None:
        if table != self._table:
            self._table = table
            self._render_presence()

    def _render_presence(self) -> None:
        if self._table is None:
            return
        for presence in self.query("#net-presence").results(Static):
            presence.update(presence_text(self._table, self.you), layout=False)

    def add_lines(self, lines: list[p.ChatLine]) -> None:
        self._pending.extend(lines)
        for log in self.query("#net-chat").results(RichLog):
            for line in self._pending:
                log.write(chat_text(line))
            self._pending.clear()

    def focus_input(self) -> None:
        """Focus the chat line at once, so what is typed right after the chat key reaches
        the line and not the table's keys. (The app sends each key to the focused widget
        as it arrives: the screens bind the chat key with priority, which the app runs
        then, and `Widget.focus` would move the focus only after the keys queued.)"""
        for say in self.query("#net-say").results(Input):
            self.screen.set_focus(say)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Send the line, or, beyond the chat budget, keep it in the chat line (enter
        again sends it) with one notice: a flood of lines costs the app no more."""
        event.stop()
        text = event.value.strip()
        if text and not self.may_say(text):  # the app shows the same notice once
            self.notify(_(p.CHAT_TOO_FAST), severity="warning", timeout=3, markup=False)
            return
        event.input.value = ""
        if text:
            self.post_message(self.Said(text))
        self.screen.focus_next()

    def on_key(self, event) -> None:
        if event.key == "escape" and self.query_one("#net-say", Input).has_focus:
            event.stop()
            self.query_one("#net-say", Input).value = ""
            self.screen.focus_next()
