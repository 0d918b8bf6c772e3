"""The game history: `Store`, one SQLite database (see `connection`) with a repository
per game family (each family's own, made by `Store.repository`) and the listings every
family's games share (`queries`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from dicepoker_tui.store.connection import (
    Database,
    GameNotFound,
    HistoryUnavailable,
    StoreError,
    Waiting,
)
from dicepoker_tui.store.queries import GameQueries, SortKey
from dicepoker_tui.store.records import GameRecord

R = TypeVar("R")

__all__ = ["GameNotFound", "HistoryUnavailable", "Opened", "Store", "StoreError"]


class Opened(NamedTuple):
    """`Store.open`'s result: the store, and a message for the player when something was wrong."""

    store: Store
    notice: str | None


class Store:
    """The history. Safe to share between threads; one write transaction at a time."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._queries = GameQueries(db)
        self._repositories: dict[Any, Any] = {}
        self._lock = threading.Lock()

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        path: str | Path | None = None,
        *,
        read_only: bool = False,
        on_wait: Waiting | None = None,
    ) -> Opened:
        """Open the history at `path` or the default place: for writing (created or
        upgraded) or `read_only`. `HistoryUnavailable` when it cannot be used; a damaged
        file is moved aside and recovered from (see `Database.open`).
        """
        db, notice = Database.open(path, read_only=read_only, on_wait=on_wait)
        return Opened(cls(db), notice)

    @classmethod
    def memory(cls) -> Store:
        """A store that lives only as long as this process (tests)."""
        return cls(Database.memory())

    @property
    def path(self) -> Path | None:
        """The database file, or None for a store kept in memory."""
        return self.db.path

    @property
    def schema_version(self) -> int:
        return self.db.schema_version

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- every family's games -------------------------------------------------------------
    def repository(self, kind: Callable[[Database], R]) -> R:
        """The store's one `kind(db)`: a family's repository, made on first use (a family
        reaches its games through its own, `FamilySpec.repository`)."""
        with self._lock:
            found = self._repositories.get(kind)
            if found is None:
                found = self._repositories[kind] = kind(self.db)
            return found

    def game(self, game_id: int) -> GameRecord:
        """One game's record."""
        return self._queries.game(game_id)

    def unfinished(self, family: str) -> list[GameRecord]:
        """The games of `family` still being played (not finished, not abandoned), last
        played first."""
        return self._queries.unfinished(family)

    def finished(
        self,
        variant: str | None = None,
        player: str | None = None,
        sort: SortKey = "date",
        descending: bool = True,
        limit: int | None = None,
        offset: int = 0,
        seeded_only: bool = False,
    ) -> list[GameRecord]:
        """Finished games, newest (or best) first (see `GameQueries.finished`)."""
        return self._queries.finished(variant, player, sort, descending, limit, offset, seeded_only)

    def count_finished(self, variant: str | None = None, player: str | None = None) -> int:
        return self._queries.count_finished(variant, player)

    def player_names(self, variant: str | None = None) -> list[str]:
        """Names seen in finished games (of `variant`), the most games first."""
        return self._queries.player_names(variant)
