"""Which mirror class follows a hub table's game, by the table's family."""

from __future__ import annotations

from functools import cache
from typing import Any

from dicepoker_tui.families import FamilySpec, get_family
from dicepoker_tui.net.remote_bidding_game import RemoteBiddingGame
from dicepoker_tui.net.remote_game import MirroredSession, RemoteGame

_MIRRORS: dict[str, type[MirroredSession]] = {
    "scoresheet": RemoteGame,
    "bidding": RemoteBiddingGame,
}
"""The built-in families' mirrors, which add a refusal or two of their own."""


@cache
def _generic(spec: FamilySpec) -> type[MirroredSession]:
    def to_act(self: Any, state: Any) -> int | None:
        return spec.to_act(state)

    name = f"Remote{spec.session_class.__name__}"
    return type(name, (MirroredSession, spec.session_class), {"_to_act": to_act})


def mirror_class(family_id: str) -> type[MirroredSession]:
    """The class whose instances mirror a table of `family_id` (KeyError: unknown)."""
    spec = get_family(family_id)
    return _MIRRORS.get(spec.id) or _generic(spec)
