"""Short texts the screens of every family show: dice, bot levels, shortened names."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size

from dicepoker_tui.i18n import N_, _


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
