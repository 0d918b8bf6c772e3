"""The core (engine, variants, bots) and the headless commands never import Textual."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.slow

CORE_MODULES = [
    "dicepoker_tui.engine",
    "dicepoker_tui.engine.core",
    "dicepoker_tui.engine.dice",
    "dicepoker_tui.families.scoresheet.rules.game",
    "dicepoker_tui.families.scoresheet.rules.variants",
    "dicepoker_tui.families.scoresheet.bots.bots",
    "dicepoker_tui.cli",
    "dicepoker_tui.families.scoresheet.commands.score",
    "dicepoker_tui.cli.variants",
    "dicepoker_tui.cli.rules",
]


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=60
    )


def test_core_imports_without_textual() -> None:
    result = run_python(
        f"""
        import importlib, sys
        for name in {CORE_MODULES!r}:
            importlib.import_module(name)
        from dicepoker_tui.families.scoresheet.rules.game import Game
        from dicepoker_tui.families.scoresheet.rules.variants import all_variants
        for v in all_variants():
            game = Game.new(v.id, ["Ann"], seed=1)
            game.throw()
            game.write(next(iter(game.preview())))
        loaded = sorted(m for m in sys.modules if m == "textual" or m.startswith("textual."))
        print(" ".join(loaded) or "clean")
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "clean"


def test_the_check_would_see_textual() -> None:
    """The probe itself works: importing Textual shows up in sys.modules."""
    result = run_python("import sys, textual; print('textual' in sys.modules)")
    assert result.stdout.strip() == "True", result.stderr


def test_score_command_runs_without_textual() -> None:
    result = run_python(
        """
        import contextlib, io, sys
        from dicepoker_tui.cli import main
        with contextlib.redirect_stdout(io.StringIO()):
            for argv in (["score", "--variant", "yatzy", "12345"], ["variants"],
                         ["rules", "dice-poker"]):
                assert main(argv) == 0
        print("textual" in sys.modules)
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
