"""Five dice drawn large with pips. A held die is raised, double-bordered and labelled HELD;
a die a hint says to keep (and not held yet) is labelled KEEP, a held one it says to throw
again ROLL."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from dicepoker_tui.i18n import _

PIP = "●"
# Pip cells of each face on a 3×3 grid (row, column).
FACES: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 2), (2, 0)),
    3: ((0, 2), (1, 1), (2, 0)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
}
SINGLE = "┌┐└┘─│"
DOUBLE = "╔╗╚╝═║"


def _offsets(inner: int, share: float) -> tuple[int, int, int]:
    """Positions of the three pip rows (or columns) inside `inner` cells."""
    mid = inner // 2
    off = max(1, round((inner - 1) / 2 * share)) if inner >= 3 else 0
    return (max(0, mid - off), mid, min(inner - 1, mid + off))


def face_lines(value: int | None, width: int, height: int, held: bool) -> list[str]:
    """The die as text lines, `width` × `height` cells including its border."""
    width, height = max(width, 5), max(height, 3)
    tl, tr, bl, br, h, v = DOUBLE if held else SINGLE
    inner_w, inner_h = width - 2, height - 2
    grid = [[" "] * inner_w for _ in range(inner_h)]
    if value in FACES:
        rows = _offsets(inner_h, 0.7)
        cols = _offsets(inner_w, 0.6)
        for r, c in FACES[value]:
            grid[rows[r]][cols[c]] = PIP
    elif inner_h and inner_w:
        grid[inner_h // 2][inner_w // 2] = "?"
    return [tl + h * inner_w + tr, *(v + "".join(row) + v for row in grid), bl + h * inner_w + br]


class Die(Widget):
    """One die. A held die sits one row higher, has a double border and a HELD label."""

    DEFAULT_CSS = """
    Die { width: 11; height: 7; }
    Die .die--hint-label { color: $success; text-style: bold reverse; }
    Die .die--release-label { color: $warning; text-style: bold reverse; }
    """
    COMPONENT_CLASSES = {
        "die--face",
        "die--held",
        "die--label",
        "die--held-label",
        "die--hint-label",
        "die--release-label",
        "die--blank",
    }

    value: reactive[int | None] = reactive(None)
    held: reactive[bool] = reactive(False)
    hinted: reactive[bool] = reactive(False)
    """A hint says to keep this die."""
    release: reactive[bool] = reactive(False)
    """A hint says to throw this die again (shown while it is held)."""

    class Clicked(Message):
        """The die was clicked: toggle holding it."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.index = index

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        face_height = max(3, height - 2)
        lines = face_lines(self.value, width, face_height, self.held)
        if self.value is None:
            face_style = self.get_component_rich_style("die--blank")
        elif self.held:
            face_style = self.get_component_rich_style("die--held")
        else:
            face_style = self.get_component_rich_style("die--face")
        key = str(self.index + 1)
        if self.held:
            label = f"{key} {_('HELD')}"[:width].center(width)
            label_style = self.get_component_rich_style("die--held-label")
            body = [*lines, ""]  # raised: the face starts on the top row
        else:
            label = key.center(width)
            label_style = self.get_component_rich_style("die--label")
            body = ["", *lines]
        if self.hinted and not self.held:  # a held die reads HELD, unless to be let go
            label = f"{key} {_('KEEP')}"[:width].center(width)
            label_style = self.get_component_rich_style("die--hint-label")
        elif self.release and self.held:
            label = f"{key} {_('ROLL')}"[:width].center(width)
            label_style = self.get_component_rich_style("die--release-label")
        text = Text(no_wrap=True, overflow="crop")
        for line in body:
            text.append(line.ljust(width), face_style if line else Style())
            text.append("\n")
        text.append(label, label_style)
        return text

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.index))


# (width, height) of a die face with its border, small to large; a face about twice as
# wide as tall looks square in a terminal's cell grid.
DIE_SIZES = ((9, 5), (13, 7), (17, 9), (21, 11))


def die_size(width: int, screen_height: int) -> tuple[int, int]:
    """The largest die (width, total height) five of which fit `width` and the screen."""
    max_face = 5 if screen_height < 34 else 7 if screen_height < 44 else 9
    if screen_height >= 54:
        max_face = 11
    best = DIE_SIZES[0]
    for w, face in DIE_SIZES:
        if 5 * w + 4 <= width and face <= max_face:
            best = (w, face)
    return best[0], best[1] + 2  # the raise row and the label row


class DiceRow(Horizontal):
    """The five dice, as large as the room allows; the table pushes `dice` and `held` down."""

    DEFAULT_CSS = """
    DiceRow { height: auto; width: 1fr; }
    DiceRow > Die { margin-right: 1; }
    """

    dice: reactive[tuple[int, ...] | None] = reactive(None)
    held: reactive[tuple[bool, ...]] = reactive((False,) * 5)
    hint: reactive[tuple[int, ...]] = reactive(())
    """Positions a hint says to keep (cleared by the table when the dice change)."""
    release: reactive[tuple[int, ...]] = reactive(())
    """Held positions a hint says to throw again (cleared with `hint`)."""

    def compose(self) -> ComposeResult:
        for i in range(5):
            yield Die(i, id=f"die-{i + 1}")

    def watch_dice(self, dice: tuple[int, ...] | None) -> None:
        for i, die in enumerate(self.query(Die)):
            die.value = None if dice is None else dice[i]

    def watch_held(self, held: tuple[bool, ...]) -> None:
        for i, die in enumerate(self.query(Die)):
            die.held = held[i]

    def watch_hint(self, hint: tuple[int, ...]) -> None:
        for i, die in enumerate(self.query(Die)):
            die.hinted = i in hint

    def watch_release(self, release: tuple[int, ...]) -> None:
        for i, die in enumerate(self.query(Die)):
            die.release = i in release

    def show_hint(self, keep: tuple[int, ...] | None) -> None:
        """Mark the dice a hint keeps, and the held ones it lets go (None: no hint)."""
        self.hint = keep or ()
        self.release = (
            () if keep is None else tuple(i for i, h in enumerate(self.held) if h and i not in keep)
        )

    def on_mount(self) -> None:
        self.watch_dice(self.dice)
        self.watch_held(self.held)
        self.watch_hint(self.hint)
        self.watch_release(self.release)

    def on_resize(self) -> None:
        width, height = die_size(self.size.width, self.screen.size.height)
        for die in self.query(Die):
            die.styles.width = width
            die.styles.height = height
