"""The app's link to the game history: every game at a table is recorded as it is played.

The store opens lazily (the lobby's first frame does not wait for it). A store that
cannot be used is reported once through `unavailable` and kept as `problem`: the app
shows it for the whole session and asks before a game starts that cannot be saved.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from dicepoker_tui.engine.session import Session
from dicepoker_tui.family import KeptGame, family_of, kept
from dicepoker_tui.i18n import _

if TYPE_CHECKING:  # the store (sqlite) is imported when first used, after the lobby shows
    from dicepoker_tui.store import GameRecord, Recorder, Store

Notice = Callable[[str], None]


class GameKeeper:
    """Opens the history, records the game on the table, lists and loads kept games."""

    def __init__(
        self, notice: Notice, path: str | None = None, unavailable: Notice | None = None
    ) -> None:
        self.notice = notice
        self.path = path
        self.unavailable = unavailable or notice
        self._store: Store | None = None
        self._recorder: Recorder | None = None
        self._failed = False
        self.problem: str | None = None
        """Why the history cannot be used (one line), once opening it failed."""
        self.unkept: str | None = None
        """Why the game last recorded is not kept (a full disk), or None when it is."""

    @property
    def store(self) -> Store | None:
        if self._store is None and not self._failed:
            from dicepoker_tui.store import Store

            try:
                opened = Store.open(self.path, on_wait=self.notice)
            except Exception as exc:  # never let the history stop a game
                self._failed = True
                reason = " ".join(str(exc).split())
                self.problem = _("Games are not saved: {reason}.").format(reason=reason)
                self.unavailable(self.problem)
                return None
            self._store = opened.store
            if opened.notice:
                self.notice(opened.notice)
        return self._store

    def record(
        self, game: Session, game_id: int | None = None, coach: Mapping[int, float] | None = None
    ) -> int | None:
        """Keep `game` (a new one, or `game_id` continued); the id it has in the history.

        `coach` (seat → threshold) is kept with a new game, for when it is resumed."""
        from dicepoker_tui.store import StoreError

        self.release()
        self.unkept = None
        store = self.store
        if store is None:
            return None
        try:
            family = family_of(game.state.variant)
            self._recorder = family.recorder(store, game, game_id, on_error=self.notice)
        except StoreError as exc:  # e.g. a full disk: the app asks before playing on
            self.unkept = str(exc)
            self.notice(self.unkept)
            return None
        if coach and game_id is None:
            try:
                family.set_coach(store, self._recorder.game_id, coach)
            except StoreError as exc:
                self.notice(str(exc))
        return self._recorder.game_id

    def release(self) -> None:
        """Stop recording the game that was on the table (everything is stored already)."""
        if self._recorder is not None:
            self._recorder.close()
            self._recorder = None

    def unfinished(self) -> list[KeptGame]:
        """Every family's unfinished games, last played first."""
        from dicepoker_tui.store import StoreError

        store = self.store
        if store is None:
            return []
        try:
            return kept.unfinished(store)
        except StoreError as exc:
            self.notice(str(exc))
            return []

    def finished(self, limit: int = 200) -> list[GameRecord]:
        store = self.store
        return store.finished(limit=limit) if store else []

    def load(self, game: KeptGame) -> Session | None:
        """The kept game rebuilt from its log, or None (said) when it cannot be."""
        from dicepoker_tui.store import StoreError

        store = self.store
        if store is None:
            return None
        try:
            return kept.load(store, game)
        except (StoreError, ValueError, KeyError) as exc:
            self.notice(
                _("Game {id} cannot be loaded: {error}").format(id=game.record.id, error=exc)
            )
            return None

    def coach(self, game: KeptGame) -> dict[int, float]:
        """Seat → the coach's threshold, for the coached seats of a kept game."""

        store = self.store
        return kept.coach(store, game) if store is not None else {}

    def abandon(self, game: KeptGame) -> None:
        """Stop offering `game` for resuming (it stays in the history)."""
        from dicepoker_tui.store import StoreError

        store = self.store
        if store is None:
            return
        try:
            kept.abandon(store, game)
        except StoreError as exc:
            self.notice(str(exc))

    def close(self) -> None:
        self.release()
        if self._store is not None:
            self._store.close()
            self._store = None
