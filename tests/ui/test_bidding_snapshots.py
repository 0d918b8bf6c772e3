"""How the bidding table looks at 80×24: SVG snapshots of the seeded scenes that
`make screenshots` saves too (`dicepoker_tui.families.bidding.views.scenes`).

After an intended change: `pytest tests/ui/test_bidding_snapshots.py --snapshot-update`,
then look at the SVGs.
"""

from __future__ import annotations

import pytest

from dicepoker_tui.families.bidding.views.scenes import BIDDING_SCENES, BiddingScene


@pytest.mark.parametrize("scene", BIDDING_SCENES, ids=[s.name for s in BIDDING_SCENES])
def test_bidding_scene(snap_compare, scene: BiddingScene) -> None:
    assert snap_compare(scene.build(), terminal_size=scene.size, run_before=scene.prepare)
