"""Scoresheet games (Yahtzee, Yatzy, dice poker) in the history: their games, seats and
event logs — one row per event while a game is played, one compressed row once finished.
`scoresheet_games(store)` is the store's one repository of them.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.families.scoresheet.history.stats import player_stats
from dicepoker_tui.families.scoresheet.history.summary import final_sheets, sheet_json
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.state import GameState
from dicepoker_tui.i18n import _
from dicepoker_tui.store.connection import (
    Database,
    DuplicateGame,
    GameNotFound,
    StoreError,
    guarded,
    refuse_stale,
    stamp,
)
from dicepoker_tui.store.queries import GameQueries
from dicepoker_tui.store.records import GameRecord, PlayerStats
from dicepoker_tui.store.schema import pack_log, unpack_log

if TYPE_CHECKING:
    from dicepoker_tui.store.database import Store

FAMILY = "scoresheet"

CONTINUED = frozenset(
    {"game_started", "box_written", "bonus_awarded", "throws_banked", "stage_finished"}
)
"""Events that are always followed by more events of the same command (a write is followed
by its bonuses and the next turn, a start by the first turn). The recorder commits a
command's events together, so a stored log never ends half way through a command."""


class ScoresheetRepository:
    """Writes and loads the scoresheet games; what `store.recorder.Recorder` writes through."""

    continued = CONTINUED

    def __init__(self, db: Database) -> None:
        self.db = db

    # -- writing ---------------------------------------------------------------------------
    @guarded
    def create(
        self,
        game: Game,
        started_at: datetime | None = None,
        updated_at: datetime | None = None,
        finished_at: datetime | None = None,
        abandoned: bool = False,
        unique: bool = False,
    ) -> int:
        """Store a game with every event it has so far (all of it, if finished); its new id.

        The times default to now; an import passes the recorded ones, and `unique`:
        `DuplicateGame` when the game is stored already. One transaction: a crash or a full
        disk leaves the whole game or nothing.
        """
        events = list(game.events)
        if not events or not isinstance(events[0], ev.GameStarted):
            raise StoreError(_("a game is stored from its game_started event on"))
        start = events[0]
        with self.db.write() as conn:
            started = stamp(started_at)
            duplicate = _duplicate(conn, events, started) if unique else None
            if duplicate is not None:
                raise DuplicateGame(duplicate)
            cursor = conn.execute(
                "INSERT INTO games (variant, seed, real_dice, status, started_at, updated_at)"
                " VALUES (?, ?, ?, 'playing', ?, ?)",
                (start.variant, str(start.seed), int(start.real_dice), started, started),
            )
            game_id = int(cursor.lastrowid or 0)
            conn.executemany(
                "INSERT INTO players (game_id, seat, name, kind, level) VALUES (?, ?, ?, ?, ?)",
                [(game_id, i, p.name, p.kind, p.level) for i, p in enumerate(start.players)],
            )
            _append(conn, game_id, events, 0, game.state, updated_at, finished_at)
            if abandoned and not game.finished:
                conn.execute("UPDATE games SET status = 'abandoned' WHERE id = ?", (game_id,))
        return game_id

    def append(self, game_id: int, event: ev.Event, seq: int | None = None) -> None:
        """Append one event to a game in its own transaction."""
        self.append_many(game_id, [event], seq)

    def save(
        self, game_id: int, events: Sequence[ev.Event], seq: int, state: GameState | None
    ) -> None:
        """Keep a game's log as `events` (all of them), of which the first `seq` are stored
        already: the others are appended in one transaction."""
        self.append_many(game_id, events[seq:], seq, state)

    @guarded
    def append_many(
        self,
        game_id: int,
        events: Sequence[ev.Event],
        seq: int | None = None,
        state: GameState | None = None,
    ) -> None:
        """Append events in one transaction.

        `seq` is the position the first one takes in the game's log; when given it must be
        the number of events already stored, so two sessions can never fork one game.
        `state`, when given, is the game's state after these events (saves a replay when
        they finish the game).
        """
        if not events:
            return
        with self.db.write() as conn:
            _append(conn, game_id, events, seq, state)

    @guarded
    def set_coach(self, game_id: int, thresholds: Mapping[int, float | None]) -> None:
        """Keep the coach of some seats (seat → threshold, None for no coach), so a
        resumed game is coached as before."""
        with self.db.write() as conn:
            conn.executemany(
                "UPDATE players SET coach = ? WHERE game_id = ? AND seat = ?",
                [(limit, game_id, seat) for seat, limit in thresholds.items()],
            )

    @guarded
    def abandon(self, game_id: int) -> None:
        """Stop offering an unfinished game for resuming (it stays in the history)."""
        with self.db.write() as conn:
            conn.execute(
                "UPDATE games SET status = 'abandoned' WHERE id = ? AND status = 'playing'",
                (game_id,),
            )

    # -- reading ---------------------------------------------------------------------------
    @guarded
    def load_events(self, game_id: int) -> list[ev.Event]:
        """The event log of a game, in order."""
        with self.db.read() as conn:
            if conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone():
                return read_events(conn, game_id)
        raise GameNotFound(_("no game {id} in the history").format(id=game_id))

    @guarded
    def event_count(self, game_id: int) -> int:
        """How many events of the game are stored."""
        rows = self.db.fetch_all("SELECT event_count FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise GameNotFound(_("no game {id} in the history").format(id=game_id))
        return int(rows[0][0])

    @guarded
    def find_duplicate(self, events: Sequence[ev.Event], started_at: datetime) -> int | None:
        """The id of a stored game with this start time and exactly these events, if any."""
        with self.db.read() as conn:
            return _duplicate(conn, events, stamp(started_at))

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

    def unfinished(self) -> list[GameRecord]:
        """Scoresheet games still being played (not finished, not abandoned), last played
        first."""
        return GameQueries(self.db).unfinished(FAMILY)

    def stats(self, player: str, variant: str, seeded_only: bool = False) -> PlayerStats:
        """`player`'s figures over their finished games of `variant` (name ignores case);
        `seeded_only` leaves out the games played with real dice (not verifiable)."""
        return player_stats(self.db, player, variant, seeded_only)


def scoresheet_games(store: Store) -> ScoresheetRepository:
    """The scoresheet games of `store` (written by a `Recorder`, and by the methods above)."""
    return store.repository(ScoresheetRepository)


# -- the log, inside a transaction ----------------------------------------------------------


def read_events(conn: sqlite3.Connection, game_id: int) -> list[ev.Event]:
    """A game's events straight from the database, validated."""
    packed = conn.execute("SELECT data FROM packed_logs WHERE game_id = ?", (game_id,)).fetchone()
    if packed is not None:
        return ev.EVENT_LIST_ADAPTER.validate_json(unpack_log(packed[0]))
    rows = conn.execute(
        "SELECT data FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
    ).fetchall()
    return ev.EVENT_LIST_ADAPTER.validate_json("[" + ",".join(r[0] for r in rows) + "]")


def _duplicate(conn: sqlite3.Connection, events: Sequence[ev.Event], started: str) -> int | None:
    """The id of a stored game started at `started` with exactly these events, if any."""
    start = events[0] if events else None
    if not isinstance(start, ev.GameStarted):
        return None
    candidates = conn.execute(
        "SELECT id FROM games WHERE variant = ? AND seed = ? AND started_at = ?"
        " AND event_count = ? AND family = 'scoresheet'",
        (start.variant, str(start.seed), started, len(events)),
    ).fetchall()
    for (game_id,) in candidates:
        if read_events(conn, game_id) == list(events):
            return int(game_id)
    return None


def _append(
    conn: sqlite3.Connection,
    game_id: int,
    events: Sequence[ev.Event],
    seq: int | None,
    state: GameState | None,
    at: datetime | None = None,
    finished_at: datetime | None = None,
) -> None:
    row = conn.execute("SELECT event_count, status FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise GameNotFound(_("no game {id} in the history").format(id=game_id))
    count, status = row
    refuse_stale(game_id, count, status, seq)
    conn.executemany(
        "INSERT INTO events (game_id, seq, data) VALUES (?, ?, ?)",
        [(game_id, count + i, e.model_dump_json()) for i, e in enumerate(events)],
    )
    conn.execute(
        "UPDATE games SET event_count = ?, updated_at = ?, status = 'playing' WHERE id = ?",
        (count + len(events), stamp(at), game_id),
    )
    if any(isinstance(e, ev.GameFinished) for e in events):
        all_events = events if count == 0 else read_events(conn, game_id)
        _write_final(conn, game_id, all_events, state, stamp(finished_at or at))
        _pack(conn, game_id)


def _pack(conn: sqlite3.Connection, game_id: int) -> None:
    """Replace a finished game's event rows by one compressed row (same transaction)."""
    rows = conn.execute(
        "SELECT data FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
    ).fetchall()
    conn.execute(
        "INSERT INTO packed_logs (game_id, data) VALUES (?, ?)",
        (game_id, pack_log([r[0] for r in rows])),
    )
    conn.execute("DELETE FROM events WHERE game_id = ?", (game_id,))


def _write_final(
    conn: sqlite3.Connection,
    game_id: int,
    events: Sequence[ev.Event],
    state: GameState | None,
    finished: str,
) -> None:
    """Mark a game finished and keep its final sheets and results."""
    if state is not None and state.standings is None:
        state = None  # not the state after these events: replay them
    sheets = final_sheets(events, state)
    for sheet in sheets:
        conn.execute(
            "UPDATE players SET total = ?, place = ?, settlement = ?, five_of_a_kind = ?"
            " WHERE game_id = ? AND seat = ?",
            (sheet.total, sheet.place, sheet.settlement, sheet.five_of_a_kind, game_id, sheet.seat),
        )
        conn.execute(
            "INSERT INTO final_sheets (game_id, seat, data) VALUES (?, ?, ?)",
            (game_id, sheet.seat, sheet_json(sheet)),
        )
    conn.execute(
        "UPDATE games SET status = 'finished', finished_at = ?, best_total = ? WHERE id = ?",
        (finished, max(s.total for s in sheets), game_id),
    )
