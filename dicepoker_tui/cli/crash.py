"""A crash of a command or of the app: one line on stderr, the traceback in a log file
in the data directory, and a non-zero exit status."""

from __future__ import annotations

import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dicepoker_tui.i18n import _

CRASH_LOG = "crash.log"
CRASH_STATUS = 70
"""The exit status of a crash (EX_SOFTWARE)."""
_LOG_MOST = 1_000_000
"""Bytes the log is kept to: older crashes are dropped from its start."""


def crash_log_path() -> Path:
    from dicepoker_tui.store.paths import data_dir

    return data_dir() / CRASH_LOG


def report_crash(exc: BaseException, command: str | None = None) -> int:
    """Log `exc`'s traceback, say so in one line; the exit status."""
    path = crash_log_path()
    text = "".join(traceback.format_exception(exc))
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    where: str | None = str(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        old = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""
        entry = f"--- {stamp} dicepoker {command or ''}\n{text}\n"
        path.write_text((old + entry)[-_LOG_MOST:], encoding="utf-8")
    except OSError:
        where = None
    what = " ".join(f"{type(exc).__name__}: {exc}".split())[:200]
    if where is None:
        line = _("dicepoker crashed ({error}); the details could not be logged").format(error=what)
    else:
        line = _("dicepoker crashed ({error}); details in {path}").format(error=what, path=where)
    print(line, file=sys.stderr)
    return CRASH_STATUS


def run_app(app: Any, command: str | None = None) -> int:
    """Run a Textual app; a crash inside it is reported as above instead of Textual's
    traceback on the screen."""
    from dicepoker_tui.ui.common.textual_private import app_crash, quiet_exit_errors

    quiet_exit_errors(app)
    app.run()
    crash = app_crash(app)
    if crash is not None:
        return report_crash(crash, command)
    return int(app.return_code or 0)
