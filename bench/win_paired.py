"""Two versions of the `winner` bot against `optimal` on the same dice, game by game.

    .venv/bin/python bench/win_paired.py VARIANT [--games N] [--seed S]
        [--a risk=off,spread=1.5] [--b risk=2,spread=1.5]

`risk` is the number of open boxes down to which the bot plays with a risk attitude
(`winner_bot.RISK_UNTIL`; `off`: every turn for the chance to win), `spread` the factor
on the variance still to come (`win_turn.FUTURE_SPREAD`), `targets` the open boxes
down to which target tables play the last turns (`targets.TARGET_OPEN`; `width`: their
targets), `rivals=normal` follows the rivals there by their normals instead of exactly
(`target_turn.EXACT_RIVALS`). The table simulation draws
every game's dice independently of the play, so the `optimal` seat plays the same game
in both runs and the two versions differ only where they chose otherwise: the paired
difference is measured far more closely than two separate win shares.
"""

from __future__ import annotations

import argparse

import numpy as np

from dicepoker_tui.families.scoresheet.bots import target_turn, win_turn, winner_bot
from dicepoker_tui.families.scoresheet.bots.table_sim import TableResult, play_tables
from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.solver import targets as targets_mod
from dicepoker_tui.families.scoresheet.solver.risk import get_risk
from dicepoker_tui.families.scoresheet.solver.spread import get_spread
from dicepoker_tui.families.scoresheet.solver.targets import get_targets


def configured(text: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in text.split(",") if part)


def run(variant_id: str, games: int, seed: int, config: dict[str, str]) -> TableResult:
    variant = get_variant(variant_id)
    risk_until = config.get("risk", "off")
    if risk_until == "off":
        winner_bot.RISK_UNTIL.pop(variant_id, None)
    else:
        winner_bot.RISK_UNTIL[variant_id] = int(risk_until)
    win_turn.FUTURE_SPREAD = float(config.get("spread", "1.5"))
    target_turn.EXACT_RIVALS = config.get("rivals", "exact") == "exact"
    spread = get_spread(variant)
    risk = get_risk(variant) if winner_bot.needs_risk_tables(variant_id) else None
    targets = None
    targets_mod._memory.pop(variant_id, None)  # each run solves or loads its own depth
    if config.get("targets", "off") == "off":
        targets_mod.TARGET_OPEN.pop(variant_id, None)
    else:
        targets_mod.TARGET_OPEN[variant_id] = int(config["targets"])
        targets_mod.WIDTH = int(config.get("width", targets_mod.WIDTH))
        targets = get_targets(variant)
    return play_tables(spread.table, ["winner", "optimal"], games, seed, spread, risk=risk,
                       targets=targets)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--a", default="risk=off,spread=1.5")
    parser.add_argument("--b", default="risk=2,spread=1.5")
    args = parser.parse_args()
    results = {}
    for name in ("a", "b"):
        config = configured(getattr(args, name))
        result = run(args.variant, args.games, args.seed, config)
        results[name] = result
        share, mean = result.wins[:, 0].mean(), result.scores[:, 0].mean()
        print(f"{name} {getattr(args, name)}: winner {share:.2%}, mean {mean:.2f}, "
              f"{result.seconds:.0f} s")  # fmt: skip
    a, b = results["a"], results["b"]
    assert (a.scores[:, 1] == b.scores[:, 1]).all(), "the optimal seat's games differ"
    diff = b.wins[:, 0] - a.wins[:, 0]
    half = 1.96 * diff.std() / np.sqrt(len(diff))
    print(f"b - a: {diff.mean():+.3%} ± {half:.3%} (95 %), games that changed: "
          f"{np.mean(diff != 0):.1%}")  # fmt: skip


if __name__ == "__main__":
    main()
