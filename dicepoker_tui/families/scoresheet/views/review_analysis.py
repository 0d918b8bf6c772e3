"""The analysis of a reviewed game as text: each turn's decisions marked with the expected
points they gave up, and per player the total given up, the share of best moves and luck
(no Textual here; the numbers come from `ai.analysis.analyze_events`). A game of two or
more also shows the chance to win each decision gave up, and each player's total."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from dicepoker_tui.families.scoresheet.views.review_steps import Step
from dicepoker_tui.i18n import _, shown_name
from dicepoker_tui.ui.common.text import loss_text, signed

if TYPE_CHECKING:  # the solver (numpy) loads only when a game is analysed
    from dicepoker_tui.families.scoresheet.bots.analysis import Analysis, Decision

SMALL_LOSS = 1.0
"""Losses up to this many points are shown quietly; larger ones stand out."""
SMALL_WIN_LOSS = 0.01
"""Chance to win given up up to this much (one percentage point) is shown quietly."""
WIN_BEST = 0.0005
"""Chance to win given up below this (0.05 percentage points) counts as the best move."""


def decisions_by_step(analysis: Analysis, steps: Sequence[Step]) -> dict[int, list[Decision]]:
    """Step index → the decisions made in that turn (by player and round)."""
    index = {
        (step.turn.player, step.turn.round): i
        for i, step in enumerate(steps)
        if step.turn is not None
    }
    out: dict[int, list[Decision]] = {}
    for decision in analysis.decisions:
        i = index.get((decision.player, decision.round))
        if i is not None:
            out.setdefault(i, []).append(decision)
    return out


def loss_mark(decision: Decision) -> Text:
    """`✓` for a best move, else `−2.4` (bold when it is more than a point)."""
    if decision.is_best:
        return Text("✓", style="green")
    loss = decision.loss
    return Text(loss_text(loss), style="bold red" if loss > SMALL_LOSS else "dim")


def win_loss_mark(decision: Decision) -> Text:
    """`✓` for a best move for winning, else `−1.3%` of chance to win (bold above a
    percentage point); empty when the decision was not judged for winning."""
    loss = decision.win_loss
    if loss is None:
        return Text()
    if loss < WIN_BEST:
        return Text("✓", style="green")
    return Text(f"−{loss:.1%}", style="bold red" if loss > SMALL_WIN_LOSS else "dim")


def turn_marks(decisions: Sequence[Decision]) -> Text:
    """One turn's decisions in order: `Given up: ✓ −0.3 −2.4 (total 2.7)`; in a game
    judged for winning a second line: `Chance to win given up: ✓ −0.4% −1.2%`."""
    text = Text(_("Given up:"), style="dim")
    for decision in decisions:
        text.append(" ")
        text.append_text(loss_mark(decision))
    total = sum(d.loss for d in decisions)
    if len(decisions) > 1 and total > 0.05:
        text.append(" ({})".format(_("total {total}").format(total=f"{total:.1f}")), style="dim")
    if any(d.win_loss is not None for d in decisions):
        text.append("\n  ")
        text.append(_("Chance to win given up:"), style="dim")
        for decision in decisions:
            text.append(" ")
            text.append_text(win_loss_mark(decision))
    return text


def summary_text(analysis: Analysis, finished: bool) -> Text:
    """One line per player: expected points given up (lost), share of best moves, luck."""
    text = Text(no_wrap=True, overflow="ellipsis")
    for n, player in enumerate(analysis.players):
        if n:
            text.append("\n")
        text.append(shown_name(player.name), style="bold")
        text.append("  " + _("lost {points}").format(points=f"{player.given_up:.1f}"))
        text.append(" · " + _("best {share}").format(share=f"{player.best_share:.0%}"))
        if finished:
            text.append(" · " + _("luck {points}").format(points=signed(player.luck)))
        if player.win_given_up is not None:
            chance = f"{player.win_given_up:.1%}"
            text.append(" · " + _("chance to win lost {chance}").format(chance=chance))
    return text
