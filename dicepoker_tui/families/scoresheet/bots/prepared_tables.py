"""Which of the solver's tables a server has prepared (by their file names; see
`family.prepared` for how a server reads them and never builds them)."""

from __future__ import annotations

from dicepoker_tui.families.scoresheet.solver.cache import DIGEST
from dicepoker_tui.family.prepared import prepared_dir

SOLVER_LEVELS = ("optimal", "strong", "casual", "novice")
"""Bot levels that read the expected-score table."""


def tables_ready(variant_id: str, levels: list[str]) -> bool:
    """Whether the prepared folder holds the tables that bots of `levels` read in this
    variant (by their file names: no model is built); true for variants without a
    solver and levels that read no table."""
    from dicepoker_tui.families.scoresheet.bots.winner_bot import WINNER, needs_risk_tables
    from dicepoker_tui.families.scoresheet.rules.variants import get_variant
    from dicepoker_tui.families.scoresheet.solver.risk import RISK_VERSION
    from dicepoker_tui.families.scoresheet.solver.spread import SPREAD_VERSION
    from dicepoker_tui.families.scoresheet.solver.table import SOLVER_VERSION
    from dicepoker_tui.families.scoresheet.solver.targets import TARGET_OPEN, TARGETS_VERSION, WIDTH

    folder = prepared_dir()
    try:
        get_variant(variant_id)
    except KeyError:
        return True
    if folder is None:
        return True
    wanted = [""] if WINNER in levels or any(lv in SOLVER_LEVELS for lv in levels) else []
    if WINNER in levels:
        wanted.append(f"-spread{SPREAD_VERSION}")
        if variant_id in TARGET_OPEN:
            wanted.append(f"-targets{TARGETS_VERSION}-{TARGET_OPEN[variant_id]}-{WIDTH}")
        if needs_risk_tables(variant_id):
            wanted.append(f"-risk{RISK_VERSION}")
    key = f"{variant_id}-v{SOLVER_VERSION}-{'?' * DIGEST}"
    return all(any(folder.glob(f"{key}{tail}.npz")) for tail in wanted)
