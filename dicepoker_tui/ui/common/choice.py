"""`Choice`: one of a few options on one line, ←/→ to change it.

A form of several Selects costs its screen hundreds of milliseconds to open (each
Select is a handful of widgets and a hidden option list); a Choice is one widget that
draws one line, so a form of them opens at once.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Generic, TypeVar

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

V = TypeVar("V", bound=Hashable)


class Choice(Widget, Generic[V], can_focus=True):
    """One of `options` ((label, value) pairs) shown; ← and → (space, enter, a click)
    show the previous or the next one, and post `Choice.Changed`."""

    DEFAULT_CSS = """
    Choice { height: 1; width: 1fr; background: $surface; color: $foreground; }
    Choice:focus { background: $block-cursor-background; color: $block-cursor-foreground; }
    """

    BINDINGS = [
        Binding("left", "step(-1)", show=False),
        Binding("right,space,enter", "step(1)", show=False),
    ]

    class Changed(Message):
        """The value shown changed."""

        def __init__(self, choice: Choice, value: object) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self, options: Sequence[tuple[str, V]], value: V | None = None, *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self._options = list(options)
        self._index = self._find(value) if value is not None else 0

    def _find(self, value: object) -> int:
        for index, (_label, option) in enumerate(self._options):
            if option == value:
                return index
        raise ValueError(f"{value!r} is not one of the options")

    @property
    def value(self) -> V:
        return self._options[self._index][1]

    @value.setter
    def value(self, value: V) -> None:
        self._show(self._find(value))

    @property
    def options(self) -> list[tuple[str, V]]:
        return list(self._options)

    def set_options(self, options: Sequence[tuple[str, V]]) -> None:
        """New options, the first shown (or the value shown now, if it is still one)."""
        current = self.value
        self._options = list(options)
        try:
            self._index = self._find(current)
        except ValueError:
            self._index = 0
            self.post_message(self.Changed(self, self.value))
        self.refresh()

    def _show(self, index: int) -> None:
        if index != self._index:
            self._index = index
            self.refresh()
            self.post_message(self.Changed(self, self.value))

    def action_step(self, step: int) -> None:
        self._show((self._index + step) % len(self._options))

    def on_click(self, event: events.Click) -> None:
        self.action_step(-1 if event.x < 2 else 1)

    def render(self) -> Text:
        label = self._options[self._index][0] if self._options else ""
        return Text.assemble(("◂ ", "dim"), label, (" ▸", "dim"))
