"""`dicepoker history --limit 0` says that the limit listed nothing, not that the history
is empty, in every language."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from dicepoker_tui.store import Store
from tests.ui.history_data import add_games

SAID = {
    "en": "--limit 0: no games listed.",
    "uk": "--limit 0: жодної гри в списку.",
    "ru": "--limit 0: ни одной игры в списке.",
    "hr": "--limit 0: nijedna igra nije na popisu.",
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_limit_0_says_the_limit_listed_nothing(lang: str, tmp_path) -> None:
    with Store.open(tmp_path / "history.db").store as store:
        add_games(store, 2)
        assert len(store.finished()) == 2  # not empty: it is the limit that lists nothing
    result = subprocess.run(
        [sys.executable, "-m", "dicepoker_tui", "--lang", lang, "history", "--limit", "0"],
        env={**os.environ, "DICEPOKER_HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == SAID[lang]
