"""`dicepoker export GAME_ID --format svg`: the scoresheet exactly as the app draws it.

The sheet widget of the app is rendered headless in a terminal sized to fit it, and
the screen is saved with Textual's SVG export.
"""

from __future__ import annotations

import asyncio
from datetime import UTC

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from dicepoker_tui.families.scoresheet.history.export_document import ExportedGame
from dicepoker_tui.families.scoresheet.rules.game import replay
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.families.scoresheet.views.sheet import SheetTable
from dicepoker_tui.families.scoresheet.views.sheet_model import result_line, sheet_rows
from dicepoker_tui.i18n import _, shown_name
from dicepoker_tui.ui.history.review_text import when

NAME_ROOM = 14
"""The most of a player's name the sheet shows in its header."""


class SheetPicture(App[None]):
    """A title line and the sheet, nothing else."""

    CSS = """
    Screen { background: $surface; }
    #svg-title { height: 1; padding: 0 1; text-style: bold; background: $boost; }
    #svg-result { height: 1; padding: 0 1; }
    SheetTable { height: auto; width: auto; scrollbar-size: 0 0; }
    """

    def __init__(self, title: Text, result: str, variant: Variant, state: GameState) -> None:
        super().__init__()
        self.title_text = title
        self.result = result
        self.variant = variant
        self.state = state

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="svg-title")
        yield SheetTable(focusable=False)
        yield Static(self.result, id="svg-result")

    def on_mount(self) -> None:
        self.query_one(SheetTable).show(self.variant, self.state)


def title_of(doc: ExportedGame, variant: Variant) -> Text:
    text = Text()
    text.append(variant.display_name, style="bold")
    if doc.id is not None:
        text.append(" · " + _("game {id}").format(id=doc.id))
    text.append(f" · {when(doc.started_at, UTC)} UTC")  # as in the text export
    return text


def picture_size(doc: ExportedGame, variant: Variant, state: GameState) -> tuple[int, int]:
    """A terminal just big enough for the title, the whole sheet and the result line."""
    rows = sheet_rows(variant, state)
    label = max(len(r.label) for r in rows)
    columns = []
    for seat, player in enumerate(state.players):
        header = len(shown_name(player.name)[:NAME_ROOM]) + 5  # "1st " and a spare cell
        cells = [len(c) for r in rows if (c := r.cells[seat]) is not None]
        columns.append(max(header, 5, *cells))
    sheet_width = label + 2 + sum(w + 2 for w in columns)
    # The sheet widget gives each name (width - 18) // players - 2 cells: leave it room.
    names_width = 18 + len(columns) * (NAME_ROOM + 2)
    title_width = len(title_of(doc, variant)) + 2
    width = max(sheet_width, min(names_width, sheet_width + 40), title_width, 40)
    height = len(rows) + 1 + 2  # the sheet and its header, the title, the result
    return width, height


def picture_app(doc: ExportedGame) -> tuple[SheetPicture, tuple[int, int]]:
    """The app that draws the game's sheet (as the events leave it), and its terminal size."""
    state = replay(doc.events)
    variant = get_variant(state.variant)
    result = result_line(state) if state.finished else _("Not finished.")
    app = SheetPicture(title_of(doc, variant), result, variant, state)
    return app, picture_size(doc, variant, state)


async def render_svg_async(doc: ExportedGame) -> str:
    """The SVG of the game's sheet."""
    app, size = picture_app(doc)
    name = app.variant.display_name
    label = f"{name} — {_('game {id}').format(id=doc.id)}" if doc.id is not None else name
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        return app.export_screenshot(title=label)


def render_svg(doc: ExportedGame) -> str:
    """`render_svg_async` for callers outside an event loop (the command line)."""
    return asyncio.run(render_svg_async(doc))
