"""A stored game of a house variant brings its rules: when a variant id such as
`our-yahtzee@1a2b3c4d` is asked for and no file defines it any more, the rules kept in
its games' `game_started` event are registered (unlisted) from the open histories."""

from __future__ import annotations

import sqlite3

from pydantic import ValidationError

from dicepoker_tui.families.scoresheet.history.repo import read_events
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.variants import registry
from dicepoker_tui.families.scoresheet.rules.variants.house import register_definition
from dicepoker_tui.families.scoresheet.rules.variants.house_file import HouseRuleError
from dicepoker_tui.store import connection


def from_history(variant_id: str) -> None:
    """Register the rules of the first stored game of `variant_id`, if one keeps them."""
    for db in list(connection.OPEN):
        try:
            with db.lock:  # single statements: safe inside a caller's transaction too
                row = db.conn.execute(
                    "SELECT id FROM games WHERE variant = ? ORDER BY id LIMIT 1", (variant_id,)
                ).fetchone()
                events = read_events(db.conn, int(row[0])) if row else []
        except (sqlite3.Error, ValidationError, ValueError):
            continue
        first = events[0] if events else None
        if isinstance(first, ev.GameStarted) and first.rules is not None:
            try:
                register_definition(first.rules)
            except HouseRuleError:
                continue
            return


def install() -> None:
    registry.add_resolver(from_history)
