"""What the table shows of a state: its top line, the turn's status and the box rows.

Pure functions of the game's state, so the table screen only decides when to show them.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from dicepoker_tui.families.scoresheet.rules.state import GameState, Sheet
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant, WriteContext
from dicepoker_tui.families.scoresheet.views.boxes import BoxRow
from dicepoker_tui.families.scoresheet.views.goals import goals, uses_bank
from dicepoker_tui.i18n import _, ngettext


def next_open_box(variant: Variant, sheet: Sheet, after: str) -> str | None:
    """The first open box following `after` in sheet order, wrapping round."""
    open_boxes = variant.open_boxes(sheet)
    if not open_boxes:
        return None
    order = variant.box_ids
    start = order.index(after)
    for box in order[start + 1 :] + order[: start + 1]:
        if box in open_boxes:
            return box
    return open_boxes[0]


def top_line(state: GameState, variant: Variant, width: int | None = None) -> Text:
    """The variant, the round and who is to play; the seed, or that the dice are real.
    Within `width` the seed stays whole (it is to be noted): the words before it give way."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f" {variant.display_name} ", style="bold reverse")
    if state.turn is None:
        text.append("  " + _("game over"))
    else:
        player = state.players[state.turn.player]
        rnd = _("round {round} of {rounds}").format(
            round=state.turn.round, rounds=len(variant.boxes)
        )
        text.append(f"  {rnd}  ")
        who = _("{name} (bot)").format(name=player.shown) if player.kind == "bot" else player.shown
        text.append(_("{name} to play").format(name=who), style="bold")
    if state.real_dice:  # the dice are thrown on the table: no seed decides them
        tail = Text("  · " + _("real dice"))
    else:
        tail = Text("  · " + _("seed {seed}").format(seed=state.seed), style="dim")
    if width is not None and text.cell_len + tail.cell_len > width:
        text.truncate(max(1, width - tail.cell_len), overflow="ellipsis")
    text.append_text(tail)
    return text


def home_status(
    state: GameState, variant: Variant, throws_left: int, is_bot: Callable[[int], bool]
) -> Text:
    """Three short lines of a table at home: the throw, the bonus goals, stage and bank."""
    text = Text()
    turn = state.turn
    if turn is None:
        text.append(_("Game over."), style="bold")
        text.append("\n" + _("s shows the result; escape opens the menu."))
        return text
    seat = turn.player
    sheet = state.sheets[seat]
    player = state.players[seat]
    if turn.dice is None:
        if is_bot(seat):
            text.append(_("{name} is about to throw…").format(name=player.shown))
        else:
            text.append(_("Press space or r to throw."), style="bold")
    else:
        total = max(variant.throws_per_turn, turn.throws + throws_left)  # bank throws included
        text.append(_("Throw {n} of {total}").format(n=turn.throws, total=total), style="bold")
        extra = variant.spendable_bank(sheet)
        if throws_left:
            text.append(" · " + _("{n} left").format(n=throws_left))
            if extra:
                text.append(" " + _("(bank {n})").format(n=extra))
        else:
            text.append(" · " + _("none left: write into a box"))
        ctx = WriteContext(sheet=sheet, throws=turn.throws)
        if variant.is_joker(tuple(sorted(turn.dice)), ctx):
            text.append(" · " + _("JOKER"), style="bold reverse")
    shown_goals = [g.describe() for g in goals(variant, sheet)]
    text.append("\n" + " · ".join(shown_goals))
    more = []
    stage = variant.current_stage(sheet)
    if len(variant.stages) > 1:
        more.append(_("Stage {n} of {total}").format(n=stage, total=len(variant.stages)))
    if uses_bank(variant):
        more.append(ngettext("bank {n} throw", "bank {n} throws", sheet.bank).format(n=sheet.bank))
    text.append("\n" + " · ".join(more))
    return text


def written_rows(state: GameState, variant: Variant, seat: int) -> dict[str, BoxRow]:
    """The boxes a seat has written, by id."""
    sheet = state.sheets[seat]
    return {
        b.id: BoxRow(b.id, variant.label(b.id), sheet.scores[b.id], legal=False, written=True)
        for b in variant.boxes
        if sheet.filled(b.id)
    }


def box_rows(state: GameState, variant: Variant, preview: dict[str, int]) -> list[BoxRow]:
    """The player to act's boxes in sheet order: open ones with what the dice would
    score there (`preview`: box → points where writing is legal), then written ones."""
    turn = state.turn
    if turn is None:
        return []
    written = written_rows(state, variant, turn.player)
    rows = {row.box: row for row in _open_box_rows(state, variant, preview)} | written
    return [rows[b.id] for b in variant.boxes if b.id in rows]


def _open_box_rows(state: GameState, variant: Variant, preview: dict[str, int]) -> list[BoxRow]:
    turn = state.turn
    assert turn is not None
    sheet = state.sheets[turn.player]
    open_boxes = variant.open_boxes(sheet)
    if turn.dice is None:
        return [BoxRow(b, variant.label(b), None) for b in open_boxes]
    dice = tuple(sorted(turn.dice))
    later = WriteContext(sheet=sheet, throws=max(2, turn.throws))
    rows = []
    for box in open_boxes:
        points = preview.get(box)
        note = ""
        if points is not None and turn.throws == 1 and points > variant.score(box, dice, later):
            note = "×2"
        rows.append(BoxRow(box, variant.label(box), points, legal=box in preview, note=note))
    return rows
