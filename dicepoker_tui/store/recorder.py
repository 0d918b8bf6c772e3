"""`Recorder`: keeps a live game's event log in the history as it is played, whatever
its family, through that family's repository."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from dicepoker_tui.engine.session import Session
from dicepoker_tui.i18n import _
from dicepoker_tui.store import leases
from dicepoker_tui.store.connection import Database, StaleWrite, StoreError


class GameRepository(Protocol):
    """How a family's games are written to the history (see `ScoresheetRepository`,
    `BiddingRepository`)."""

    db: Database
    """The history the games are kept in."""
    continued: frozenset[str]
    """Types of the events always followed by more events of the same command: the log
    is kept after the others, so a stored log never ends half way through a command."""

    def create(self, game: Any) -> int:
        """Store a new game with the events it has so far; its id."""
        ...

    def save(self, game_id: int, events: Sequence[Any], seq: int, state: Any) -> None:
        """Keep the game's log as `events` (all of them), of which the first `seq` are
        stored already; `state` is the game's state after them. `StaleWrite` (nothing
        changed) when `seq` is not what is stored or the game is finished."""
        ...

    def abandon(self, game_id: int) -> None:
        """Mark an unfinished game as left."""
        ...

    def event_count(self, game_id: int) -> int:
        """How many of the game's events are stored."""
        ...

    def load_events(self, game_id: int) -> list[Any]:
        """The game's events, in order (`GameNotFound` for no such game of the family)."""
        ...


class Recorder:
    """Subscribes to a game and keeps its events in the history as they happen.

    `Recorder(repository, game)` stores a new game (with the events it already has);
    `Recorder(repository, game, game_id)` continues a game loaded from the history
    (`GameLeased` when another running program plays it). The recorder holds the game's
    lease (`store.leases`) until it is closed. Writing never raises into the game: a
    failure is kept in `error` and passed to `on_error`, and the missing events are
    retried with the next ones; a write refused because another copy of the game wrote
    first (`StaleWrite`) is said once and nothing more is written: the stored game stays
    as that copy left it.
    """

    def __init__(
        self,
        repository: GameRepository,
        game: Session[Any, Any, Any],
        game_id: int | None = None,
        on_error: Callable[[str], None] | None = None,
    ) -> None:
        self.repository = repository
        self.game = game
        self.on_error = on_error
        self.error: str | None = None
        self.stale = False
        """Whether another copy of the game wrote first: nothing more is written."""
        if game_id is None:
            self.game_id = repository.create(game)
            self.saved = len(game.events)
            self._lease()
        else:
            self.game_id = game_id
            leases.take(repository.db, game_id)
            try:
                self.saved = repository.event_count(game_id)
                if self.saved > len(game.events):
                    raise StoreError(
                        _("game {id} has {count} events stored, more than this game has").format(
                            id=game_id, count=self.saved
                        )
                    )
            except BaseException:
                self._release()
                raise
        self._unsubscribe = game.subscribe(self._on_event)
        if self.saved < len(game.events):
            self.flush()

    def _on_event(self, event: Any, state: Any) -> None:
        if event.type not in self.repository.continued:
            self.flush()

    def flush(self) -> bool:
        """Store every event not stored yet, in one transaction; whether all are stored."""
        events = self.game.events
        if self.saved == len(events):
            return True
        if self.stale:
            return False
        try:
            self.repository.save(self.game_id, events, self.saved, self.game.state)
        except StaleWrite as exc:
            self.stale = True
            return self._failed(exc)
        except Exception as exc:  # a recorder must never break the game it watches
            return self._failed(exc)
        self.saved = len(events)
        self.error = None
        return True

    def close(self, abandoned: bool = False) -> None:
        """Store what is left and stop listening; `abandoned`: the game, if unfinished, is
        left for good (never offered for resuming)."""
        self.flush()
        self._unsubscribe()  # type: ignore[operator]
        for step in (self._abandon if abandoned else None, self._release):
            try:
                if step is not None:
                    step()
            except Exception as exc:  # nor the closing of a game
                self._failed(exc)

    def _abandon(self) -> None:
        if not self.game.finished and not self.stale:
            self.repository.abandon(self.game_id)

    def _release(self) -> None:
        leases.release(self.repository.db, self.game_id)

    def _lease(self) -> None:
        """Hold the new game's lease (a failure is said, the game goes on)."""
        try:
            leases.take(self.repository.db, self.game_id)
        except Exception as exc:
            self._failed(exc)

    def _failed(self, exc: Exception) -> bool:
        self.error = _("the game could not be saved to the history: {error}").format(error=exc)
        if self.on_error is not None:
            self.on_error(self.error)
        return False

    def __enter__(self) -> Recorder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
