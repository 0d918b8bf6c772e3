"""Texts of a scoresheet game's review: its steps, what a variant calls five of a kind,
the totals chart."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from dicepoker_tui.families.scoresheet.history.timeline import (
    ThrowStep,
    Timeline,
    Turn,
    WriteStep,
    timeline,
)
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.families.scoresheet.views.sheet_model import result_line
from dicepoker_tui.i18n import N_, _, pgettext
from dicepoker_tui.ui.common.dice import face_lines

FIVE_OF_A_KIND_BOXES = {
    "yahtzee": N_("Yahtzees"),
    "kniffel": N_("Kniffel"),
    "yatzy": N_("Yatzys"),
    "poker": N_("Pokers"),
}
"""Box ids of five of a kind, by family, and what the statistics call them, counted."""


def five_of_a_kind_label(variant_id: str) -> str:
    """`Yahtzees`, `Yatzys`, `Pokers` — what a variant calls five of a kind, counted."""
    try:
        variant = get_variant(variant_id)
    except KeyError:
        return _("Five of a kind")
    for box, counted in FIVE_OF_A_KIND_BOXES.items():
        if box in variant.box_ids:
            return _(counted)
    return _("Five of a kind")


# -- the review's steps ---------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """A stop of the review: the game start, one turn, or the end of the game.

    `upto` is how many events the game has at this stop: the sheet shown is
    `replay(events[:upto])`.
    """

    kind: str  # "start", "turn" or "end"
    upto: int
    turn: Turn | None = None


def review_steps(events: Sequence[ev.Event], told: Timeline | None = None) -> list[Step]:
    """The start, every turn, and (for a finished game) the end."""
    told = told or timeline(events)
    first_turn = next(
        (n for n, e in enumerate(events) if isinstance(e, ev.TurnStarted)), len(events)
    )
    steps = [Step("start", min(first_turn, len(events)) or 1)]
    steps += [Step("turn", t.upto, t) for t in told.turns]
    if told.finished:
        steps.append(Step("end", len(events)))
    return steps


def throw_text(throw: ThrowStep) -> Text:
    """`2.  4 4 6 5 5  kept 4 4 6` — the kept dice shown bold."""
    text = Text()
    text.append(f"{throw.number:>2}. ", style="dim")
    kept = set(throw.kept)
    for i, die in enumerate(throw.dice):
        if i:
            text.append(" ")
        text.append(str(die), style="bold underline" if i in kept else "")
    if throw.kept:
        text.append(f"  {_('kept')} ", style="dim")
        text.append(" ".join(str(throw.dice[i]) for i in sorted(throw.kept)))
    if throw.from_bank:
        text.append(f"  {_('from the bank')}", style="italic")
    return text


def write_text(write: WriteStep, variant: Variant, undone: bool = False) -> Text:
    """`→ Fours 12 (joker)  +35 Upper bonus`, or a taken-back write struck through."""
    text = Text()
    label = _box_label(variant, write.box)
    if undone:
        text.append("  ✗ ", style="dim")
        text.append(f"{label} {write.points}", style="strike dim")
        text.append(f" {_('taken back')}", style="dim italic")
        return text
    text.append("  → ", style="bold")
    text.append(label, style="bold")
    text.append(f" {write.points}", style="bold")
    if write.joker:
        text.append(f" ({_('joker')})", style="italic")
    for bonus, bonus_label, points in write.bonuses:
        text.append(f"  +{points} {variant.bonus_label(bonus, bonus_label)}", style="bold italic")
    return text


def step_text(step: Step, state: GameState, variant: Variant, told: Timeline) -> Text:
    """The timeline entry of a step; `state` is the game at the end (for names and results)."""
    text = Text(no_wrap=False)
    if step.kind == "start":
        names = ", ".join(p.shown for p in state.players)
        text.append(pgettext("review", "Start"), style="bold")
        text.append(f"  {variant.display_name}: {names}", style="dim")
        return text
    if step.kind == "end":
        text.append(_("Game over"), style="bold reverse")
        for seat, bonus, label, points in told.final_bonuses:
            label = variant.bonus_label(bonus, label)
            text.append(f"\n  {state.players[seat].shown}: +{points} {label}", style="italic")
        line = result_line(state)
        if line:
            text.append(f"\n  {line}", style="bold")
        return text
    turn = step.turn
    assert turn is not None
    text.append(_("Round {round}").format(round=turn.round), style="bold")
    text.append(f"  {state.players[turn.player].shown}", style="bold")
    for n, throw in enumerate(turn.throws, start=1):
        text.append("\n")
        text.append_text(throw_text(throw))
        for undone in _undone_after(turn, n):
            text.append("\n")
            text.append_text(write_text(undone, variant, undone=True))
    text.append("\n")
    if turn.write is not None:
        text.append_text(write_text(turn.write, variant))
    else:
        text.append(f"  ({_('turn not finished')})", style="dim italic")
    return text


def step_summary(step: Step, state: GameState, variant: Variant) -> str:
    """One line for a step (the narrow layout's status line)."""
    if step.kind == "start":
        names = ", ".join(p.shown for p in state.players)
        return f"{pgettext('review', 'Start')}: {names}"
    if step.kind == "end":
        return _("Game over. {result}").format(result=result_line(state))
    turn = step.turn
    assert turn is not None
    parts = [" ".join(str(d) for d in t.dice) for t in turn.throws]
    head = _("Round {round}, {name}:").format(
        round=turn.round, name=state.players[turn.player].shown
    )
    line = f"{head} " + " → ".join(parts)
    if turn.write is not None:
        line += f" ⇒ {_box_label(variant, turn.write.box)} {turn.write.points}"
        line += "".join(
            f", +{p} {variant.bonus_label(b, label)}" for b, label, p in turn.write.bonuses
        )
    return line


def turn_detail(step: Step, state: GameState, variant: Variant, told: Timeline) -> Text:
    """A step told at length: every throw drawn as dice, the kept ones double-bordered."""
    if step.turn is None:
        return step_text(step, state, variant, told)
    turn = step.turn
    text = Text(no_wrap=True, overflow="crop")
    head = _("Round {round} of {rounds}").format(round=turn.round, rounds=len(variant.boxes))
    text.append(f"{head}, ", style="bold")
    text.append(state.players[turn.player].shown, style="bold")
    for n, throw in enumerate(turn.throws, start=1):
        text.append("\n\n")
        text.append(_("Throw {n}").format(n=throw.number), style="bold")
        if throw.kept:
            kept = " ".join(str(throw.dice[i]) for i in sorted(throw.kept))
            how = _("kept {kept}, threw {n}").format(kept=kept, n=5 - len(throw.kept))
            text.append(f" — {how}", style="dim")
        if throw.from_bank:
            text.append(f" ({_('from the bank')})", style="italic")
        faces = [face_lines(d, 9, 5, i in throw.kept) for i, d in enumerate(throw.dice)]
        for row in zip(*faces, strict=True):
            text.append("\n")
            for i, line in enumerate(row):
                text.append(line + " ", style="bold" if i in throw.kept else "")
        for undone in _undone_after(turn, n):
            text.append("\n\n")
            text.append_text(write_text(undone, variant, undone=True))
    text.append("\n\n")
    if turn.write is not None:
        text.append_text(write_text(turn.write, variant))
    else:
        text.append(f"({_('turn not finished')})", style="dim italic")
    return text


def _undone_after(turn: Turn, n: int) -> list[WriteStep]:
    """The writes taken back that were written from the turn's `n`-th throw."""
    last = n == len(turn.throws)
    return [w for w in turn.undone if w.after_throw == n or (last and w.after_throw > n)]


def _box_label(variant: Variant, box: str) -> str:
    try:
        return variant.label(box)
    except KeyError:
        return box


# -- the totals chart -----------------------------------------------------------------------


def histogram_text(bins: Sequence[tuple[int, int, int]], width: int) -> Text:
    """Horizontal bars, one line per bin: `120…139 ███████▌ 12`."""
    text = Text(no_wrap=True, overflow="crop")
    if not bins:
        return text
    labels = [f"{lo}" if lo == hi else f"{lo}…{hi}" for lo, hi, _ in bins]
    label_width = max(len(label) for label in labels)
    count_width = max(len(str(n)) for _, _, n in bins)
    room = max(1, width - label_width - count_width - 2)
    most = max(n for _, _, n in bins) or 1
    for i, ((_lo, _hi, n), label) in enumerate(zip(bins, labels, strict=True)):
        if i:
            text.append("\n")
        text.append(f"{label:>{label_width}} ", style="dim")
        text.append(bar(n / most * room), style="bold")
        text.append(f" {n}")
    return text


EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(length: float) -> str:
    """A bar `length` cells long, to an eighth of a cell."""
    eighths = round(length * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + (EIGHTHS[part] if part else "")
