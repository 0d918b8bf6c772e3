"""Exact solver: optimal solitaire play of every built-in variant (numpy, no Textual).

`get_table(variant)` gives a solved `Table` (from memory, the disk cache, or solved on
the spot); `solve(variant)` always solves. The policy on top of the tables is in
`dicepoker_tui.ai.policy`.
"""

from dicepoker_tui.ai.solver.cache import cache_dir, cached, get_table, table_path
from dicepoker_tui.ai.solver.table import SOLVER_VERSION, Table, model_for, solve

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
