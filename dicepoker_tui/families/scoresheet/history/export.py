"""Exporting a stored scoresheet game (JSON; CSV and TXT in `sheet_formats`) and importing
a JSON export back.

The JSON export is the full record (see `export_document`).

An import is refused, with one line saying why and nothing written, unless the file is
well formed and the game it describes is exactly what the rules make of its events.
"""

from __future__ import annotations

from datetime import UTC, datetime

from pydantic import ValidationError

from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.families.scoresheet.history import sheet_formats
from dicepoker_tui.families.scoresheet.history.export_document import (
    FORMAT_VERSION,
    ExportedGame,
    ExportedPlayer,
    ExportedSheet,
)
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.history.verify import Inconsistent, recheck
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.i18n import _, ngettext
from dicepoker_tui.store import import_checks
from dicepoker_tui.store.connection import DuplicateGame
from dicepoker_tui.store.database import Store, StoreError
from dicepoker_tui.store.import_checks import (
    ImportRefused,
    check_keys,
    check_names,
    check_status,
)
from dicepoker_tui.store.records import GameStatus

TEXT_FORMATS = ("json", "csv", "txt")
"""Formats this module renders; `svg` is drawn by the terminal UI."""


class ExportError(ValueError):
    """An export that cannot be made (unknown format, missing game)."""


# -- export -----------------------------------------------------------------------------------


def export_game(store: Store, game_id: int) -> ExportedGame:
    """The full record of a stored game."""
    record = store.game(game_id)
    if record.damaged:
        raise StoreError(_("game {id} is {damaged}").format(id=game_id, damaged=record.damaged))
    events = scoresheet_games(store).load_events(game_id)
    try:
        game = Game.from_events(events)
    except (IllegalMove, ValueError, IndexError, KeyError) as exc:
        raise StoreError(
            _("game {id} is damaged ({reason})").format(
                id=game_id, reason=" ".join(str(exc).split())
            )
        ) from None
    return build_export(
        game, record.id, record.status, record.started_at, record.updated_at, record.finished_at
    )


def build_export(
    game: Game,
    game_id: int | None,
    status: GameStatus,
    started_at: datetime,
    updated_at: datetime,
    finished_at: datetime | None,
) -> ExportedGame:
    """The record of `game` with its history meta data."""
    state = game.state
    results = {s.player: s for s in state.standings or []}
    players = []
    for seat, player in enumerate(state.players):
        result = results.get(seat)
        players.append(
            ExportedPlayer(
                seat=seat,
                name=player.name,
                kind=player.kind,
                level=player.level,
                total=result.total if result else None,
                place=result.place if result else None,
                settlement=result.settlement if result else None,
            )
        )
    sheets = [
        ExportedSheet(
            player=seat,
            scores=dict(sheet.scores),
            bonuses=dict(sheet.bonuses),
            bank=sheet.bank,
            total=sheet.total,
        )
        for seat, sheet in enumerate(state.sheets)
    ]
    return ExportedGame(
        id=game_id,
        variant=state.variant,
        status=status,
        started_at=started_at,
        updated_at=updated_at,
        finished_at=finished_at,
        seed=state.seed,
        real_dice=state.real_dice,
        players=players,
        sheets=sheets,
        events=list(game.events),
    )


def to_json(doc: ExportedGame) -> str:
    return doc.model_dump_json(indent=1) + "\n"


def render(doc: ExportedGame, fmt: str) -> str:
    """`doc` as json, csv or txt."""
    match fmt:
        case "json":
            return to_json(doc)
        case "csv":
            return sheet_formats.to_csv(doc)
        case "txt":
            return sheet_formats.to_txt(doc)
    raise ExportError(
        _("unknown export format {format} (json, csv, txt or svg)").format(format=repr(fmt))
    )


# -- import -----------------------------------------------------------------------------------


def parse_export(data: str | bytes, check_seed: bool = True) -> tuple[ExportedGame, Game]:
    """Validate a JSON export and rebuild its game; `ImportRefused` naming the first problem."""
    try:
        doc = ExportedGame.model_validate_json(data, strict=True)
    except ValidationError as exc:
        raise ImportRefused(_first_problem(exc)) from None
    except RecursionError:
        raise ImportRefused(_("not valid JSON (nested too deeply)")) from None
    check_keys(doc)
    import_checks.check_seed(doc.seed)
    check_names(doc.players)
    for name in ("started_at", "updated_at", "finished_at"):
        moment = getattr(doc, name)
        try:
            if moment is not None:
                moment.astimezone(UTC)
        except OverflowError:
            raise ImportRefused(
                _("{field}: the time {time} is out of range").format(
                    field=name, time=moment.isoformat()
                )
            ) from None
    if doc.schema_version > FORMAT_VERSION:
        raise ImportRefused(
            _(
                "written by a newer version of dicepoker (format version {version}; "
                "this one reads up to {supported})"
            ).format(version=doc.schema_version, supported=FORMAT_VERSION)
        )
    if doc.schema_version < 1:
        raise ImportRefused(
            _("unknown format version {version}").format(version=doc.schema_version)
        )
    try:
        game = recheck(doc.events, check_seed=check_seed)
    except Inconsistent as exc:
        raise ImportRefused(str(exc)) from None
    _check_meta(doc, game)
    _check_seats(doc)
    return doc, game


def _check_seats(doc: ExportedGame) -> None:
    """Real dice only at a table of people (a bot cannot throw real dice, so such a game
    was not played as recorded)."""
    if doc.real_dice and any(p.kind == "bot" for p in doc.players):
        raise ImportRefused(_("real_dice is true but a seat is a bot: bots cannot throw real dice"))


def import_game(store: Store, doc: ExportedGame, game: Game) -> int:
    """Store a checked import (see `parse_export`) as a new game; its id. The duplicate
    check and the game are one transaction."""
    try:
        return scoresheet_games(store).create(
            game,
            started_at=doc.started_at,
            updated_at=doc.updated_at,
            finished_at=doc.finished_at,
            abandoned=doc.status == "abandoned",
            unique=True,
        )
    except DuplicateGame as exc:
        raise ImportRefused(str(exc)) from None


def _check_meta(doc: ExportedGame, game: Game) -> None:
    """Everything the file says besides its events must agree with the events."""
    state = game.state
    for field_name in ("variant", "seed", "real_dice"):
        if getattr(doc, field_name) != getattr(state, field_name):
            raise ImportRefused(
                _("{field} {value} does not match the game_started event ({expected})").format(
                    field=field_name,
                    value=repr(getattr(doc, field_name)),
                    expected=repr(getattr(state, field_name)),
                )
            )
    if len(doc.players) != len(state.players):
        raise ImportRefused(
            _("{listed} players listed, the game has {seated}").format(
                listed=len(doc.players), seated=len(state.players)
            )
        )
    results = {s.player: s for s in state.standings or []}
    for seat, (listed, seated) in enumerate(zip(doc.players, state.players, strict=True)):
        who = _("player {number} ({name})").format(number=seat + 1, name=listed.name)
        if (listed.seat, listed.name, listed.kind, listed.level) != (
            seat,
            seated.name,
            seated.kind,
            seated.level,
        ):
            raise ImportRefused(
                _("{player} does not match the seats of the game_started event").format(player=who)
            )
        result = results.get(seat)
        expected = (result.total, result.place, result.settlement) if result else (None, None, None)
        if (listed.total, listed.place, listed.settlement) != expected:
            raise ImportRefused(
                _(
                    "{player}: total {total}, place {place}, settlement {settlement} "
                    "do not match the events ({expected_total}, {expected_place}, "
                    "{expected_settlement})"
                ).format(
                    player=who,
                    total=listed.total,
                    place=listed.place,
                    settlement=listed.settlement,
                    expected_total=expected[0],
                    expected_place=expected[1],
                    expected_settlement=expected[2],
                )
            )
    if len(doc.sheets) != len(state.sheets):
        raise ImportRefused(
            _("{sheets} sheets for {players} players").format(
                sheets=len(doc.sheets), players=len(state.sheets)
            )
        )
    for seat, (listed_sheet, sheet) in enumerate(zip(doc.sheets, state.sheets, strict=True)):
        name = state.players[seat].name
        if listed_sheet.player != seat:
            raise ImportRefused(
                _("sheet {number} is for seat {seat}").format(
                    number=seat + 1, seat=listed_sheet.player
                )
            )
        if listed_sheet.total != sheet.total:
            raise ImportRefused(
                _("{name}'s total {total} does not match the events ({expected})").format(
                    name=name, total=listed_sheet.total, expected=sheet.total
                )
            )
        if (listed_sheet.scores, listed_sheet.bonuses, listed_sheet.bank) != (
            sheet.scores,
            sheet.bonuses,
            sheet.bank,
        ):
            raise ImportRefused(_("{name}'s sheet does not match the events").format(name=name))
    check_status(doc, game.finished)


def _first_problem(exc: ValidationError) -> str:
    errors = exc.errors()
    first = errors[0]
    if first["type"] == "json_invalid":
        return _("not valid JSON ({error})").format(
            error=first["msg"].removeprefix("Invalid JSON: ")
        )
    where = ".".join(str(part) for part in first["loc"])
    extra = len(errors) - 1
    more = (
        " "
        + ngettext("(and {count} more problem)", "(and {count} more problems)", extra).format(
            count=extra
        )
        if extra
        else ""
    )
    return f"{where}: {first['msg']}{more}" if where else f"{first['msg']}{more}"
