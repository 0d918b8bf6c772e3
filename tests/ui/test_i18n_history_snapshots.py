"""The history screens at 80×24 in Ukrainian, Russian and Croatian.

The scenes are those of `tests/ui/test_history_snapshots.py` (a seeded history, dates in
UTC), drawn in another language: the pictures show that the layouts still hold with the
longer words. Update after an intended change with
`pytest tests/ui/test_i18n_history_snapshots.py --snapshot-update` and look at the new SVGs
before committing them.
"""

from __future__ import annotations

import pytest

from dicepoker_tui import i18n
from dicepoker_tui.families.scoresheet.views.history_scenes import HISTORY_SCENES
from dicepoker_tui.ui.common.i18n_bindings import translate_classes

SCENES = {scene.name: scene for scene in HISTORY_SCENES}
PICTURES = [
    ("uk", "history"),
    ("uk", "review"),
    ("uk", "stats"),
    ("ru", "history"),
    ("ru", "review"),
    ("hr", "history"),
    ("hr", "review"),
]


@pytest.fixture
def language(request):
    """The app's language for one test; English again (footer keys too) after it."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")
    translate_classes()


@pytest.mark.parametrize(
    ("language", "name"),
    PICTURES,
    indirect=["language"],
    ids=[f"{lang}-{n}" for lang, n in PICTURES],
)
def test_history_scene_translated(snap_compare, language, name) -> None:
    scene = SCENES[name]
    assert scene.size == (80, 24)
    assert snap_compare(scene.build(), terminal_size=scene.size, run_before=scene.prepare)
