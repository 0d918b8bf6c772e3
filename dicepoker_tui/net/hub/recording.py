"""Every table's game kept in the history as it is played."""

from __future__ import annotations

import logging

from dicepoker_tui.family import family_of
from dicepoker_tui.net.hub.base import HubBase
from dicepoker_tui.net.hub.model import Table

log = logging.getLogger(__name__)


class Recording(HubBase):
    """A recorder per started table, closed when its game ends or the table goes."""

    def _record(self, table: Table) -> None:
        """Keep the table's game in the history as it is played."""
        if self.store is None or table.game is None:
            return
        try:
            table.recorder = family_of(table.variant).recorder(
                self.store,  # type: ignore[arg-type]
                table.game,
                on_error=lambda msg: log.warning("table %s: %s", table.id, msg),
            )
        except Exception:
            log.exception("the game of table %s cannot be saved", table.id)

    def _stop_recording(self, table: Table, abandoned: bool) -> None:
        recorder = table.recorder
        table.recorder = None
        if recorder is None:
            return
        try:
            recorder.close(abandoned)  # type: ignore[attr-defined]
        except Exception:
            log.exception("closing the record of table %s failed", table.id)
