"""Which mirror class follows a hub table's game, by the table's family: the `MIRROR` of
the family package's `mirror` module (which may add a refusal or two of its own), or one
made from the family's local game class."""

from __future__ import annotations

from functools import cache
from typing import Any

from dicepoker_tui.families import part
from dicepoker_tui.family import FamilySpec, get_family
from dicepoker_tui.net.mirrored_session import MirroredSession


@cache
def _generic(spec: FamilySpec) -> type[MirroredSession]:
    def to_act(self: Any, state: Any) -> int | None:
        return spec.to_act(state)

    name = f"Remote{spec.session_class.__name__}"
    return type(name, (MirroredSession, spec.session_class), {"_to_act": to_act})


@cache
def _own(family_id: str) -> type[MirroredSession] | None:
    mirror = getattr(part(family_id, "mirror"), "MIRROR", None)
    return mirror if isinstance(mirror, type) and issubclass(mirror, MirroredSession) else None


def mirror_class(family_id: str) -> type[MirroredSession]:
    """The class whose instances mirror a table of `family_id` (KeyError: unknown)."""
    spec = get_family(family_id)
    return _own(spec.id) or _generic(spec)
