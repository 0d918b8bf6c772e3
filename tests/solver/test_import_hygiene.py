"""The solver, the policy, the bots and their commands never import Textual."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow

MODULES = [
    "dicepoker_tui.families.scoresheet.solver",
    "dicepoker_tui.families.scoresheet.bots.policy",
    "dicepoker_tui.families.scoresheet.bots.simulate",
    "dicepoker_tui.families.scoresheet.bots.analysis",
    "dicepoker_tui.families.scoresheet.bots.solver_bots",
    "dicepoker_tui.families.scoresheet.commands.solve",
    "dicepoker_tui.families.scoresheet.commands.simulate",
    "dicepoker_tui.families.scoresheet.commands.advise",
    "dicepoker_tui.families.scoresheet.commands.analyze",
]


def test_solver_modules_import_without_textual() -> None:
    code = (
        "import importlib, sys\n"
        f"for name in {MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "from dicepoker_tui.families.scoresheet.bots.levels import bot_levels\n"
        "assert 'optimal' in bot_levels()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
