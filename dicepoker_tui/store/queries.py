"""Listing the games of the history, whatever their family: one game's record, a family's
games still being played, the finished games (filtered, sorted, a page at a time) and the
names seen."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Literal

from dicepoker_tui.i18n import _
from dicepoker_tui.store.connection import Database, GameNotFound, guarded
from dicepoker_tui.store.records import GameRecord, PlayerRecord

SortKey = Literal["date", "score"]


class GameQueries:
    """The records of the games, read from `db`."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @guarded
    def game(self, game_id: int) -> GameRecord:
        """One game's record."""
        found = self._records("g.id = ?", [game_id], "g.id")
        if not found:
            raise GameNotFound(_("no game {id} in the history").format(id=game_id))
        return found[0]

    @guarded
    def unfinished(self, family: str) -> list[GameRecord]:
        """The games of `family` still being played (not finished, not abandoned), last
        played first."""
        return self._records(
            "g.status = 'playing' AND g.family = ?", [family], "g.updated_at DESC, g.id DESC"
        )

    @guarded
    def finished(
        self,
        variant: str | None = None,
        player: str | None = None,
        sort: SortKey = "date",
        descending: bool = True,
        limit: int | None = None,
        offset: int = 0,
        seeded_only: bool = False,
    ) -> list[GameRecord]:
        """Finished games, newest (or best) first; `seeded_only` leaves out real-dice games.

        `player` matches a seat's name, ignoring case. `sort="score"` orders by the best
        total of each game, or by that player's total when `player` is given; a game
        without totals (a bidding game) by that player's place, best first.
        """
        where, params = _finished_filter(variant, player, seeded_only)
        direction = "DESC" if descending else "ASC"
        order_params: list[Any] = []
        if sort == "date":
            order = f"g.started_at {direction}, g.id {direction}"
        elif sort == "score":
            if player is None:
                key = "g.best_total"
            else:
                key = (
                    "(SELECT COALESCE(MAX(total), -MIN(place)) FROM players s"
                    " WHERE s.game_id = g.id AND s.name = ? COLLATE NOCASE)"
                )
                order_params.append(player)
            order = f"{key} {direction}, g.started_at DESC, g.id DESC"
        else:
            raise ValueError(f"unknown sort {sort!r} (date or score)")
        return self._records(where, params, order, order_params, limit, offset)

    @guarded
    def count_finished(self, variant: str | None = None, player: str | None = None) -> int:
        where, params = _finished_filter(variant, player)
        return int(self.db.fetch_all(f"SELECT COUNT(*) FROM games g WHERE {where}", params)[0][0])

    @guarded
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
        return [r[0] for r in self.db.fetch_all(sql, params)]

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
        with self.db.read() as conn:
            games = conn.execute(
                "SELECT g.id, g.variant, g.status, g.started_at, g.updated_at,"
                " g.finished_at, g.seed, g.real_dice, g.event_count"
                f" FROM games g WHERE {where} ORDER BY {order}{page}",
                [*params, *order_params, *page_params],
            ).fetchall()
            seats = conn.execute(
                "SELECT game_id, seat, name, kind, level, total, place, settlement,"
                f" five_of_a_kind, coach FROM players WHERE game_id IN ({chosen})"
                " ORDER BY game_id, seat",
                chosen_params,
            ).fetchall()
            bad_logs = {
                game_id: _log_trouble(log)
                for game_id, log in conn.execute(
                    "SELECT game_id, data FROM event_logs"
                    f" WHERE game_id IN ({chosen}) AND NOT json_valid(data)",
                    chosen_params,
                )
            }
        return _assemble(games, seats, bad_logs)


def _finished_filter(
    variant: str | None, player: str | None, seeded_only: bool = False
) -> tuple[str, list[Any]]:
    where = ["g.status = 'finished'"]
    if seeded_only:
        where.append("g.real_dice = 0")
    params: list[Any] = []
    if variant is not None:
        where.append("g.variant = ?")
        params.append(variant)
    if player is not None:
        where.append("g.id IN (SELECT game_id FROM players WHERE name = ? COLLATE NOCASE)")
        params.append(player)
    return " AND ".join(where), params


def _log_trouble(log: object) -> ValueError:
    """Why a game's whole log (kept as one JSON text) does not read."""
    try:
        json.loads(str(log))
    except ValueError as exc:
        return ValueError(_("its log is not JSON: {error}").format(error=exc))
    return ValueError(_("its log is not JSON"))


def _assemble(
    games: Sequence[tuple[Any, ...]],
    seats: Sequence[tuple[Any, ...]],
    bad_logs: dict[int, ValueError] | None = None,
) -> list[GameRecord]:
    """Records from game rows and seat rows (ordered by game id, then seat); a game in
    `bad_logs` is listed as damaged, with why.

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
    for row in games:
        game_id, variant, status, started, updated, finished, seed, real_dice, count = row
        if bad_logs and game_id in bad_logs:
            records.append(damaged_record(row, by_game.get(game_id, ()), bad_logs[game_id]))
            continue
        try:
            updated_at = parse(updated)
            if finished is None:
                finished_at = None
            else:
                finished_at = updated_at if finished == updated else parse(finished)
            fields = (
                game_id,
                variant,
                status,
                _in_range(parse(started)),
                _in_range(updated_at),
                finished_at and _in_range(finished_at),
                _seed(seed),
                bool(real_dice),
                int(count),
                tuple(by_game.get(game_id, ())),
                None,
            )
        except (TypeError, ValueError, OverflowError) as exc:
            records.append(damaged_record(row, by_game.get(game_id, ()), exc))
            continue
        records.append(new(GameRecord, fields))
    return records


_PLACEHOLDER_TIME = datetime(1970, 1, 1, tzinfo=UTC)
_SEED_MAX = 2**63 - 1


def _in_range(moment: datetime) -> datetime:
    """`moment`, if it has an offset and can be shown in any time zone."""
    if moment.tzinfo is None:
        raise ValueError(_("a time without an offset: {time}").format(time=moment.isoformat()))
    moment.astimezone(UTC)
    if not 1 < moment.year < 9999:
        raise ValueError(_("a time out of range: {time}").format(time=moment.isoformat()))
    return moment


def _seed(text: object) -> int:
    seed = int(str(text))
    if not 0 <= seed <= _SEED_MAX:
        raise ValueError(_("a seed out of range: {seed}").format(seed=text))
    return seed


def damaged_record(
    row: Sequence[Any], seats: Sequence[PlayerRecord], exc: BaseException
) -> GameRecord:
    """The record of a game whose row does not read: listed with its id and why."""
    reason = " ".join(str(exc).split()) or type(exc).__name__
    return GameRecord(
        id=int(row[0]),
        variant=str(row[1]),
        status=row[2],
        started_at=_PLACEHOLDER_TIME,
        updated_at=_PLACEHOLDER_TIME,
        finished_at=None,
        seed=0,
        real_dice=bool(row[7]),
        event_count=0,
        players=tuple(seats),
        damaged=_("damaged ({reason})").format(reason=reason),
    )
