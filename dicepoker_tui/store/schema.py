"""The history database schema and its migrations.

The schema version is SQLite's `PRAGMA user_version`; `MIGRATIONS[i]` takes a database
from version i to i + 1. A database of version 0 is empty. Migrations only ever add:
an older program refuses a newer database instead of guessing at it.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Callable

from dicepoker_tui import families

APPLICATION_ID = 0x44504B52  # "DPKR": marks the file as a dicepoker history

Migration = Callable[[sqlite3.Connection], None]


def _run(conn: sqlite3.Connection, script: str) -> None:
    """Run `;`-separated statements inside the current transaction (executescript would commit)."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


def _v1_games_players_events(conn: sqlite3.Connection) -> None:
    """Games, their seats and their event logs."""
    _run(
        conn,
        """
        CREATE TABLE games (
            id          INTEGER PRIMARY KEY,
            variant     TEXT    NOT NULL,
            seed        TEXT    NOT NULL,
            real_dice   INTEGER NOT NULL,
            status      TEXT    NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')),
            started_at  TEXT    NOT NULL,
            updated_at  TEXT    NOT NULL,
            finished_at TEXT,
            event_count INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE players (
            game_id    INTEGER NOT NULL REFERENCES games (id),
            seat       INTEGER NOT NULL,
            name       TEXT    NOT NULL,
            kind       TEXT    NOT NULL,
            level      TEXT,
            total      INTEGER,
            place      INTEGER,
            settlement REAL,
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID;
        CREATE TABLE events (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seq     INTEGER NOT NULL,
            data    TEXT    NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID;
        CREATE INDEX games_by_status ON games (status, started_at);
        CREATE INDEX players_by_name ON players (name COLLATE NOCASE, game_id);
        """,
    )


def pack_log(rows: list[str]) -> bytes:
    """A finished game's event log (JSON texts, in order) as one compressed JSON array."""
    return zlib.compress(("[" + ",".join(rows) + "]").encode(), 6)


def unpack_log(blob: bytes) -> bytes:
    """The JSON array `pack_log` packed."""
    return zlib.decompress(blob)


def _v2_final_sheets_packed_logs(conn: sqlite3.Connection) -> None:
    """Final sheets (JSON: scores and bonuses) and per-game figures for statistics; the
    event logs of finished games packed into one compressed row each. Filled in from the
    events by the family that wrote them (the scoresheet games: the only ones then)."""
    _run(
        conn,
        """
        ALTER TABLE players ADD COLUMN five_of_a_kind INTEGER;
        CREATE TABLE final_sheets (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seat    INTEGER NOT NULL,
            data    TEXT    NOT NULL,
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID;
        ALTER TABLE games ADD COLUMN best_total INTEGER;
        CREATE INDEX games_by_variant ON games (status, variant, started_at);
        CREATE TABLE packed_logs (
            game_id INTEGER PRIMARY KEY REFERENCES games (id),
            data    BLOB    NOT NULL
        );
        """,
    )
    _family_upgrades(conn, 1)


def _family_upgrades(conn: sqlite3.Connection, version: int) -> None:
    """What each family package adds to the step from `version`: its `history.upgrade`
    part's `UPGRADES[version]` (the events of its older layouts are the family's to read)."""
    for family_id in families.package_ids():
        upgrade = getattr(families.part(family_id, "history.upgrade"), "UPGRADES", {})
        if version in upgrade:
            upgrade[version](conn)


def pack_events(conn: sqlite3.Connection, game_id: int) -> None:
    """Replace a finished game's event rows by its packed log."""
    rows = conn.execute(
        "SELECT data FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
    ).fetchall()
    conn.execute("INSERT INTO packed_logs VALUES (?, ?)", (game_id, pack_log([r[0] for r in rows])))
    conn.execute("DELETE FROM events WHERE game_id = ?", (game_id,))


def _sheets_from_lines(conn: sqlite3.Connection) -> None:
    """Bring a history of schema version 2 or later in one of version 2's first two
    layouts (final sheets line by line in `sheet_lines`; finished games' logs packed or
    still row by row) to the layout of today: its sheets into `final_sheets`, the logs of
    its finished games packed."""
    _run(
        conn,
        """
        CREATE TABLE IF NOT EXISTS final_sheets (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seat    INTEGER NOT NULL,
            data    TEXT    NOT NULL,
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS packed_logs (
            game_id INTEGER PRIMARY KEY REFERENCES games (id),
            data    BLOB    NOT NULL
        )
        """,
    )
    sheets: dict[tuple[int, int], dict[str, dict[str, int]]] = {}
    for game_id, seat, kind, line, points in conn.execute(
        "SELECT game_id, seat, kind, line, points FROM sheet_lines ORDER BY game_id, seat"
    ):
        sheet = sheets.setdefault((game_id, seat), {"scores": {}, "bonuses": {}})
        sheet["scores" if kind == "box" else "bonuses"][line] = points
    conn.executemany(
        "INSERT OR IGNORE INTO final_sheets VALUES (?, ?, ?)",
        [(g, s, json.dumps(d, separators=(",", ":"))) for (g, s), d in sheets.items()],
    )
    unpacked = conn.execute(
        "SELECT id FROM games WHERE status = 'finished' AND id IN (SELECT game_id FROM events)"
        " AND id NOT IN (SELECT game_id FROM packed_logs)"
    ).fetchall()
    for (game_id,) in unpacked:
        pack_events(conn, game_id)
    conn.execute("DROP TABLE sheet_lines")


def needs_upgrade(conn: sqlite3.Connection) -> bool:
    """Whether `migrate` has anything to do: an older version, or an early layout."""
    return user_version(conn) < SCHEMA_VERSION or _early_layout(conn)


def _early_layout(conn: sqlite3.Connection) -> bool:
    found = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'sheet_lines'").fetchone()
    return found is not None


def _v3_bidding_games(conn: sqlite3.Connection) -> None:
    """Games of the bidding family (Perudo, Liar's Dice), each with its whole event log
    (cups included) as one JSON array: the scoresheet tables stay as they are."""
    _run(
        conn,
        """
        CREATE TABLE bidding_games (
            id          INTEGER PRIMARY KEY,
            variant     TEXT    NOT NULL,
            seed        TEXT    NOT NULL,
            players     TEXT    NOT NULL,
            status      TEXT    NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')),
            started_at  TEXT    NOT NULL,
            updated_at  TEXT    NOT NULL,
            finished_at TEXT,
            winner      TEXT,
            event_count INTEGER NOT NULL DEFAULT 0,
            events      TEXT    NOT NULL
        );
        CREATE INDEX bidding_games_by_status ON bidding_games (status, started_at);
        """,
    )


def _v4_seat_coach(conn: sqlite3.Connection) -> None:
    """Per seat: the coach's threshold in expected points, NULL for no coach (so every
    seat of an older game is uncoached)."""
    conn.execute("ALTER TABLE players ADD COLUMN coach REAL")


def _v5_one_id_space(conn: sqlite3.Connection) -> None:
    """Every family's games in `games` (one id space; `family` tells them apart), their
    seats in `players` (with `place` once finished) and, for the families that keep a
    game's whole log at once, the log in `event_logs`. The games of `bidding_games` move
    over, oldest first, with new ids after the existing games; their table goes."""
    _run(
        conn,
        """
        ALTER TABLE games ADD COLUMN family TEXT NOT NULL DEFAULT 'scoresheet';
        CREATE TABLE event_logs (
            game_id INTEGER PRIMARY KEY REFERENCES games (id),
            data    TEXT    NOT NULL
        );
        CREATE INDEX games_by_family ON games (family, status, updated_at)
        """,
    )
    rows = conn.execute(
        "SELECT variant, seed, players, status, started_at, updated_at, finished_at,"
        " event_count, events FROM bidding_games ORDER BY id"
    ).fetchall()
    for variant, seed, players, status, started, updated, finished, count, log in rows:
        cur = conn.execute(
            "INSERT INTO games (variant, seed, real_dice, status, started_at, updated_at,"
            " finished_at, event_count, family) VALUES (?, ?, 0, ?, ?, ?, ?, ?, 'bidding')",
            (variant, seed, status, started, updated, finished, count),
        )
        game_id = int(cur.lastrowid or 0)
        places = _places(log)
        conn.executemany(
            "INSERT INTO players (game_id, seat, name, kind, level, place)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, seat, *who, places.get(seat)) for seat, who in enumerate(_seats(players))],
        )
        # Kept as it was, even when it does not read: the listing then says it is damaged.
        conn.execute("INSERT INTO event_logs VALUES (?, ?)", (game_id, str(log)))
    conn.execute("DROP TABLE bidding_games")


def _places(log: str) -> dict[int, int]:
    """Seat → place, from the `game_finished` event of a whole log (JSON), if any (none
    when the log does not read)."""
    try:
        for event in reversed(json.loads(log)):
            if event.get("type") == "game_finished":
                return {int(s["player"]): int(s["place"]) for s in event["standings"]}
    except (ValueError, TypeError, KeyError, AttributeError):
        pass
    return {}


def _v6_leases(conn: sqlite3.Connection) -> None:
    """Per game being played: the running program playing it (see `store.leases`), so
    that no other one offers it for resuming meanwhile."""
    conn.execute(
        "CREATE TABLE leases ("
        " game_id    INTEGER PRIMARY KEY REFERENCES games (id),"
        " holder     TEXT NOT NULL,"
        " taken_at   TEXT NOT NULL,"
        " expires_at TEXT NOT NULL)"
    )


def _seats(players: str) -> list[tuple[str, str, str | None]]:
    """(name, kind, level) of each seat of an old bidding game's `players` (JSON); none
    when it does not read."""
    try:
        return [
            (str(p["name"]), str(p.get("kind", "human")), p.get("level"))
            for p in json.loads(players)
        ]
    except (ValueError, TypeError, KeyError, AttributeError):
        return []


MIGRATIONS: list[Migration] = [
    _v1_games_players_events,
    _v2_final_sheets_packed_logs,
    _v3_bidding_games,
    _v4_seat_coach,
    _v5_one_id_space,
    _v6_leases,
]
SCHEMA_VERSION = len(MIGRATIONS)
TABLES = ("games", "players", "events", "final_sheets", "packed_logs", "event_logs", "leases")
"""The tables of a database at `SCHEMA_VERSION`."""


def user_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the database up to `target`, each step in its own transaction; the new version.

    `conn` must be in autocommit mode (`isolation_level=None`).
    """
    while True:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Read the version under the write lock: another process may have migrated.
            version = user_version(conn)
            if version >= 2 and _early_layout(conn):
                _sheets_from_lines(conn)
            if version >= target:
                conn.execute("COMMIT")
                return version
            MIGRATIONS[version](conn)
            conn.execute(f"PRAGMA user_version = {version + 1}")
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
