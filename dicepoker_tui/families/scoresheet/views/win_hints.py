"""Hints and coach notes for a player who plays to win (no Textual here).

In a game of two or more, with help set to "best for winning", the hint values every
option by its estimated chance to finish first (`ai.win_policy`). When the best move
for winning and the best move for the score differ, the hint shows both, each with its
chance to win; the next options follow with theirs. The coach's note then tells the
chance to win a decision gave up.
"""

from __future__ import annotations

from dicepoker_tui.families.scoresheet.bots.policy import Option, Policy, positions_of
from dicepoker_tui.families.scoresheet.bots.win_policy import WinOption, win_options_for
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.families.scoresheet.solver.spread import Spread
from dicepoker_tui.families.scoresheet.views.hints import HINT_OPTIONS, Hint, describe
from dicepoker_tui.i18n import _

Key = tuple[str, tuple[int, ...], str]


def _key(option: Option | WinOption) -> Key:
    return (option.action, option.keep, option.box)


def percent(chance: float) -> str:
    """A chance as a percentage with one decimal (54.2%)."""
    return f"{chance:.1%}"


def win_hint_for(
    policy: Policy, spread: Spread, state: GameState, count: int = HINT_OPTIONS
) -> Hint:
    """The hint "best for winning" for the player to act; one line when there is nothing
    to advise."""
    turn = state.turn
    if turn is None:
        return Hint(_("The game is over: there is nothing left to decide."))
    if turn.dice is None:
        return Hint(_("Throw first: a hint needs dice on the table."))
    score_options = policy.options_for(state)
    by_points = {_key(o): o for o in score_options}
    options = win_options_for(spread, state)
    best = options[0]
    score_best = score_options[0]
    chance = {_key(o): o.chance for o in options}
    variant = policy.variant
    words = {key: describe(option, variant) for key, option in by_points.items()}
    lines = []
    if _key(best) == _key(score_best):
        lines.append(
            _("Best: {option} · chance to win {chance} · expected total {total}").format(
                option=words[_key(best)],
                chance=percent(best.chance),
                total=f"{best.expected:.1f}",
            )
        )
        shown = {_key(best)}
    else:
        lines.append(
            _("Best for winning: {option} · chance to win {chance}").format(
                option=words[_key(best)], chance=percent(best.chance)
            )
        )
        lines.append(
            _(
                "Best for the score: {option} · chance to win {chance} · expected total {total}"
            ).format(
                option=words[_key(score_best)],
                chance=percent(chance[_key(score_best)]),
                total=f"{score_best.expected:.1f}",
            )
        )
        shown = {_key(best), _key(score_best)}
    for option in options:
        if len(lines) >= count:
            break
        if _key(option) not in shown:
            lines.append(f"  {words[_key(option)]}: {percent(option.chance)}")
    text = "\n".join(lines)
    if best.action == "write":
        return Hint(text, box=best.box)
    return Hint(text, keep=positions_of(turn.dice, best.keep))


def win_judge(
    policy: Policy, spread: Spread, state: GameState, keep: tuple[int, ...] | None, box: str | None
) -> tuple[Option, WinOption, WinOption]:
    """The move played (`keep`: dice values kept, sorted; or `box`) as the policy's
    option, its chance to win, and the best option for winning. Raises ValueError when
    the move is not one of the options."""
    options = win_options_for(spread, state)
    key: Key = ("write", (), box) if box is not None else ("keep", tuple(keep or ()), "")
    played = next((o for o in options if _key(o) == key), None)
    if played is None:
        raise ValueError("not an option of this turn")
    words = next(o for o in policy.options_for(state) if _key(o) == key)
    return words, played, options[0]


def win_coach_note(
    policy: Policy, played: Option, chance: float, best: WinOption, state: GameState
) -> str:
    """The coach's note after a decision that gave up chance to win."""
    best_words = next(o for o in policy.options_for(state) if _key(o) == _key(best))
    return _(
        "Best for winning was {best} (chance to win {best_chance}); {played} left {chance}."
    ).format(
        best=describe(best_words, policy.variant),
        best_chance=percent(best.chance),
        played=describe(played, policy.variant),
        chance=percent(chance),
    )
