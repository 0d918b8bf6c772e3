"""Short texts the screens of every family show: dice, bot levels, shortened names."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size

from dicepoker_tui.i18n import N_, _


def signed(value: float, digits: int = 1) -> str:
    """`+2.5`, `−36.0` with a true minus sign, and `0.0` for whatever rounds to zero."""
    shown = f"{abs(value):.{digits}f}"
    if float(shown) == 0:
        return shown
    return ("−" if value < 0 else "+") + shown


def loss_text(loss: float, digits: int = 1) -> str:
    """A loss as the points it takes away: `−2.4`, and `0.0` (never `−0.0`) for none."""
    return signed(-loss, digits)


def dice_text(dice: Sequence[int] | None) -> str:
    return " ".join(str(d) for d in dice) if dice else "—"


LEVEL_NAMES = {
    "heuristic": N_("heuristic"),
    "optimal": N_("optimal"),
    "strong": N_("strong"),
    "casual": N_("casual"),
    "novice": N_("novice"),
    "expert": N_("expert"),
}
"""The bot levels by name, for people (the level ids themselves never change)."""


def level_label(level: str | None) -> str:
    """A bot level as the screens show it: `heuristic` in the current language."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level or ""


def shorten(text: str, width: int) -> str:
    """`text` in at most `width` cells, cut with an ellipsis when it is longer."""
    if cell_len(text) <= width:
        return text
    return set_cell_size(text, max(0, width - 1)) + "…" if width > 0 else ""
