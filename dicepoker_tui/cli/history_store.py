"""Opening the history for a subcommand: the store, with its notice printed to stderr."""

from __future__ import annotations

import sys

from dicepoker_tui.store import Store


def open_store() -> Store:
    """The history at `$DICEPOKER_HOME` or the user data directory."""
    store, notice = Store.open()
    if notice:
        print(f"dicepoker: {notice}", file=sys.stderr)
    return store
