"""Exporting a stored bidding game (Perudo, Liar's Dice) as JSON and importing one back.

The JSON document has the scoresheet export's frame (`format`, `schema_version`, the
history's meta data, `players` with their results, `events`) with `"family": "bidding"`
and no sheets. An import is refused, with one line saying why and nothing written, unless
the file is well formed and its log is exactly what the engine makes of it: the game is
started again from its seed and every bid, challenge and calza is played again, so no
cup, count or lost die can be forged.
"""

from __future__ import annotations

from datetime import UTC
from typing import Literal

from pydantic import AwareDatetime, Field, ValidationError

from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.engine.names import plain
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.i18n import _
from dicepoker_tui.store.connection import DuplicateGame, sqlite_failures
from dicepoker_tui.store.database import Store, StoreError
from dicepoker_tui.store.event_logs import EventLogRepository
from dicepoker_tui.store.import_checks import (
    FORMAT,
    FORMAT_VERSION,
    ExportedSeat,
    ImportRefused,
    Strict,
    check_keys,
    check_names,
    check_seed,
    check_status,
)
from dicepoker_tui.store.records import GameStatus

BiddingImportRefused = ImportRefused
"""A file that is not a consistent bidding game; the message is one line."""


class BiddingExportedPlayer(ExportedSeat):
    """A seat and, once the game is finished, its place."""

    place: int | None = Field(default=None, description="1 is the last with dice.")


class BiddingExport(Strict):
    """One bidding game, complete: every cup of every round is in `events`."""

    format: Literal["dicepoker-game"] = FORMAT
    schema_version: int = Field(FORMAT_VERSION, description="Version of this file format.")
    family: Literal["bidding"] = "bidding"
    id: int | None = Field(default=None, description="Id in the history it was exported from.")
    variant: str
    status: GameStatus
    started_at: AwareDatetime
    updated_at: AwareDatetime = Field(description="When the last event happened.")
    finished_at: AwareDatetime | None = None
    seed: int
    players: list[BiddingExportedPlayer]
    events: list[ev.Event]


# -- export ------------------------------------------------------------------------------------


def export_bidding_game(
    store: Store, repository: EventLogRepository, game_id: int
) -> BiddingExport:
    """The full record of stored bidding game `game_id`; `StoreError` when it is damaged."""
    record = store.game(game_id)
    if record.damaged:
        raise StoreError(_("game {id} is {damaged}").format(id=game_id, damaged=record.damaged))
    events = repository.load_events(game_id)
    try:
        game = BiddingGame.from_events(events)
    except (IllegalMove, ValueError, IndexError, KeyError) as exc:
        raise StoreError(
            _("game {id} is damaged ({reason})").format(
                id=game_id, reason=" ".join(str(exc).split())
            )
        ) from None
    places = {s.player: s.place for s in game.state.standings or []}
    return BiddingExport(
        id=record.id,
        variant=game.state.variant,
        status=record.status,
        started_at=record.started_at,
        updated_at=record.updated_at,
        finished_at=record.finished_at,
        seed=game.state.seed,
        players=[
            BiddingExportedPlayer(
                seat=seat, name=p.name, kind=p.kind, level=p.level, place=places.get(seat)
            )
            for seat, p in enumerate(game.state.players)
        ],
        events=list(game.events),
    )


def bidding_json(doc: BiddingExport) -> str:
    return doc.model_dump_json(indent=1) + "\n"


# -- import ------------------------------------------------------------------------------------


def parse_bidding_export(data: str | bytes) -> tuple[BiddingExport, BiddingGame]:
    """Validate a JSON export of a bidding game and play it again through the engine;
    `BiddingImportRefused` naming the first problem."""
    try:
        doc = BiddingExport.model_validate_json(data, strict=True)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise BiddingImportRefused(f"{where}: {first['msg']}" if where else first["msg"]) from None
    except RecursionError:
        raise BiddingImportRefused(_("not valid JSON (nested too deeply)")) from None
    check_keys(doc)
    check_seed(doc.seed)
    check_names(doc.players)
    for moment in (doc.started_at, doc.updated_at, doc.finished_at):
        try:
            if moment is not None:
                moment.astimezone(UTC)
        except OverflowError:
            raise BiddingImportRefused(
                _("the time {time} is out of range").format(time=moment.isoformat())
            ) from None
    if doc.schema_version != FORMAT_VERSION:
        raise BiddingImportRefused(
            _("unknown format version {version}").format(version=doc.schema_version)
        )
    game = replay_checked(doc.events)
    _check_meta(doc, game)
    return doc, game


def replay_checked(events: list[ev.Event]) -> BiddingGame:
    """The game `events` record, played again from its seed command by command; refused
    unless the engine makes exactly these events."""
    if not events or not isinstance(events[0], ev.GameStarted):
        raise BiddingImportRefused(_("the events do not begin with game_started"))
    start = events[0]
    try:
        game = BiddingGame.new(start.variant, start.players, seed=start.seed)
        while len(game.events) < len(events):
            done = len(game.events)
            if list(game.events) != events[:done]:
                break
            _play(game, events[done], done)
    except (IllegalMove, ValueError, IndexError, KeyError) as exc:
        raise BiddingImportRefused(" ".join(str(exc).split())) from None
    made = list(game.events)
    if made != events:
        wrong = next(
            (n for n, (a, b) in enumerate(zip(made, events, strict=False)) if a != b),
            min(len(made), len(events)),
        )
        if wrong >= len(events):
            raise BiddingImportRefused(_("the events stop half way through a move (truncated)"))
        raise BiddingImportRefused(
            _("event {number} ({type}) is not what the rules make of the game").format(
                number=wrong + 1, type=events[wrong].type
            )
        )
    return game


def _play(game: BiddingGame, event: ev.Event, number: int) -> None:
    """Play the move `event` records (the `number`-th event, from 0)."""
    player = getattr(event, "player", None)
    if isinstance(event, ev.BidMade | ev.CupsRevealed) and player == game.current:
        if isinstance(event, ev.BidMade):
            game.bid(event.quantity, event.face)
        elif event.call == "calza":
            game.calza()
        else:
            game.challenge()
        return
    raise BiddingImportRefused(
        _("event {number} ({type}) is not what the rules make of the game").format(
            number=number + 1, type=event.type
        )
    )


def _check_meta(doc: BiddingExport, game: BiddingGame) -> None:
    """Everything the file says besides its events must agree with the events."""
    state = game.state
    for name, value, expected in (
        ("variant", doc.variant, state.variant),
        ("seed", doc.seed, state.seed),
    ):
        if value != expected:
            raise BiddingImportRefused(
                _("{field} {value} does not match the game_started event ({expected})").format(
                    field=name, value=repr(value), expected=repr(expected)
                )
            )
    if len(doc.players) != len(state.players):
        raise BiddingImportRefused(
            _("{listed} players listed, the game has {seated}").format(
                listed=len(doc.players), seated=len(state.players)
            )
        )
    places = {s.player: s.place for s in state.standings or []}
    for seat, (listed, seated) in enumerate(zip(doc.players, state.players, strict=True)):
        who = _("player {number} ({name})").format(number=seat + 1, name=plain(listed.name))
        if (listed.seat, listed.name, listed.kind, listed.level) != (
            seat,
            seated.name,
            seated.kind,
            seated.level,
        ):
            raise BiddingImportRefused(
                _("{player} does not match the seats of the game_started event").format(player=who)
            )
        if listed.place != places.get(seat):
            raise BiddingImportRefused(
                _("{player}: place {place} does not match the events ({expected})").format(
                    player=who, place=listed.place, expected=places.get(seat)
                )
            )
    check_status(doc, game.finished)


def import_bidding_game(
    repository: EventLogRepository, doc: BiddingExport, game: BiddingGame
) -> int:
    """Store a checked import (see `parse_bidding_export`) as a new game; its id. The
    duplicate check and the game are one transaction; a full disk is a `StoreError`."""
    try:
        with sqlite_failures():
            return repository.create(
                game,
                started_at=doc.started_at,
                updated_at=doc.updated_at,
                finished_at=doc.finished_at,
                abandoned=doc.status == "abandoned",
                unique=True,
            )
    except DuplicateGame as exc:
        raise BiddingImportRefused(str(exc)) from None
