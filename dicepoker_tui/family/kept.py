"""Every family's unfinished games, together: the resume list, and what is done with
the game picked there (loaded to be played on, or abandoned). Each family answers
through its `FamilySpec`. A game another running program plays (`dicepoker serve`,
another app: see `store.leases`) is not listed, and loading it is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dicepoker_tui.engine.session import Session
from dicepoker_tui.family.registry import families, get_family
from dicepoker_tui.family.spec import KeptGame

if TYPE_CHECKING:
    from dicepoker_tui.store.database import Store


def unfinished(store: Store) -> list[KeptGame]:
    """The games of every family still being played, last played first (not those
    another running program plays)."""
    from dicepoker_tui.store import leases

    elsewhere = leases.held_elsewhere(store.db)
    kept = [
        game
        for family in families()
        for game in family.unfinished(store)
        if game.record.id not in elsewhere
    ]
    kept.sort(key=lambda k: (k.record.updated_at, k.record.id), reverse=True)
    return kept


def load(store: Store, kept: KeptGame) -> Session:
    """The game of `kept` rebuilt from its log (`StoreError` when it is damaged, or
    another running program plays it)."""
    from dicepoker_tui.store import leases

    leases.check_free(store.db, kept.record.id)
    return get_family(kept.family).load(store, kept.record.id)


def abandon(store: Store, kept: KeptGame) -> None:
    """Stop offering `kept` for resuming (it stays in the history)."""
    get_family(kept.family).abandon(store, kept.record.id)


def coach(store: Store, kept: KeptGame) -> dict[int, float]:
    """Seat → the coach's threshold, for the coached seats of `kept`."""
    return get_family(kept.family).coach(store, kept.record.id)
