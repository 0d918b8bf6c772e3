"""History files as older versions of dicepoker wrote them, built from the DDL those
versions ran (see `git log -p -- dicepoker_tui/store/schema.py`), never from today's
migrations: a test of an upgrade then starts from what users really have on disk.

Schema version 2 had three layouts over its life: "lines" (final sheets line by line in
`sheet_lines`, every event kept row by row), "lines-packed" (the same, finished games'
logs packed into `packed_logs`) and "sheets" (final sheets as JSON in `final_sheets`,
the layout versions 3 and 4 built on).
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from pathlib import Path

from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.scoresheet.history.summary import final_sheets
from dicepoker_tui.families.scoresheet.rules.game import Game

APPLICATION_ID = 0x44504B52

V1 = """
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
"""

V2_LINES = """
CREATE TABLE sheet_lines (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seat    INTEGER NOT NULL,
    kind    TEXT    NOT NULL CHECK (kind IN ('box', 'bonus')),
    line    TEXT    NOT NULL,
    points  INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat, kind, line)
) WITHOUT ROWID;
ALTER TABLE players ADD COLUMN five_of_a_kind INTEGER;
ALTER TABLE games ADD COLUMN best_total INTEGER;
CREATE INDEX games_by_variant ON games (status, variant, started_at);
"""

PACKED_LOGS = """
CREATE TABLE packed_logs (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    data    BLOB    NOT NULL
);
"""

V2_SHEETS = """
ALTER TABLE players ADD COLUMN five_of_a_kind INTEGER;
CREATE TABLE final_sheets (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seat    INTEGER NOT NULL,
    data    TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
ALTER TABLE games ADD COLUMN best_total INTEGER;
CREATE INDEX games_by_variant ON games (status, variant, started_at);
"""

V3 = """
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
"""

V4 = "ALTER TABLE players ADD COLUMN coach REAL;"

LAYOUTS = {
    "lines": V2_LINES,
    "lines-packed": V2_LINES + PACKED_LOGS,
    "sheets": V2_SHEETS + PACKED_LOGS,
}

STARTED = "2024-06-01T10:00:00.000+00:00"
ENDED = "2024-06-01T10:20:00.000+00:00"


class OldHistory:
    """An old history file being written: `version` 1 to 4, `layout` of schema 2 on."""

    def __init__(self, path: Path, version: int, layout: str = "sheets") -> None:
        self.version = version
        self.layout = layout
        self.conn = sqlite3.connect(path, isolation_level=None)
        script = V1 + (LAYOUTS[layout] if version >= 2 else "")
        script += (V3 if version >= 3 else "") + (V4 if version >= 4 else "")
        self.conn.executescript(script)
        self.conn.execute(f"PRAGMA user_version = {version}")
        self.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")

    def close(self) -> None:
        self.conn.close()

    def add_scoresheet(self, game: Game) -> int:
        """A finished scoresheet game, stored as this version stored one; its id."""
        state = game.state
        start = game.events[0]
        rows = [e.model_dump_json() for e in game.events]
        sheets = final_sheets(game.events)
        best = max(s.total for s in sheets)
        columns = "variant, seed, real_dice, status, started_at, updated_at, finished_at,"
        columns += " event_count" + (", best_total" if self.version >= 2 else "")
        values = [start.variant, str(start.seed), int(state.real_dice), "finished"]
        values += [STARTED, ENDED, ENDED, len(rows)] + ([best] if self.version >= 2 else [])
        marks = ", ".join("?" * len(values))
        cur = self.conn.execute(f"INSERT INTO games ({columns}) VALUES ({marks})", values)
        game_id = int(cur.lastrowid or 0)
        for sheet in sheets:
            player = state.players[sheet.seat]
            seat = [game_id, sheet.seat, player.name, player.kind, player.level, sheet.total]
            seat += [sheet.place, sheet.settlement]
            if self.version >= 2:
                seat.append(sheet.five_of_a_kind)
            if self.version >= 4:
                seat.append(None)  # no coach
            self.conn.execute(f"INSERT INTO players VALUES ({', '.join('?' * len(seat))})", seat)
            if self.version < 2:
                continue
            if self.layout == "sheets":
                data = json.dumps({"scores": sheet.scores, "bonuses": sheet.bonuses})
                self.conn.execute(
                    "INSERT INTO final_sheets VALUES (?, ?, ?)", (game_id, sheet.seat, data)
                )
                continue
            lines = [(game_id, sheet.seat, "box", b, p) for b, p in sheet.scores.items()]
            lines += [(game_id, sheet.seat, "bonus", b, p) for b, p in sheet.bonuses.items()]
            self.conn.executemany("INSERT INTO sheet_lines VALUES (?, ?, ?, ?, ?)", lines)
        if self.version >= 2 and self.layout != "lines":
            packed = zlib.compress(("[" + ",".join(rows) + "]").encode(), 6)
            self.conn.execute("INSERT INTO packed_logs VALUES (?, ?)", (game_id, packed))
        else:
            self.conn.executemany(
                "INSERT INTO events VALUES (?, ?, ?)",
                [(game_id, seq, row) for seq, row in enumerate(rows)],
            )
        return game_id

    def add_bidding(self, game: BiddingGame, status: str, log: str | None = None) -> None:
        """A bidding game as versions 3 and 4 kept one: a row with its whole log (JSON),
        `log` when given instead of the game's own."""
        state = game.state
        standings = state.standings or []
        winner = next((state.players[s.player].name for s in standings if s.place == 1), None)
        if log is None:
            log = "[" + ",".join(e.model_dump_json() for e in game.events) + "]"
        self.conn.execute(
            "INSERT INTO bidding_games (variant, seed, players, status, started_at, updated_at,"
            " finished_at, winner, event_count, events) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                state.variant,
                str(state.seed),
                json.dumps([p.model_dump() for p in state.players]),
                status,
                STARTED,
                ENDED,
                ENDED if status == "finished" else None,
                winner,
                len(game.events),
                log,
            ),
        )
