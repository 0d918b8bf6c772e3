"""Run the `dicepoker` command the way a user does: a fresh interpreter per call."""

from __future__ import annotations

import subprocess
import sys


def dicepoker(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dicepoker_tui", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    """Assert a clean failure: non-zero exit, nothing on stdout, one line on stderr."""
    assert result.returncode != 0
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]
