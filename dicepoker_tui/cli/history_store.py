"""Opening the history for a subcommand: read-only for the commands that only read, for
writing for those that store; a history that cannot be used is one line and a non-zero
exit status, never a save that does not happen."""

from __future__ import annotations

import sys

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.store import HistoryUnavailable, Store


def open_store(*, write: bool = False) -> Store:
    """The history at `$DICEPOKER_HOME` or the user data directory; `CliError` (status 1)
    when it cannot be used. Reading never waits for another process's write lock; a write
    that must wait says so on stderr first."""
    try:
        store, notice = Store.open(read_only=not write, on_wait=_say)
    except HistoryUnavailable as exc:
        raise CliError(str(exc), status=1) from None
    if notice:
        _say(notice)
    return store


def _say(message: str) -> None:
    print(f"dicepoker: {message}", file=sys.stderr, flush=True)
