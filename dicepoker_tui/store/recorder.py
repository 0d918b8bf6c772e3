"""`GameRecorder`: keeps a live game's event log in the history as it is played."""

from __future__ import annotations

from collections.abc import Callable

from dicepoker_tui.engine.scoresheet import events as ev
from dicepoker_tui.engine.scoresheet.game import Game
from dicepoker_tui.engine.scoresheet.state import GameState
from dicepoker_tui.i18n import _
from dicepoker_tui.store.database import Store, StoreError

# Events that are always followed by more events of the same command (a write is followed
# by its bonuses and the next turn, a start by the first turn). The recorder commits a
# command's events together, so a stored log never ends half way through a command.
CONTINUED = frozenset(
    {"game_started", "box_written", "bonus_awarded", "throws_banked", "stage_finished"}
)


class GameRecorder:
    """Subscribes to a `Game` and appends its events to the store as they happen.

    `GameRecorder(store, game)` stores a new game (with the events it already has);
    `GameRecorder(store, game, game_id)` continues a game loaded from the store.
    Writing never raises into the game: a failure is kept in `error` and passed to
    `on_error`, and the missing events are retried with the next ones.
    """

    def __init__(
        self,
        store: Store,
        game: Game,
        game_id: int | None = None,
        on_error: Callable[[str], None] | None = None,
    ) -> None:
        self.store = store
        self.game = game
        self.on_error = on_error
        self.error: str | None = None
        if game_id is None:
            self.game_id = store.create_game(game)
            self.saved = len(game.events)
        else:
            self.game_id = game_id
            self.saved = store.event_count(game_id)
            if self.saved > len(game.events):
                raise StoreError(
                    _("game {id} has {count} events stored, more than this game has").format(
                        id=game_id, count=self.saved
                    )
                )
        self._unsubscribe = game.subscribe(self._on_event)
        if self.saved < len(game.events):
            self.flush()

    def _on_event(self, event: ev.Event, state: GameState) -> None:
        if event.type not in CONTINUED:
            self.flush(state)

    def flush(self, state: GameState | None = None) -> bool:
        """Store every event not stored yet, in one transaction; whether all are stored."""
        events = self.game.events
        pending = events[self.saved :]
        if not pending:
            return True
        try:
            self.store.append_many(self.game_id, pending, seq=self.saved, state=state)
        except Exception as exc:  # a recorder must never break the game it watches
            self.error = f"the game could not be saved to the history: {exc}"
            if self.on_error is not None:
                self.on_error(self.error)
            return False
        self.saved = len(events)
        self.error = None
        return True

    def close(self) -> None:
        """Store what is left and stop listening."""
        self.flush()
        self._unsubscribe()  # type: ignore[operator]

    def __enter__(self) -> GameRecorder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
