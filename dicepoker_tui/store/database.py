"""The game history: `Store`, one SQLite database (see `connection`) with a repository
per game family. The scoresheet games' writes and queries are offered on the store
itself, as the history screens, the command line and the export ask for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.families.scoresheet.history.queries import ScoresheetQueries, SortKey
from dicepoker_tui.families.scoresheet.history.repo import ScoresheetRepository
from dicepoker_tui.families.scoresheet.history.stats import player_stats
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.i18n import _
from dicepoker_tui.store.connection import (
    Database,
    GameNotFound,
    HistoryUnavailable,
    StoreError,
    Waiting,
)
from dicepoker_tui.store.event_logs import BiddingRepository
from dicepoker_tui.store.records import GameRecord, PlayerStats

__all__ = ["GameNotFound", "HistoryUnavailable", "Opened", "Store", "StoreError"]


class Opened(NamedTuple):
    """`Store.open`'s result: the store, and a message for the player when something was wrong."""

    store: Store
    notice: str | None


class Store:
    """The history. Safe to share between threads; one write transaction at a time."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.scoresheet = ScoresheetRepository(db)
        """Scoresheet games: written by a `Recorder`, and by the methods below."""
        self.bidding = BiddingRepository(db)
        """Bidding games: written by a `Recorder`, listed and loaded for their review."""
        self._queries = ScoresheetQueries(db)

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

    # -- scoresheet games: writing ---------------------------------------------------------
    def create_game(
        self,
        game: Game,
        started_at: datetime | None = None,
        updated_at: datetime | None = None,
        finished_at: datetime | None = None,
        abandoned: bool = False,
    ) -> int:
        """Store a game with every event it has so far; its new id (see
        `ScoresheetRepository.create`)."""
        return self.scoresheet.create(game, started_at, updated_at, finished_at, abandoned)

    def append(self, game_id: int, event: ev.Event, seq: int | None = None) -> None:
        """Append one event to a game in its own transaction."""
        self.append_many(game_id, [event], seq)

    def append_many(
        self,
        game_id: int,
        events: Sequence[ev.Event],
        seq: int | None = None,
        state: GameState | None = None,
    ) -> None:
        """Append events in one transaction (see `ScoresheetRepository.append_many`)."""
        self.scoresheet.append_many(game_id, events, seq, state)

    def set_coach(self, game_id: int, thresholds: Mapping[int, float | None]) -> None:
        """Keep the coach of some seats (seat → threshold, None for no coach)."""
        self.scoresheet.set_coach(game_id, thresholds)

    def abandon(self, game_id: int) -> None:
        """Stop offering an unfinished game for resuming (it stays in the history)."""
        self.scoresheet.abandon(game_id)

    # -- scoresheet games: reading ---------------------------------------------------------
    def load_events(self, game_id: int) -> list[ev.Event]:
        """The event log of a game, in order."""
        return self.scoresheet.load_events(game_id)

    def load_game(self, game_id: int) -> Game:
        """The game rebuilt from its events: same dice, same throws left, same player to act;
        `StoreError` (one line) when its record is damaged."""
        events = self.load_events(game_id)
        try:
            return Game.from_events(events)
        except (IllegalMove, ValueError, IndexError, KeyError) as exc:
            raise StoreError(
                _("game {id} is damaged ({reason})").format(
                    id=game_id, reason=" ".join(str(exc).split())
                )
            ) from None

    def event_count(self, game_id: int) -> int:
        return self.scoresheet.event_count(game_id)

    def find_duplicate(self, events: Sequence[ev.Event], started_at: datetime) -> int | None:
        """The id of a stored game with this start time and exactly these events, if any."""
        return self.scoresheet.find_duplicate(events, started_at)

    def game(self, game_id: int) -> GameRecord:
        """One game's record."""
        return self._queries.game(game_id)

    def unfinished(self) -> list[GameRecord]:
        """Games still being played (not finished, not abandoned), last played first."""
        return self._queries.unfinished()

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
        """Finished games, newest (or best) first (see `ScoresheetQueries.finished`)."""
        return self._queries.finished(variant, player, sort, descending, limit, offset, seeded_only)

    def count_finished(self, variant: str | None = None, player: str | None = None) -> int:
        return self._queries.count_finished(variant, player)

    def player_names(self, variant: str | None = None) -> list[str]:
        """Names seen in finished games (of `variant`), the most games first."""
        return self._queries.player_names(variant)

    def stats(self, player: str, variant: str, seeded_only: bool = False) -> PlayerStats:
        """`player`'s figures over their finished games of `variant` (name ignores case);
        `seeded_only` leaves out the games played with real dice (not verifiable)."""
        return player_stats(self.db, player, variant, seeded_only)
