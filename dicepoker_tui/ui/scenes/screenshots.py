"""Seeded scenes of the app, saved as SVG: `python -m dicepoker_tui.ui.scenes.screenshots DIR`.

The same scenes back the snapshot tests, so the pictures in the README are the ones
the tests check. The lobby's are here; each family's are in its `views/scenes.py`
(`SCENES`, `TRANSLATED_SCENES`, and `save_all(directory)`, which saves them all), found
by name like its other parts.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from dicepoker_tui import families
from dicepoker_tui.ui.scenes.scene import Scene, app, keys, shoot

__all__ = ["SCENES", "TRANSLATED_SCENES", "Scene", "main"]


def _family_scenes() -> list[ModuleType]:
    found = (families.part(family_id, "views.scenes") for family_id in families.package_ids())
    return [module for module in found if module is not None]


LOBBY = Scene("lobby", (80, 24), lambda s: app(settings=s), keys("b"))
SCENES: tuple[Scene, ...] = (
    LOBBY,
    *(scene for module in _family_scenes() for scene in getattr(module, "SCENES", ())),
)
"""The lobby's scene and each family's (the snapshot tests check them)."""

TRANSLATED_SCENES: tuple[Scene, ...] = (  # some of the same scenes in the other languages
    Scene("ru-lobby", (80, 24), lambda s: app(settings=s), keys("b"), lang="ru"),
    *(scene for module in _family_scenes() for scene in getattr(module, "TRANSLATED_SCENES", ())),
)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    directory = Path(args[0] if args else "screenshots")
    directory.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Path(tmp) / "settings.json"  # the default theme, whatever the user chose
        for scene in (LOBBY, TRANSLATED_SCENES[0]):
            path = asyncio.run(shoot(scene, directory, settings))
            print(path)
    for module in _family_scenes():  # each family's tables (and, for some, the history)
        for path in module.save_all(directory):
            print(path)
    from dicepoker_tui.ui.scenes.net_scenes import save_all as save_net_scenes

    for path in save_net_scenes(directory):  # the SSH server's lobby, waiting room and table
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
