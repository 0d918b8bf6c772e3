"""Bidding games (Perudo, Liar's Dice) in the history: their own table, the whole event log
of a game (every cup included) kept as one JSON array and rewritten as the game goes on
(a bidding log is a few hundred short events)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from pydantic import TypeAdapter

from dicepoker_tui.engine.bidding import events as ev
from dicepoker_tui.engine.bidding.game import BiddingGame
from dicepoker_tui.engine.bidding.state import BiddingState
from dicepoker_tui.i18n import _
from dicepoker_tui.store.database import Store, StoreError, _stamp, now

EVENT_LIST: TypeAdapter[list[ev.Event]] = TypeAdapter(list[ev.Event])


@dataclass(frozen=True)
class BiddingRecord:
    """One bidding game as listed in the history."""

    id: int
    variant: str
    status: str
    started_at: str
    players: tuple[str, ...]
    winner: str | None
    event_count: int


def _log_json(events: Sequence[ev.Event]) -> str:
    return "[" + ",".join(e.model_dump_json() for e in events) + "]"


def _winner(state: BiddingState) -> str | None:
    if not state.standings:
        return None
    first = next(s.player for s in state.standings if s.place == 1)
    return state.players[first].name


def create_bidding_game(store: Store, game: BiddingGame, started_at: datetime | None = None) -> int:
    """Store `game` (with the events it has so far); its id in the history."""
    stamp = _stamp(started_at or now())
    state = game.state
    with store._write() as conn:
        cur = conn.execute(
            "INSERT INTO bidding_games (variant, seed, players, status, started_at, updated_at,"
            " event_count, events) VALUES (?, ?, ?, 'playing', ?, ?, 0, '[]')",
            (
                state.variant,
                str(state.seed),
                json.dumps([p.model_dump() for p in state.players]),
                stamp,
                stamp,
            ),
        )
        game_id = int(cur.lastrowid or 0)
    save_bidding_events(store, game_id, game.events, game.state)
    return game_id


def save_bidding_events(
    store: Store,
    game_id: int,
    events: Sequence[ev.Event],
    state: BiddingState,
    abandoned: bool = False,
) -> None:
    """Keep the log of game `game_id` as it is now (`abandoned`: left unfinished)."""
    stamp = _stamp(now())
    finished = state.finished
    status = "finished" if finished else "abandoned" if abandoned else "playing"
    with store._write() as conn:
        cur = conn.execute(
            "UPDATE bidding_games SET events = ?, event_count = ?, updated_at = ?,"
            " status = ?, finished_at = ?, winner = ? WHERE id = ?",
            (
                _log_json(events),
                len(events),
                stamp,
                status,
                stamp if finished else None,
                _winner(state),
                game_id,
            ),
        )
        if cur.rowcount != 1:
            raise StoreError(_("no bidding game {id} in the history").format(id=game_id))


def load_bidding_events(store: Store, game_id: int) -> list[ev.Event]:
    with store._lock:
        row = store._conn.execute(
            "SELECT events FROM bidding_games WHERE id = ?", (game_id,)
        ).fetchone()
    if row is None:
        raise StoreError(_("no bidding game {id} in the history").format(id=game_id))
    return EVENT_LIST.validate_json(row[0])


def bidding_games(store: Store, status: str | None = "finished") -> list[BiddingRecord]:
    """Bidding games, newest first (all statuses when `status` is None)."""
    sql = "SELECT id, variant, status, started_at, players, winner, event_count FROM bidding_games"
    params: tuple[str, ...] = ()
    if status is not None:
        sql += " WHERE status = ?"
        params = (status,)
    sql += " ORDER BY started_at DESC, id DESC"
    with store._lock:
        rows = store._conn.execute(sql, params).fetchall()
    return [
        BiddingRecord(
            id=r[0],
            variant=r[1],
            status=r[2],
            started_at=r[3],
            players=tuple(p["name"] for p in json.loads(r[4])),
            winner=r[5],
            event_count=r[6],
        )
        for r in rows
    ]


class BiddingRecorder:
    """Keeps a live bidding game in the history after every command (a reveal and the
    next round are stored together). Never raises into the game: failures go to
    `on_error`, and the next save retries."""

    def __init__(
        self, store: Store, game: BiddingGame, on_error: Callable[[str], None] | None = None
    ) -> None:
        self.store = store
        self.game = game
        self.on_error = on_error
        self.error: str | None = None
        self.game_id = create_bidding_game(store, game)
        self._unsubscribe = game.subscribe(self._on_event)

    def _on_event(self, event: ev.Event, state: BiddingState) -> None:
        if isinstance(event, ev.BidMade | ev.RoundStarted | ev.GameFinished):
            self.flush()

    def flush(self, abandoned: bool = False) -> bool:
        try:
            save_bidding_events(
                self.store, self.game_id, self.game.events, self.game.state, abandoned
            )
        except Exception as exc:  # a recorder must never break the game it watches
            self.error = f"the game could not be saved to the history: {exc}"
            if self.on_error is not None:
                self.on_error(self.error)
            return False
        self.error = None
        return True

    def close(self) -> None:
        """Store what is left and stop listening; an unfinished game is marked abandoned
        (bidding games are not resumed)."""
        self.flush(abandoned=True)
        self._unsubscribe()  # type: ignore[operator]
