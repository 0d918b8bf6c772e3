"""Every table's game kept in the history as it is played."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from dicepoker_tui.family import family_of
from dicepoker_tui.net.hub.model import Table

if TYPE_CHECKING:
    from dicepoker_tui.store import Store

log = logging.getLogger(__name__)


class Recording:
    """A recorder per started table (`Table.recorder`), closed when its game ends or the
    table goes."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store
        """The history: games are saved as they are played (None: not kept)."""

    def record(self, table: Table) -> None:
        """Keep the table's game in the history as it is played."""
        if self.store is None or table.game is None:
            return
        try:
            table.recorder = family_of(table.variant).recorder(
                self.store,
                table.game,
                on_error=lambda msg: log.warning("table %s: %s", table.id, msg),
            )
        except Exception:
            log.exception("the game of table %s cannot be saved", table.id)

    @staticmethod
    def flush(table: Table) -> None:
        """What was played at `table` so far is written (it is parked)."""
        if table.recorder is not None:
            table.recorder.flush()

    @staticmethod
    def stop(table: Table, abandoned: bool) -> None:
        """The record of `table` is closed (as left when `abandoned`)."""
        recorder = table.recorder
        table.recorder = None
        if recorder is None:
            return
        try:
            recorder.close(abandoned)
        except Exception:
            log.exception("closing the record of table %s failed", table.id)
