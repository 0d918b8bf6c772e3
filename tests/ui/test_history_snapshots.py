"""How the history screens and the exported sheet look: SVG snapshots.

The scenes are those `make screenshots` draws
(`dicepoker_tui.families.scoresheet.views.history_scenes`): a seeded history, fixed dates
shown in UTC, fixed terminal sizes. After an intended change:
`pytest tests/ui/test_history_snapshots.py --snapshot-update`, then look at the SVGs.
"""

from __future__ import annotations

import pytest

from dicepoker_tui.families.scoresheet.history.export import export_game
from dicepoker_tui.families.scoresheet.views.history_scenes import (
    HISTORY_SCENES,
    HistoryScene,
    sample_history,
)
from dicepoker_tui.families.scoresheet.views.svg_export import picture_app
from dicepoker_tui.store import Store


@pytest.mark.parametrize("scene", HISTORY_SCENES, ids=[s.name for s in HISTORY_SCENES])
def test_history_scene(snap_compare, scene: HistoryScene) -> None:
    assert snap_compare(scene.build(), terminal_size=scene.size, run_before=scene.prepare)


@pytest.mark.parametrize("game_id", [58, 59])
def test_exported_sheet(snap_compare, game_id: int) -> None:
    with Store.memory() as store:
        doc = export_game(sample_history(store), game_id)
    app, size = picture_app(doc)
    assert snap_compare(app, terminal_size=size)
