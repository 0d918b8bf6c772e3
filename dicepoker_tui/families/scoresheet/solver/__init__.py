"""Exact solver: optimal solitaire play of every built-in variant (numpy, no Textual).

`get_table(variant)` gives a solved `Table` (from memory, the disk cache, or solved on
the spot); `solve(variant)` always solves. The policy on top of the tables is in
`dicepoker_tui.families.scoresheet.bots.policy`.
"""

from dicepoker_tui.families.scoresheet.solver.cache import cached, get_table, table_path
from dicepoker_tui.families.scoresheet.solver.table import SOLVER_VERSION, Table, model_for, solve
from dicepoker_tui.family.prepared import cache_dir

__all__ = [
    "SOLVER_VERSION",
    "Table",
    "cache_dir",
    "cached",
    "get_table",
    "model_for",
    "solve",
    "table_path",
]
