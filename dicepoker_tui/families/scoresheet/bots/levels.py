"""The bot levels of the scoresheet games: each name and how to build one bot of it.

`heuristic` plays by rules of thumb; `optimal`, `strong`, `casual` and `novice` play
from the solver's exact option values, blurred by more noise at each step down
(`ai.noise`, `ai.solver_bots`); `winner` plays for the chance to finish first, given
every sheet at the table (`ai.winner_bot`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial

from dicepoker_tui.families.scoresheet.bots.bots import Bot
from dicepoker_tui.families.scoresheet.bots.heuristic import HeuristicBot

BotFactory = Callable[[int | None], Bot]


@cache
def factories() -> dict[str, BotFactory]:
    """Level → `factory(seed)` building one bot, in the order levels are offered."""
    # deferred: the solver's bots load numpy and the policy, when levels are first asked for
    from dicepoker_tui.families.scoresheet.bots.noise import LEVEL_NOISE
    from dicepoker_tui.families.scoresheet.bots.solver_bots import PolicyBot
    from dicepoker_tui.families.scoresheet.bots.winner_bot import WINNER, WinnerBot

    table: dict[str, BotFactory] = {"heuristic": HeuristicBot}
    table[WINNER] = WinnerBot
    table.update({level: partial(PolicyBot, level) for level in LEVEL_NOISE})
    return table


def bot_levels() -> list[str]:
    return list(factories())


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of `level`; KeyError naming the known levels otherwise."""
    table = factories()
    try:
        factory = table[level]
    except KeyError:
        raise KeyError(f"unknown bot level {level!r} (known: {', '.join(table)})") from None
    return factory(seed)
