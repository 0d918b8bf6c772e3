"""The game families, one package each (`<id>/`: its rules, bots, history, views and
shared-table mirror). Each joins `dicepoker_tui.family`'s registry by itself: the registry
finds every package here that has a `spec` module with a `SPEC`.

`package_ids` and `part` are how shared code finds a family's parts by name (its `spec`,
`views`, `mirror`, `commands`) without naming a family."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def package_ids() -> list[str]:
    """The ids of the family packages here, in order."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)


def part(family_id: str, name: str) -> ModuleType | None:
    """Module `name` of family `family_id`'s package; None when the family has no package
    here (a test's, a plug-in's) or no such part. An import error inside it is raised."""
    module = f"{__name__}.{family_id}.{name}"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is None or not module.startswith(exc.name):
            raise
        return None
