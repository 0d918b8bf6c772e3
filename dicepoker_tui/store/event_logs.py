"""Games kept as one whole event log: the bidding games (Perudo, Liar's Dice; every cup
included: the family's `BiddingRepository`) and any family whose log is short. They share
the history's one id space with every other game: a row in `games` (its `family` says
whose), its seats in `players` (with their `place` once finished) and its log as one JSON
array in `event_logs`, appended to as the game goes on (a bidding log is a few hundred
short events) with the scoresheet games' guard: a write that does not follow the stored
log is refused, nothing changed."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import TypeAdapter

from dicepoker_tui.i18n import _
from dicepoker_tui.store.connection import (
    Database,
    DuplicateGame,
    GameNotFound,
    guarded,
    now,
    refuse_stale,
    stamp,
)


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


class EventLogRepository:
    """Writes, lists and loads games whose whole log is kept at once; what
    `store.recorder.Recorder` writes through. `event` parses one of the family's events;
    `continued` names the events the log is not kept after; `family` is kept with each
    game and tells its games from other families' in the one `games` table."""

    def __init__(
        self,
        db: Database,
        event: TypeAdapter[Any],
        continued: frozenset[str] = frozenset({"game_started"}),
        family: str = "log",
    ) -> None:
        self.db = db
        self.continued = continued
        self.family = family
        self._event = event

    @guarded
    def create(
        self,
        game: Any,
        started_at: datetime | None = None,
        updated_at: datetime | None = None,
        finished_at: datetime | None = None,
        abandoned: bool = False,
        unique: bool = False,
    ) -> int:
        """Store `game` (with the events it has so far); its id in the history. The times
        default to now; an import passes the recorded ones, and `unique`: `DuplicateGame`
        when the game is stored already. One transaction: a crash or a full disk leaves
        the whole game or nothing."""
        started = stamp(started_at or now())
        state = game.state
        log = _log_json(game.events)
        with self.db.write() as conn:
            duplicate = self._duplicate(conn, log, started) if unique else None
            if duplicate is not None:
                raise DuplicateGame(duplicate)
            cur = conn.execute(
                "INSERT INTO games (variant, seed, real_dice, status, started_at, updated_at,"
                " event_count, family) VALUES (?, ?, 0, 'playing', ?, ?, 0, ?)",
                (state.variant, str(state.seed), started, started, self.family),
            )
            game_id = int(cur.lastrowid or 0)
            conn.executemany(
                "INSERT INTO players (game_id, seat, name, kind, level) VALUES (?, ?, ?, ?, ?)",
                [(game_id, i, p.name, p.kind, p.level) for i, p in enumerate(state.players)],
            )
            conn.execute("INSERT INTO event_logs (game_id, data) VALUES (?, ?)", (game_id, log))
            self._kept(conn, game_id, len(game.events), state, updated_at, finished_at)
            if abandoned and not state.finished:
                conn.execute("UPDATE games SET status = 'abandoned' WHERE id = ?", (game_id,))
        return game_id

    @guarded
    def save(self, game_id: int, events: Sequence[Any], seq: int, state: Any) -> None:
        """Keep the log of game `game_id` as `events` (the whole log), of which the first
        `seq` are stored already: the others are appended in one transaction. `StaleWrite`
        (nothing changed) when `seq` events are not what is stored, or the game is
        finished: another copy of the game wrote first."""
        new = events[seq:]
        if not new:
            return
        with self.db.write() as conn:
            row = conn.execute(
                "SELECT event_count, status FROM games WHERE id = ? AND family = ?",
                (game_id, self.family),
            ).fetchone()
            if row is None:
                raise GameNotFound(_("no bidding game {id} in the history").format(id=game_id))
            count, status = row
            refuse_stale(game_id, count, status, seq)
            tail = ",".join(e.model_dump_json() for e in new) + "]"
            conn.execute(
                "UPDATE event_logs SET data = substr(data, 1, length(data) - 1)"
                " || ? || ? WHERE game_id = ?",
                ("," if count else "", tail, game_id),
            )
            self._kept(conn, game_id, count + len(new), state)

    def _kept(
        self,
        conn: sqlite3.Connection,
        game_id: int,
        count: int,
        state: Any,
        at: datetime | None = None,
        finished_at: datetime | None = None,
    ) -> None:
        """The game's row and places after its log grew to `count` events (same transaction)."""
        moment = stamp(at or now())
        finished = bool(state.finished)
        conn.execute(
            "UPDATE games SET event_count = ?, updated_at = ?, status = ?, finished_at = ?"
            " WHERE id = ?",
            (
                count,
                moment,
                "finished" if finished else "playing",
                (stamp(finished_at) if finished_at else moment) if finished else None,
                game_id,
            ),
        )
        conn.executemany(
            "UPDATE players SET place = ? WHERE game_id = ? AND seat = ?",
            [(s.place, game_id, s.player) for s in state.standings or []],
        )

    @guarded
    def abandon(self, game_id: int) -> None:
        """Mark an unfinished game as left (never offered for resuming)."""
        with self.db.write() as conn:
            conn.execute(
                "UPDATE games SET status = 'abandoned', updated_at = ?"
                " WHERE id = ? AND status = 'playing' AND family = ?",
                (stamp(now()), game_id, self.family),
            )

    def event_count(self, game_id: int) -> int:
        return int(self._row("g.event_count", game_id))

    def load_events(self, game_id: int) -> list[Any]:
        return [self._event.validate_python(e) for e in json.loads(self._row("l.data", game_id))]

    def games(
        self, status: str | None = "finished", variants: Sequence[str] | None = None
    ) -> list[BiddingRecord]:
        """Games, newest first (all statuses when `status` is None; of `variants` only,
        when given)."""
        sql = "SELECT id, variant, status, started_at, event_count FROM games WHERE family = ?"
        params: tuple[str, ...] = (self.family,)
        if status is not None:
            sql += " AND status = ?"
            params += (status,)
        if variants is not None:
            sql += f" AND variant IN ({', '.join('?' for _ in variants)})"
            params += tuple(variants)
        sql += " ORDER BY started_at DESC, id DESC"
        with self.db.read() as conn:
            rows = conn.execute(sql, params).fetchall()
            seats: dict[int, list[tuple[str, int | None]]] = {}
            for game_id, name, place in conn.execute(
                "SELECT p.game_id, p.name, p.place FROM players p JOIN games g"
                " ON g.id = p.game_id WHERE g.family = ? ORDER BY p.game_id, p.seat",
                (self.family,),
            ):
                seats.setdefault(game_id, []).append((name, place))
        return [
            BiddingRecord(
                id=r[0],
                variant=r[1],
                status=r[2],
                started_at=r[3],
                players=tuple(name for name, _place in seats.get(r[0], ())),
                winner=next((n for n, place in seats.get(r[0], ()) if place == 1), None),
                event_count=r[4],
            )
            for r in rows
        ]

    @guarded
    def find_duplicate(self, events: Sequence[Any], started_at: datetime) -> int | None:
        """The id of a stored game with this start time and exactly these events, if any."""
        with self.db.read() as conn:
            return self._duplicate(conn, _log_json(events), stamp(started_at))

    def _duplicate(self, conn: sqlite3.Connection, log: str, started: str) -> int | None:
        row = conn.execute(
            "SELECT g.id FROM games g JOIN event_logs l ON l.game_id = g.id"
            " WHERE g.family = ? AND g.started_at = ? AND l.data = ?",
            (self.family, started, log),
        ).fetchone()
        return int(row[0]) if row else None

    def _row(self, column: str, game_id: int) -> Any:
        rows = self.db.fetch_all(
            f"SELECT {column} FROM games g JOIN event_logs l ON l.game_id = g.id"
            " WHERE g.id = ? AND g.family = ?",
            (game_id, self.family),
        )
        if not rows:
            raise GameNotFound(_("no bidding game {id} in the history").format(id=game_id))
        return rows[0][0]


def _log_json(events: Sequence[Any]) -> str:
    return "[" + ",".join(e.model_dump_json() for e in events) + "]"
