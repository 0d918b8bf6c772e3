"""Games kept as one whole event log: the bidding games (Perudo, Liar's Dice; every cup
included) and any family whose log is short. The log is one JSON array in the
`bidding_games` table, rewritten as the game goes on (a bidding log is a few hundred short
events)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import TypeAdapter

from dicepoker_tui.engine.bidding import events as ev
from dicepoker_tui.engine.bidding import variants as bidding_variants
from dicepoker_tui.i18n import _
from dicepoker_tui.store.connection import Database, StoreError, now, stamp

CONTINUED = frozenset({"game_started", "cups_revealed", "dice_count_changed", "player_out"})
"""Events always followed by more of the same command: a log is kept after a bid, a new
round (a reveal and the next round are stored together) and the end of the game."""


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
    `continued` names the events the log is not kept after."""

    def __init__(
        self,
        db: Database,
        event: TypeAdapter[Any],
        continued: frozenset[str] = frozenset({"game_started"}),
    ) -> None:
        self.db = db
        self.continued = continued
        self._event = event

    def create(self, game: Any, started_at: datetime | None = None) -> int:
        """Store `game` (with the events it has so far); its id in the history."""
        started = stamp(started_at or now())
        state = game.state
        with self.db.write() as conn:
            cur = conn.execute(
                "INSERT INTO bidding_games (variant, seed, players, status, started_at,"
                " updated_at, event_count, events) VALUES (?, ?, ?, 'playing', ?, ?, 0, '[]')",
                (
                    state.variant,
                    str(state.seed),
                    json.dumps([p.model_dump() for p in state.players]),
                    started,
                    started,
                ),
            )
            game_id = int(cur.lastrowid or 0)
        self.save(game_id, game.events, 0, game.state)
        return game_id

    def save(self, game_id: int, events: Sequence[Any], seq: int, state: Any) -> None:
        """Keep the log of game `game_id` as `events` (the whole log: it is rewritten, so
        `seq`, the number stored already, is not needed)."""
        moment = stamp(now())
        finished = state.finished
        with self.db.write() as conn:
            cur = conn.execute(
                "UPDATE bidding_games SET events = ?, event_count = ?, updated_at = ?,"
                " status = ?, finished_at = ?, winner = ? WHERE id = ?",
                (
                    _log_json(events),
                    len(events),
                    moment,
                    "finished" if finished else "playing",
                    moment if finished else None,
                    _winner(state),
                    game_id,
                ),
            )
            if cur.rowcount != 1:
                raise StoreError(_("no bidding game {id} in the history").format(id=game_id))

    def abandon(self, game_id: int) -> None:
        """Mark an unfinished game as left (bidding games are not resumed)."""
        with self.db.write() as conn:
            conn.execute(
                "UPDATE bidding_games SET status = 'abandoned', updated_at = ?"
                " WHERE id = ? AND status = 'playing'",
                (stamp(now()), game_id),
            )

    def event_count(self, game_id: int) -> int:
        return int(self._row("event_count", game_id))

    def load_events(self, game_id: int) -> list[Any]:
        return [self._event.validate_python(e) for e in json.loads(self._row("events", game_id))]

    def games(
        self, status: str | None = "finished", variants: Sequence[str] | None = None
    ) -> list[BiddingRecord]:
        """Games, newest first (all statuses when `status` is None; of `variants` only,
        when given)."""
        sql = (
            "SELECT id, variant, status, started_at, players, winner, event_count"
            " FROM bidding_games WHERE 1 = 1"
        )
        params: tuple[str, ...] = ()
        if status is not None:
            sql += " AND status = ?"
            params = (status,)
        if variants is not None:
            sql += f" AND variant IN ({', '.join('?' for _ in variants)})"
            params += tuple(variants)
        sql += " ORDER BY started_at DESC, id DESC"
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
            for r in self.db.fetch_all(sql, params)
        ]

    def _row(self, column: str, game_id: int) -> Any:
        rows = self.db.fetch_all(f"SELECT {column} FROM bidding_games WHERE id = ?", (game_id,))
        if not rows:
            raise StoreError(_("no bidding game {id} in the history").format(id=game_id))
        return rows[0][0]


class BiddingRepository(EventLogRepository):
    """The bidding games (Perudo, Liar's Dice)."""

    def __init__(self, db: Database) -> None:
        super().__init__(db, ev.EVENT_ADAPTER, CONTINUED)

    def games(
        self, status: str | None = "finished", variants: Sequence[str] | None = None
    ) -> list[BiddingRecord]:
        if variants is None:
            variants = [v.id for v in bidding_variants.all_variants()]
        return super().games(status, variants)


def _log_json(events: Sequence[Any]) -> str:
    return "[" + ",".join(e.model_dump_json() for e in events) + "]"


def _winner(state: Any) -> str | None:
    if not state.standings:
        return None
    first = next(s.player for s in state.standings if s.place == 1)
    return state.players[first].name
