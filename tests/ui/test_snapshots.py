"""How every screen looks: SVG snapshots of the seeded scenes `make screenshots` draws.

Update after an intended change with `pytest tests/ui/test_snapshots.py --snapshot-update`
and look at the new SVGs before committing them.
"""

from __future__ import annotations

import pytest

from dicepoker_tui.ui.scenes.screenshots import SCENES, Scene


@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
def test_scene(snap_compare, scene: Scene, tmp_path) -> None:
    app = scene.build(tmp_path / "settings.json")
    assert snap_compare(app, terminal_size=scene.size, run_before=scene.prepare)
