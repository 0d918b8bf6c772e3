"""Time the decisions of playing to win: the `winner` bot's choice and the hint "best for
winning" (both chances to win and points), at every decision of two-player games
played by `optimal`, against the plain hint's option values.

    .venv/bin/python bench/win_bench.py [VARIANT]

Builds (or loads) the variant's table and spread (and risk tables, where the bot takes
risks, and target tables, where it aims at totals) first; prints median and worst times.
"""

from __future__ import annotations

import statistics
import sys
import time

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.bots.levels import make_bot
from dicepoker_tui.families.scoresheet.bots.policy import Policy
from dicepoker_tui.families.scoresheet.bots.winner_bot import needs_risk_tables
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.solver.risk import get_risk
from dicepoker_tui.families.scoresheet.solver.spread import get_spread
from dicepoker_tui.families.scoresheet.solver.targets import get_targets, has_targets
from dicepoker_tui.families.scoresheet.views.win_hints import win_hint_for


def main(variant: str = "yahtzee") -> None:
    spread = get_spread(get_variant(variant))
    if needs_risk_tables(variant):
        get_risk(get_variant(variant))
    if has_targets(variant):
        get_targets(get_variant(variant))  # loaded once, before timing
    policy = Policy(spread.table)
    times: dict[str, list[float]] = {"winner decision": [], "win hint": [], "score options": []}
    bots = [Player(name=n, kind="bot", level="optimal") for n in ("A", "B")]
    for seed in (5, 6):
        game = Game.new(variant, bots, seed=seed)
        bot = make_bot("optimal", seed=1)
        winner = make_bot("winner", seed=1)
        while not game.state.finished:
            state = game.state
            if state.turn is not None and state.turn.dice is not None:
                for name, run in (
                    ("winner decision", lambda s=state, w=winner, v=game.variant: w.choose(s, v)),
                    ("win hint", lambda s=state: win_hint_for(policy, spread, s)),
                    ("score options", lambda s=state: policy.options_for(s)),
                ):
                    t0 = time.perf_counter()
                    run()
                    times[name].append(time.perf_counter() - t0)
            action = bot.choose(state, game.variant)
            if hasattr(action, "box"):
                game.write(action.box)
            else:
                game.throw(keep=list(action.keep) if state.turn.dice else None)
    for name, ts in times.items():
        print(
            f"{variant} {name}: {len(ts)} decisions, median {statistics.median(ts) * 1000:.1f} ms,"
            f" worst {max(ts) * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main(*sys.argv[1:2])
