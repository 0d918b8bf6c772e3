"""The rows of a scoresheet for display: boxes, section totals, bonuses, total, settlement."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from dicepoker_tui.engine.players import standings
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.i18n import _, current_language
from dicepoker_tui.ui.common.text import signed

RowKind = Literal["box", "subtotal", "bonus", "total", "place", "settlement"]


@dataclass(frozen=True)
class SheetRow:
    """One line of the sheet: a label and a cell per player (None = nothing yet)."""

    key: str
    label: str
    kind: RowKind
    cells: tuple[str | None, ...]


def fmt_settlement(value: float) -> str:
    """`+12.40`, `−12.40` with a true minus sign, `0.00` for none."""
    return signed(value, 2)


def sheet_rows(variant: Variant, state: GameState) -> list[SheetRow]:
    """Every row of the sheet, players side by side, in the variant's order."""
    sheets = state.sheets
    rows: list[SheetRow] = []
    for section in variant.sections:
        for box in section.boxes:
            cells = tuple(str(s.scores[box]) if s.filled(box) else None for s in sheets)
            rows.append(SheetRow(box, variant.label(box), "box", cells))
        subtotal = tuple(str(variant.section_total(s, section.id)) for s in sheets)
        rows.append(
            SheetRow(
                f"{section.id}_total",
                _("{section} total").format(section=_(section.label)),
                "subtotal",
                subtotal,
            )
        )
    listed = [b.id for b in variant.boxes if not any(b.id in s.boxes for s in variant.sections)]
    for box in listed:  # boxes outside every section, if a variant has any
        cells = tuple(str(s.scores[box]) if s.filled(box) else None for s in sheets)
        rows.append(SheetRow(box, variant.label(box), "box", cells))
    bonus_ids = list(variant.bonus_labels)
    for s in sheets:
        bonus_ids += [b for b in s.bonuses if b not in bonus_ids]
    for bonus in bonus_ids:
        label = variant.bonus_label(bonus)
        cells = tuple(str(s.bonuses[bonus]) if bonus in s.bonuses else None for s in sheets)
        rows.append(SheetRow(bonus, label, "bonus", cells))
    rows.append(SheetRow("total", _("Total"), "total", tuple(str(s.total) for s in sheets)))
    final = places(state)
    if final is not None and len(sheets) > 1:
        rows.append(SheetRow("place", _("Place"), "place", tuple(ordinal(p) for p in final)))
    if variant.settlement:
        if state.standings is not None:
            values = [st.settlement for st in sorted(state.standings, key=lambda st: st.player)]
        else:
            values = [st.settlement for st in standings([s.total for s in sheets])]
        rows.append(
            SheetRow(
                "settlement",
                _("Settlement"),
                "settlement",
                tuple(fmt_settlement(v) for v in values),
            )
        )
    return rows


def places(state: GameState) -> list[int] | None:
    """Final place of each seat, or None while the game runs."""
    if state.standings is None:
        return None
    by_seat = {st.player: st.place for st in state.standings}
    return [by_seat[i] for i in range(len(state.players))]


def ordinal(n: int) -> str:
    """`1st`, `2nd` … in English; `1.` in the other languages."""
    if current_language() != "en":
        return f"{n}."
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def result_line(state: GameState) -> str:
    """`Ann wins with 245.` / `Ann and Bob share first place with 200.`"""
    if state.standings is None:
        return ""
    winners = [st for st in state.standings if st.place == 1]
    names = [state.players[st.player].shown for st in winners]
    total = winners[0].total
    if len(state.players) == 1:
        return _("{name} scored {total}.").format(name=names[0], total=total)
    if len(names) == 1:
        return _("{name} wins with {total}.").format(name=names[0], total=total)
    return _("{names} and {last} share first place with {total}.").format(
        names=", ".join(names[:-1]), last=names[-1], total=total
    )
