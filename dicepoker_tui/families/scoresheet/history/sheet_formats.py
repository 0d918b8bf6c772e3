"""A game record as CSV (one row per line of each sheet) and as a printable text sheet;
`render` writes an export in any of the text formats."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

from dicepoker_tui.engine.names import plain
from dicepoker_tui.families.scoresheet.history.export_document import ExportedGame
from dicepoker_tui.families.scoresheet.history.summary import final_writes
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.families.scoresheet.rules.variants.registry import get_variant
from dicepoker_tui.i18n import _, shown_name

CSV_COLUMNS = (
    "game_id",
    "variant",
    "started_at",
    "finished_at",
    "seat",
    "player",
    "player_kind",
    "line_kind",
    "line",
    "label",
    "section",
    "points",
    "dice",
    "throws",
    "round",
    "joker",
)
"""The CSV header. These ids are stable; new columns are only ever added at the end."""


def bonus_labels(doc: ExportedGame, variant: Variant) -> dict[str, str]:
    """Every bonus that appears in the game or the variant, with its label, in sheet order."""
    labels = dict(variant.bonus_labels)
    for event in doc.events:
        if isinstance(event, ev.BonusAwarded):
            labels.setdefault(event.bonus, event.label)
    for sheet in doc.sheets:
        for bonus in sheet.bonuses:
            labels.setdefault(bonus, bonus.replace("_", " ").capitalize())
    return labels


def to_csv(doc: ExportedGame) -> str:
    """One row per box per player (then one per bonus and one for the total)."""
    variant = get_variant(doc.variant)
    writes = final_writes(doc.events)
    labels = bonus_labels(doc, variant)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    meta = [
        doc.id if doc.id is not None else "",
        doc.variant,
        _iso(doc.started_at),
        _iso(doc.finished_at),
    ]
    for player, sheet in zip(doc.players, doc.sheets, strict=True):
        who = [player.seat, plain(player.name), player.kind]
        for box in variant.boxes:
            written = writes.get((player.seat, box.id))
            detail = (
                ["".join(map(str, written.dice)), written.throws, written.round, int(written.joker)]
                if written
                else ["", "", "", ""]
            )
            points = sheet.scores.get(box.id, "")
            writer.writerow([*meta, *who, "box", box.id, box.label, box.section, points, *detail])
        for bonus, label in labels.items():
            if bonus in sheet.bonuses:
                writer.writerow(
                    [*meta, *who, "bonus", bonus, label, "", sheet.bonuses[bonus], "", "", "", ""]
                )
        writer.writerow([*meta, *who, "total", "total", "Total", "", sheet.total, "", "", "", ""])
    return out.getvalue()


def to_txt(doc: ExportedGame) -> str:
    """The scoresheet as a fixed-width text table, for printing (in the current language)."""
    variant = get_variant(doc.variant)
    writes = final_writes(doc.events)
    names = [plain(shown_name(p.name)) for p in doc.players]
    width = max(7, *(len(n) for n in names)) + 2
    labels = {
        b: variant.bonus_label(b, english) for b, english in bonus_labels(doc, variant).items()
    }
    section_totals = {
        s.id: _("{section} total").format(section=variant.section_label(s.id))
        for s in variant.sections
    }
    label_width = max(
        len(_("Settlement")),
        *(len(variant.label(b.id)) + 2 for b in variant.boxes),
        *(len(total) + 2 for total in section_totals.values()),
        *(len(label) + 2 for label in labels.values()),
    )

    def row(label: str, cells: list[str]) -> str:
        return (f"{label:<{label_width}}" + "".join(f"{c:>{width}}" for c in cells)).rstrip()

    def box_cell(seat: int, box: str) -> str:
        sheet = doc.sheets[seat]
        if box not in sheet.scores:
            return ""
        written = writes.get((seat, box))
        return f"{sheet.scores[box]}{'*' if written and written.joker else ''}"

    game_no = _("game {id}").format(id=doc.id) if doc.id is not None else _("game")
    finished = (
        _(", finished {when}").format(when=_when(doc.finished_at))
        if doc.finished_at
        else _(", not finished")
    )
    lines = [
        f"{variant.display_name} — {game_no}",
        _("Started {when}").format(when=_when(doc.started_at))
        + finished
        + (_(", real dice") if doc.real_dice else _(", seed {seed}").format(seed=doc.seed)),
        "",
        row("", names),
    ]
    for section in variant.sections:
        lines.append(variant.section_label(section.id))
        for box_id in section.boxes:
            lines.append(
                row("  " + variant.label(box_id), [box_cell(s, box_id) for s in range(len(names))])
            )
        subtotals = [str(sum(sh.scores.get(b, 0) for b in section.boxes)) for sh in doc.sheets]
        lines.append(row("  " + section_totals[section.id], subtotals))
    shown = [b for b in labels if any(b in sheet.bonuses for sheet in doc.sheets)]
    if shown:
        lines.append(_("Bonuses"))
        for bonus in shown:
            cells = [
                str(sheet.bonuses[bonus]) if bonus in sheet.bonuses else "-" for sheet in doc.sheets
            ]
            lines.append(row("  " + labels[bonus], cells))
    lines.append(row(_("Total"), [str(sheet.total) for sheet in doc.sheets]))
    if doc.status == "finished":
        lines.append(row(_("Place"), [str(p.place) for p in doc.players]))
        if variant.settlement:
            lines.append(row(_("Settlement"), [f"{p.settlement:+.2f}" for p in doc.players]))
    if any(w.joker for w in writes.values()):
        lines += ["", _("* written as a Joker")]
    return "\n".join(lines) + "\n"


def _iso(moment: datetime | None) -> str:
    return moment.isoformat() if moment else ""


def _when(moment: datetime | None) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC") if moment else ""
