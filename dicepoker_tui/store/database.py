"""The game history: an SQLite database of games, their seats and their event logs.

Every event is committed as it happens (WAL mode), so a game killed at any moment
resumes from exactly what was shown. A database that cannot be read is moved aside,
never deleted, and a fresh one is started; `Store.open` says so in its notice.
"""

from __future__ import annotations

import functools
import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, NamedTuple, TypeVar

from pydantic import ValidationError

from dicepoker_tui.engine.scoresheet import events as ev
from dicepoker_tui.engine.scoresheet.game import Game
from dicepoker_tui.engine.scoresheet.state import GameState
from dicepoker_tui.i18n import _
from dicepoker_tui.store.paths import default_db_path
from dicepoker_tui.store.records import GameRecord, PlayerRecord, PlayerStats
from dicepoker_tui.store.schema import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    TABLES,
    migrate,
    pack_log,
    sheet_json,
    unpack_log,
    user_version,
)
from dicepoker_tui.store.summary import final_sheets

SortKey = Literal["date", "score"]

# SQLite primary result codes that mean "this file is not a readable database".
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26
_SQLITE_MAGIC = b"SQLite format 3\x00"


class StoreError(Exception):
    """A history operation that cannot be done; the message is one readable line."""


class GameNotFound(StoreError, KeyError):
    """No game with that id in the history."""

    def __str__(self) -> str:
        return str(self.args[0])


class Opened(NamedTuple):
    """`Store.open`'s result: the store, and a message for the player when something was wrong."""

    store: Store
    notice: str | None


class _Unreadable(Exception):
    """The file exists but is not a database this program can read."""

    def __init__(self, tag: str, reason: str) -> None:
        super().__init__(reason)
        self.tag = tag
        self.reason = reason


F = TypeVar("F", bound=Callable[..., Any])


def _guarded(method: F) -> F:
    """SQLite failures (disk full, damaged pages, a lock held too long) become `StoreError`."""

    @functools.wraps(method)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as exc:
            raise StoreError(
                _("the game history could not be used: {error}").format(error=exc)
            ) from exc
        except ValidationError as exc:
            raise StoreError(
                _("the game history holds an unreadable game: {error}").format(
                    error=exc.errors()[0]["msg"]
                )
            ) from exc

    return wrapper  # type: ignore[return-value]


def now() -> datetime:
    return datetime.now(UTC)


def _stamp(moment: datetime | None) -> str:
    return (moment or now()).astimezone(UTC).isoformat(timespec="milliseconds")


class Store:
    """The history database. Safe to share between threads; one write transaction at a time."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None) -> None:
        self._conn = conn
        self._lock = threading.RLock()
        self.path = path
        """The database file, or None for a store kept in memory."""

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path | None = None) -> Opened:
        """Open (creating or upgrading) the history at `path` or the default place.

        Never raises for a bad file: an unreadable database is moved aside and a fresh one
        started; when no file can be used at all the store lives in memory. Either way the
        notice tells the player what happened.
        """
        target = Path(path) if path is not None else default_db_path()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            return Opened(cls._open_file(target), None)
        except _Unreadable as bad:
            try:
                moved = _move_aside(target, bad.tag)
            except OSError as exc:
                return Opened(
                    cls.memory(),
                    _(
                        "The game history {path} {reason} and could not be moved aside "
                        "({error}); games of this session will not be saved."
                    ).format(path=target, reason=bad.reason, error=exc.strerror),
                )
            notice = _(
                "The game history {reason}; it was moved to {path} and a new history was started."
            ).format(reason=bad.reason, path=moved)
        except (sqlite3.Error, OSError) as exc:
            return Opened(cls.memory(), _unusable(target, exc))
        try:
            return Opened(cls._open_file(target), notice)
        except (_Unreadable, sqlite3.Error, OSError) as exc:
            return Opened(cls.memory(), f"{notice} {_unusable(target, exc)}")

    @classmethod
    def memory(cls) -> Store:
        """A store that lives only as long as this process (tests, or no usable file)."""
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
        return cls(conn, None)

    @classmethod
    def _open_file(cls, path: Path) -> Store:
        # Look before SQLite does: it would delete the WAL files next to a file it cannot read.
        if path.exists() and path.stat().st_size:
            with path.open("rb") as head:
                if head.read(len(_SQLITE_MAGIC)) != _SQLITE_MAGIC:
                    raise _Unreadable("corrupt", _("is not an SQLite database"))
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10)
        try:
            _check_readable(conn)
            conn.execute("PRAGMA journal_mode = WAL")
            # In WAL mode NORMAL loses no committed transaction when the process dies.
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA foreign_keys = ON")
            try:
                migrate(conn)
            except sqlite3.OperationalError:
                raise
            except (sqlite3.DatabaseError, ValueError) as exc:
                raise _Unreadable(
                    "unreadable",
                    _("could not be upgraded to schema version {version} ({error})").format(
                        version=SCHEMA_VERSION, error=exc
                    ),
                ) from exc
        except BaseException:
            conn.close()
            raise
        return cls(conn, path)

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        with self._lock:
            return user_version(self._conn)

    # -- writing ---------------------------------------------------------------------------
    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    @_guarded
    def create_game(
        self,
        game: Game,
        started_at: datetime | None = None,
        updated_at: datetime | None = None,
        finished_at: datetime | None = None,
        abandoned: bool = False,
    ) -> int:
        """Store a game with every event it has so far (all of it, if finished); its new id.

        The times default to now; an import passes the recorded ones.
        """
        events = list(game.events)
        if not events or not isinstance(events[0], ev.GameStarted):
            raise StoreError(_("a game is stored from its game_started event on"))
        start = events[0]
        with self._write() as conn:
            stamp = _stamp(started_at)
            cursor = conn.execute(
                "INSERT INTO games (variant, seed, real_dice, status, started_at, updated_at)"
                " VALUES (?, ?, ?, 'playing', ?, ?)",
                (start.variant, str(start.seed), int(start.real_dice), stamp, stamp),
            )
            game_id = int(cursor.lastrowid or 0)
            conn.executemany(
                "INSERT INTO players (game_id, seat, name, kind, level) VALUES (?, ?, ?, ?, ?)",
                [(game_id, i, p.name, p.kind, p.level) for i, p in enumerate(start.players)],
            )
            self._append(conn, game_id, events, 0, game.state, updated_at, finished_at)
            if abandoned and not game.finished:
                conn.execute("UPDATE games SET status = 'abandoned' WHERE id = ?", (game_id,))
        return game_id

    def append(self, game_id: int, event: ev.Event, seq: int | None = None) -> None:
        """Append one event to a game in its own transaction."""
        self.append_many(game_id, [event], seq)

    @_guarded
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
        with self._write() as conn:
            self._append(conn, game_id, events, seq, state)

    def _append(
        self,
        conn: sqlite3.Connection,
        game_id: int,
        events: Sequence[ev.Event],
        seq: int | None,
        state: GameState | None,
        at: datetime | None = None,
        finished_at: datetime | None = None,
    ) -> None:
        row = conn.execute(
            "SELECT event_count, status FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise GameNotFound(_("no game {id} in the history").format(id=game_id))
        count, status = row
        if status == "finished":
            raise StoreError(
                _("game {id} is finished; nothing can be added to it").format(id=game_id)
            )
        if seq is not None and seq != count:
            raise StoreError(
                _(
                    "game {id} has {count} events stored, not {expected}: "
                    "it is being played somewhere else"
                ).format(id=game_id, count=count, expected=seq)
            )
        conn.executemany(
            "INSERT INTO events (game_id, seq, data) VALUES (?, ?, ?)",
            [(game_id, count + i, e.model_dump_json()) for i, e in enumerate(events)],
        )
        stamp = _stamp(at)
        conn.execute(
            "UPDATE games SET event_count = ?, updated_at = ?, status = 'playing' WHERE id = ?",
            (count + len(events), stamp, game_id),
        )
        if any(isinstance(e, ev.GameFinished) for e in events):
            all_events = events if count == 0 else read_events(conn, game_id)
            _write_final(conn, game_id, all_events, state, _stamp(finished_at or at))
            _pack(conn, game_id)

    @_guarded
    def set_coach(self, game_id: int, thresholds: Mapping[int, float | None]) -> None:
        """Keep the coach of some seats (seat → threshold, None for no coach), so a
        resumed game is coached as before."""
        with self._write() as conn:
            conn.executemany(
                "UPDATE players SET coach = ? WHERE game_id = ? AND seat = ?",
                [(limit, game_id, seat) for seat, limit in thresholds.items()],
            )

    @_guarded
    def abandon(self, game_id: int) -> None:
        """Stop offering an unfinished game for resuming (it stays in the history)."""
        with self._write() as conn:
            conn.execute(
                "UPDATE games SET status = 'abandoned' WHERE id = ? AND status = 'playing'",
                (game_id,),
            )

    # -- reading ---------------------------------------------------------------------------
    @_guarded
    def load_events(self, game_id: int) -> list[ev.Event]:
        """The event log of a game, in order."""
        with self._lock:
            self._conn.execute("BEGIN")
            try:
                if self._conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone():
                    return read_events(self._conn, game_id)
            finally:
                self._conn.execute("COMMIT")
        raise GameNotFound(_("no game {id} in the history").format(id=game_id))

    def load_game(self, game_id: int) -> Game:
        """The game rebuilt from its events: same dice, same throws left, same player to act."""
        return Game.from_events(self.load_events(game_id))

    def event_count(self, game_id: int) -> int:
        return self.game(game_id).event_count

    @_guarded
    def game(self, game_id: int) -> GameRecord:
        """One game's record."""
        found = self._records("g.id = ?", [game_id], "g.id")
        if not found:
            raise GameNotFound(_("no game {id} in the history").format(id=game_id))
        return found[0]

    @_guarded
    def unfinished(self) -> list[GameRecord]:
        """Games still being played (not finished, not abandoned), last played first."""
        return self._records("g.status = 'playing'", [], "g.updated_at DESC, g.id DESC")

    @_guarded
    def finished(
        self,
        variant: str | None = None,
        player: str | None = None,
        sort: SortKey = "date",
        descending: bool = True,
        limit: int | None = None,
        offset: int = 0,
    ) -> list[GameRecord]:
        """Finished games, newest (or best) first.

        `player` matches a seat's name, ignoring case. `sort="score"` orders by the best
        total of each game, or by that player's total when `player` is given.
        """
        where, params = _finished_filter(variant, player)
        direction = "DESC" if descending else "ASC"
        order_params: list[Any] = []
        if sort == "date":
            order = f"g.started_at {direction}, g.id {direction}"
        elif sort == "score":
            if player is None:
                key = "g.best_total"
            else:
                key = (
                    "(SELECT MAX(total) FROM players s WHERE s.game_id = g.id"
                    " AND s.name = ? COLLATE NOCASE)"
                )
                order_params.append(player)
            order = f"{key} {direction}, g.started_at DESC, g.id DESC"
        else:
            raise ValueError(f"unknown sort {sort!r} (date or score)")
        return self._records(where, params, order, order_params, limit, offset)

    @_guarded
    def count_finished(self, variant: str | None = None, player: str | None = None) -> int:
        where, params = _finished_filter(variant, player)
        with self._lock:
            row = self._conn.execute(f"SELECT COUNT(*) FROM games g WHERE {where}", params)
            return int(row.fetchone()[0])

    @_guarded
    def player_names(self, variant: str | None = None) -> list[str]:
        """Names seen in finished games (of `variant`), the most games first."""
        sql = (
            "SELECT p.name FROM players p JOIN games g ON g.id = p.game_id"
            " WHERE g.status = 'finished'"
        )
        params: list[Any] = []
        if variant is not None:
            sql += " AND g.variant = ?"
            params.append(variant)
        sql += " GROUP BY p.name COLLATE NOCASE ORDER BY COUNT(*) DESC, p.name"
        with self._lock:
            return [r[0] for r in self._conn.execute(sql, params)]

    @_guarded
    def stats(self, player: str, variant: str) -> PlayerStats:
        """`player`'s figures over their finished games of `variant` (name ignores case)."""
        who = "g.status = 'finished' AND g.variant = ? AND p.name = ? COLLATE NOCASE"
        with self._lock:
            self._conn.execute("BEGIN")
            try:
                games = self._conn.execute(
                    "SELECT p.total, p.place, p.five_of_a_kind, f.data,"
                    " (SELECT COUNT(*) FROM players q WHERE q.game_id = p.game_id)"
                    " FROM players p JOIN games g ON g.id = p.game_id"
                    " JOIN final_sheets f ON f.game_id = p.game_id AND f.seat = p.seat"
                    f" WHERE {who} ORDER BY g.started_at, g.id",
                    (variant, player),
                ).fetchall()
            finally:
                self._conn.execute("COMMIT")
        if not games:
            return PlayerStats(player=player, variant=variant)
        totals = tuple(int(r[0]) for r in games)
        contests = [r for r in games if r[4] > 1]
        box_sums: dict[str, int] = {}
        bonus_hits: dict[str, int] = {}
        for row in games:
            sheet = json.loads(row[3])
            for box, points in sheet["scores"].items():
                box_sums[box] = box_sums.get(box, 0) + points
            for bonus, points in sheet["bonuses"].items():
                bonus_hits[bonus] = bonus_hits.get(bonus, 0) + (points > 0)
        box_average = {box: total / len(games) for box, total in box_sums.items()}
        bonus_rate = {bonus: hits / len(games) for bonus, hits in bonus_hits.items()}
        return PlayerStats(
            player=player,
            variant=variant,
            games=len(games),
            contests=len(contests),
            wins=sum(1 for r in contests if r[1] == 1),
            mean=sum(totals) / len(totals),
            best=max(totals),
            worst=min(totals),
            box_average=_in_box_order(variant, box_average),
            bonus_rate=_with_every_bonus(variant, bonus_rate),
            five_of_a_kind=sum(int(r[2] or 0) for r in games),
            totals=totals,
        )

    @_guarded
    def find_duplicate(self, events: Sequence[ev.Event], started_at: datetime) -> int | None:
        """The id of a stored game with this start time and exactly these events, if any."""
        start = events[0]
        if not isinstance(start, ev.GameStarted):
            return None
        with self._lock:
            candidates = self._conn.execute(
                "SELECT id FROM games WHERE variant = ? AND seed = ? AND started_at = ?"
                " AND event_count = ?",
                (start.variant, str(start.seed), _stamp(started_at), len(events)),
            ).fetchall()
        for (game_id,) in candidates:
            if self.load_events(game_id) == list(events):
                return int(game_id)
        return None

    def _records(
        self,
        where: str,
        params: Sequence[Any],
        order: str,
        order_params: Sequence[Any] = (),
        limit: int | None = None,
        offset: int = 0,
    ) -> list[GameRecord]:
        page, page_params = "", []
        if limit is not None or offset:
            page, page_params = " LIMIT ? OFFSET ?", [-1 if limit is None else limit, offset]
        chosen = f"SELECT g.id FROM games g WHERE {where}"
        chosen_params = list(params)
        if page:
            chosen += f" ORDER BY {order}{page}"
            chosen_params += [*order_params, *page_params]
        with self._lock:
            self._conn.execute("BEGIN")
            try:
                games = self._conn.execute(
                    "SELECT g.id, g.variant, g.status, g.started_at, g.updated_at,"
                    " g.finished_at, g.seed, g.real_dice, g.event_count"
                    f" FROM games g WHERE {where} ORDER BY {order}{page}",
                    [*params, *order_params, *page_params],
                ).fetchall()
                seats = self._conn.execute(
                    "SELECT game_id, seat, name, kind, level, total, place, settlement,"
                    f" five_of_a_kind, coach FROM players WHERE game_id IN ({chosen})"
                    " ORDER BY game_id, seat",
                    chosen_params,
                ).fetchall()
            finally:
                self._conn.execute("COMMIT")
        return _assemble(games, seats)


# -- helpers shared with the migrations and export -----------------------------------------


def read_events(conn: sqlite3.Connection, game_id: int) -> list[ev.Event]:
    """A game's events straight from the database, validated."""
    packed = conn.execute("SELECT data FROM packed_logs WHERE game_id = ?", (game_id,)).fetchone()
    if packed is not None:
        return ev.EVENT_LIST_ADAPTER.validate_json(unpack_log(packed[0]))
    rows = conn.execute(
        "SELECT data FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
    ).fetchall()
    return ev.EVENT_LIST_ADAPTER.validate_json("[" + ",".join(r[0] for r in rows) + "]")


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
    stamp: str,
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
        (stamp, max(s.total for s in sheets), game_id),
    )


def _finished_filter(variant: str | None, player: str | None) -> tuple[str, list[Any]]:
    where = ["g.status = 'finished'"]
    params: list[Any] = []
    if variant is not None:
        where.append("g.variant = ?")
        params.append(variant)
    if player is not None:
        where.append("g.id IN (SELECT game_id FROM players WHERE name = ? COLLATE NOCASE)")
        params.append(player)
    return " AND ".join(where), params


def _assemble(
    games: Sequence[tuple[Any, ...]], seats: Sequence[tuple[Any, ...]]
) -> list[GameRecord]:
    """Records from game rows and seat rows (ordered by game id, then seat).

    Built with `tuple.__new__` (the fields are in column order): a history of ten
    thousand games lists noticeably faster than through the named constructors.
    """
    new = tuple.__new__
    by_game: dict[int, list[PlayerRecord]] = {}
    for row in seats:
        found = by_game.get(row[0])
        if found is None:
            by_game[row[0]] = found = []
        found.append(new(PlayerRecord, row[1:]))
    parse = datetime.fromisoformat
    records = []
    for game_id, variant, status, started, updated, finished, seed, real_dice, count in games:
        updated_at = parse(updated)
        if finished is None:
            finished_at = None
        else:
            finished_at = updated_at if finished == updated else parse(finished)
        fields = (
            game_id,
            variant,
            status,
            parse(started),
            updated_at,
            finished_at,
            int(seed),
            bool(real_dice),
            count,
            tuple(by_game.get(game_id, ())),
        )
        records.append(new(GameRecord, fields))
    return records


def _in_box_order(variant_id: str, values: dict[str, float]) -> dict[str, float]:
    try:
        from dicepoker_tui.engine.scoresheet.variants import get_variant

        order = {b: i for i, b in enumerate(get_variant(variant_id).box_ids)}
    except KeyError:
        order = {}
    return dict(sorted(values.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))


def _with_every_bonus(variant_id: str, rates: dict[str, float]) -> dict[str, float]:
    try:
        from dicepoker_tui.engine.scoresheet.variants import get_variant

        known = list(get_variant(variant_id).bonus_labels)
    except KeyError:
        known = []
    return {b: rates.get(b, 0.0) for b in [*known, *sorted(set(rates) - set(known))]}


def _check_readable(conn: sqlite3.Connection) -> None:
    """Raise `_Unreadable` unless this is an empty file or a history this program can read."""
    try:
        version = user_version(conn)
        app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
        tables = conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
        if version == 0 and app_id == 0 and tables == 0:
            return
        if app_id != APPLICATION_ID:
            raise _Unreadable("foreign", _("is not a dicepoker history"))
        if version > SCHEMA_VERSION:
            raise _Unreadable(
                "newer",
                _(
                    "was written by a newer version of dicepoker (schema version {version}; "
                    "this one reads up to {supported})"
                ).format(version=version, supported=SCHEMA_VERSION),
            )
        if version == SCHEMA_VERSION:
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
            missing = [t for t in TABLES if t not in names]
            if missing:
                raise _Unreadable("unreadable", _("has no {table} table").format(table=missing[0]))
        problems = [r[0] for r in conn.execute("PRAGMA quick_check(3)")]
        if problems != ["ok"]:
            raise _Unreadable("corrupt", _("is damaged ({problem})").format(problem=problems[0]))
    except sqlite3.DatabaseError as exc:
        if _code(exc) in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
            raise _Unreadable("corrupt", _("cannot be read ({error})").format(error=exc)) from exc
        raise


def _code(exc: sqlite3.Error) -> int:
    return int(getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


def _move_aside(path: Path, tag: str) -> Path:
    """Rename the database (and its WAL files) with a timestamp suffix; the new name."""
    stamp = now().strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
    if path.exists():
        path.rename(target)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(target.with_name(target.name + suffix))
    return target


def _unusable(path: Path, exc: BaseException) -> str:
    reason = getattr(exc, "strerror", None) or str(exc)
    return _(
        "The game history {path} cannot be used ({reason}); "
        "games of this session will not be saved."
    ).format(path=path, reason=reason)
