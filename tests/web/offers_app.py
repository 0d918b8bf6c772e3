"""A Textual app that offers a file at each `e` (as a game's review does with its
export) and shows, at `c`, how many of its offers wait for the browser. Run by the tests
as a tab's app, through the game's own web driver."""

from __future__ import annotations

import io

from textual.app import App, ComposeResult
from textual.widgets import Static


class Offers(App):
    BINDINGS = [("e", "offer", "Offer"), ("c", "count", "Count")]

    def compose(self) -> ComposeResult:
        yield Static("ready to offer")

    def action_offer(self) -> None:
        self.deliver_text(io.StringIO("x" * 3000), save_filename="game.json")

    def action_count(self) -> None:
        waiting = len(self._driver._deliveries)  # type: ignore[union-attr]
        self.query_one(Static).update(f"offers waiting: {waiting}")


if __name__ == "__main__":
    Offers().run()
