"""Checks every family's import makes of an export's frame before (and besides) playing
its events again: every key present, a seed a history can keep, seats a history can tell
apart, and bot levels that exist. Each refusal is one line naming the key."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from dicepoker_tui.engine.names import NAME_MAX, plain, unsafe_char
from dicepoker_tui.engine.players import PlayerKind
from dicepoker_tui.i18n import _

FORMAT = "dicepoker-game"
"""The `format` every family's JSON export carries."""
FORMAT_VERSION = 1
"""The `schema_version` it carries (see `docs/export-format.md`)."""

SEED_MAX = 2**63 - 1
"""The largest seed a history keeps (an SQLite integer)."""


class Strict(BaseModel):
    """A part of an export: no key beyond the format's, frozen once read."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class ExportedSeat(Strict):
    """A seat of an exported game, as every family writes it (a family adds its result)."""

    seat: int = Field(ge=0, description="0-based seat, the order of play.")
    name: str
    kind: PlayerKind
    level: str | None = Field(default=None, description="Bot level, for bots.")


class ImportRefused(ValueError):
    """A file that is not a consistent game record; the message is one line."""


class Seat(Protocol):
    """What the checks read of an exported seat."""

    name: str
    kind: str
    level: str | None


def check_keys(doc: BaseModel, where: str = "") -> None:
    """Refuse a document (or any of its parts that are documents) that leaves out a key:
    the format has no optional keys, a missing one is never read as its default."""
    for name in type(doc).model_fields:
        path = f"{where}{name}"
        if name not in doc.model_fields_set:
            raise ImportRefused(_("{key}: Field required").format(key=path))
        value = getattr(doc, name)
        if name == "events":  # the events are the engine's, checked by their own models
            continue
        if isinstance(value, BaseModel):
            check_keys(value, f"{path}.")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, BaseModel):
                    check_keys(item, f"{path}.{index}.")


def check_seed(seed: int) -> None:
    """Refuse a seed a history cannot keep."""
    if not 0 <= seed <= SEED_MAX:
        digits = str(seed)
        shown = digits if len(digits) <= 40 else f"{digits[:20]}…"
        raise ImportRefused(
            _("seed {seed} is outside 0 to {most}").format(seed=shown, most=SEED_MAX)
        )


def check_names(players: Sequence[Seat]) -> None:
    """Names are plain text of 1 to 24 characters, with no space at either end, and no
    two seats' names differ only in case (the statistics would count them as two)."""
    seen: dict[str, int] = {}
    for seat, player in enumerate(players):
        name = player.name
        bad = unsafe_char(name)
        if bad is not None:
            raise ImportRefused(
                _("players.{seat}.name holds a control character ({char})").format(
                    seat=seat, char=plain(bad)
                )
            )
        if not name.strip() or len(name) > NAME_MAX:
            raise ImportRefused(
                _("players.{seat}.name needs 1 to {most} characters").format(
                    seat=seat, most=NAME_MAX
                )
            )
        if name != name.strip():
            raise ImportRefused(
                _("players.{seat}.name {name} begins or ends with a space").format(
                    seat=seat, name=repr(name)
                )
            )
        other = seen.setdefault(name.casefold(), seat)
        if other != seat:
            first = players[other].name
            text = (
                _("players.{seat}.name {name} is players.{other}.name again")
                if first == name
                else _(
                    "players.{seat}.name {name} differs from players.{other}.name {first} "
                    "only in case"
                )
            )
            raise ImportRefused(
                text.format(seat=seat, name=repr(name), other=other, first=repr(first))
            )


def check_levels(players: Sequence[Seat], known: Sequence[str]) -> None:
    """A bot's level is one its family has (or none, as older files may say); a person's
    seat has no level."""
    for seat, player in enumerate(players):
        if player.kind != "bot" and player.level is not None:
            raise ImportRefused(
                _("players.{seat}.level: a human seat has no bot level").format(seat=seat)
            )
        if player.kind == "bot" and player.level is not None and player.level not in known:
            raise ImportRefused(
                _("players.{seat}.level: unknown bot level {level} (known: {known})").format(
                    seat=seat, level=_shown(player.level), known=", ".join(known)
                )
            )


def _shown(text: str, most: int = 40) -> str:
    """`text` quoted for a one-line message: escaped, and cut short when long."""
    cut = text if len(text) <= most else text[: most - 1] + "…"
    return f"'{plain(cut)}'"


class Dated(Protocol):
    """What `check_status` reads of an export."""

    status: str
    started_at: datetime
    updated_at: datetime
    finished_at: datetime | None


def check_status(doc: Dated, finished: bool) -> None:
    """Refuse an export whose status and dates disagree with its events (`finished`: the
    events finish the game)."""
    if finished != (doc.status == "finished"):
        if doc.status == "finished":
            raise ImportRefused(_("the events stop before the end of the game (truncated)"))
        raise ImportRefused(
            _("status {status}, but the events finish the game").format(status=repr(doc.status))
        )
    if (doc.finished_at is not None) != finished:
        raise ImportRefused(
            _("finished_at is missing") if finished else _("finished_at set on an unfinished game")
        )
    if doc.updated_at < doc.started_at or (
        doc.finished_at is not None and doc.finished_at < doc.started_at
    ):
        raise ImportRefused(_("the game ends before it starts"))
