"""A player's figures over their finished scoresheet games of one variant."""

from __future__ import annotations

import json

from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.store.connection import Database, guarded
from dicepoker_tui.store.records import PlayerStats


@guarded
def player_stats(db: Database, player: str, variant: str, seeded_only: bool = False) -> PlayerStats:
    """`player`'s figures over their finished games of `variant` (name ignores case);
    `seeded_only` leaves out real-dice games. A game whose figures do not read is left out."""
    who = "g.status = 'finished' AND g.variant = ? AND p.name = ? COLLATE NOCASE"
    if seeded_only:
        who += " AND g.real_dice = 0"
    with db.read() as conn:
        games = conn.execute(
            "SELECT p.total, p.place, p.five_of_a_kind, f.data,"
            " (SELECT COUNT(*) FROM players q WHERE q.game_id = p.game_id)"
            " FROM players p JOIN games g ON g.id = p.game_id"
            " JOIN final_sheets f ON f.game_id = p.game_id AND f.seat = p.seat"
            f" WHERE {who} ORDER BY g.started_at, g.id",
            (variant, player),
        ).fetchall()
    games = [r for r in games if _sheet(r[3]) is not None and isinstance(r[0], int)]
    if not games:
        return PlayerStats(player=player, variant=variant)
    totals = tuple(int(r[0]) for r in games)
    contests = [r for r in games if r[4] > 1]
    box_sums: dict[str, int] = {}
    bonus_hits: dict[str, int] = {}
    for row in games:
        sheet = _sheet(row[3])
        assert sheet is not None
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


def _sheet(data: str) -> dict | None:
    """A kept final sheet (scores and bonuses), or None when it does not read."""
    try:
        sheet = json.loads(data)
        scores, bonuses = sheet["scores"], sheet["bonuses"]
        if all(isinstance(v, int) for v in (*scores.values(), *bonuses.values())):
            return sheet
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        pass
    return None


def _in_box_order(variant_id: str, values: dict[str, float]) -> dict[str, float]:
    try:
        order = {b: i for i, b in enumerate(get_variant(variant_id).box_ids)}
    except KeyError:
        order = {}
    return dict(sorted(values.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))


def _with_every_bonus(variant_id: str, rates: dict[str, float]) -> dict[str, float]:
    try:
        known = list(get_variant(variant_id).bonus_labels)
    except KeyError:
        known = []
    return {b: rates.get(b, 0.0) for b in [*known, *sorted(set(rates) - set(known))]}
