"""What the scoresheet family adds to the history's upgrades (`store.schema` runs
`UPGRADES[version]` in the step from `version`, after its own): version 1 kept the
scoresheet games' events row by row and no final sheets; version 2 reads each finished
game's final sheets and figures off its events and packs its log."""

from __future__ import annotations

import sqlite3

from dicepoker_tui.families.scoresheet.history.summary import final_sheets, sheet_json
from dicepoker_tui.families.scoresheet.rules.events import EVENT_LIST_ADAPTER
from dicepoker_tui.store.schema import Migration, pack_events


def _final_sheets_packed_logs(conn: sqlite3.Connection) -> None:
    """Fill in the final sheets and per-game figures of every finished game from its
    events, and pack its log."""
    finished = conn.execute("SELECT id FROM games WHERE status = 'finished'").fetchall()
    for (game_id,) in finished:
        rows = conn.execute(
            "SELECT data FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        try:
            events = EVENT_LIST_ADAPTER.validate_json("[" + ",".join(r[0] for r in rows) + "]")
            sheets = final_sheets(events)
        except (ValueError, TypeError, KeyError, IndexError):
            # A game whose log does not read keeps it as it is (packed: it is finished)
            # and no sheet: its review says why; the other games upgrade.
            pack_events(conn, game_id)
            continue
        for sheet in sheets:
            conn.execute(
                "UPDATE players SET five_of_a_kind = ? WHERE game_id = ? AND seat = ?",
                (sheet.five_of_a_kind, game_id, sheet.seat),
            )
            conn.execute(
                "INSERT INTO final_sheets VALUES (?, ?, ?)",
                (game_id, sheet.seat, sheet_json(sheet)),
            )
        conn.execute(
            "UPDATE games SET best_total = ? WHERE id = ?",
            (max(s.total for s in sheets), game_id),
        )
        pack_events(conn, game_id)


UPGRADES: dict[int, Migration] = {1: _final_sheets_packed_logs}
"""The family's part of the upgrade from each schema version."""
