"""Texts of the history screens of every family: times, numbers, variant names, game lines."""

from __future__ import annotations

from datetime import datetime, tzinfo

from dicepoker_tui.family import get_variant as any_variant
from dicepoker_tui.i18n import current_language, shown_name
from dicepoker_tui.store.records import GameRecord

THOUSANDS = {"en": ",", "hr": ".", "de": "."}
"""Thousands separators; the others (uk, ru) group with a no-break space."""


def when(moment: datetime | None, zone: tzinfo | None = None) -> str:
    """A stored time in `zone` (the local one by default), to the minute."""
    return moment.astimezone(zone).strftime("%Y-%m-%d %H:%M") if moment else "—"


def time_zone(node: object) -> tzinfo | None:
    """The zone an app shows times in: its `time_zone`, else the local one."""
    app = getattr(node, "app", None)
    return getattr(app, "time_zone", None)


def number(n: int) -> str:
    """`12,345` in English, `12 345` in Ukrainian and Russian, `12.345` in Croatian and German."""
    return f"{n:,}".replace(",", THOUSANDS.get(current_language(), "\u00a0"))


def variant_name(variant_id: str) -> str:
    """The variant's name in the current language, of any family (an unknown id as it is)."""
    try:
        return any_variant(variant_id).display_name
    except KeyError:
        return variant_id


def winners_text(record: GameRecord) -> str:
    """`Ann 245` or `Ann & Bob 200` (a shared first place)."""
    names = [shown_name(n) for n in record.winners]
    if not names:
        return "—"
    total = next(p.total for p in record.players if p.place == 1)
    return " & ".join(names) if total is None else f"{' & '.join(names)} {total}"


def players_text(record: GameRecord) -> str:
    """`Ann 245, Bob 198` in seat order; `Ann, Bob` in place order for a game without
    totals (a bidding game: its first place is the winner)."""
    if all(p.total is None for p in record.players):
        ranked = sorted(record.players, key=lambda p: (p.place is None, p.place or 0, p.seat))
        return ", ".join(shown_name(p.name) for p in ranked)
    return ", ".join(
        f"{shown_name(p.name)} {p.total}" if p.total is not None else shown_name(p.name)
        for p in record.players
    )


def ellipsize(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"
