"""Solved tables on disk: where they go, what names them, and that they load back."""

from __future__ import annotations

import numpy as np
import pytest

from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.solver import SOLVER_VERSION, cache_dir, model_for, solve
from dicepoker_tui.families.scoresheet.solver import cache as cache_mod


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DICEPOKER_HOME", str(tmp_path))
    monkeypatch.setattr(cache_mod, "_memory", {})
    return tmp_path


def test_cache_lives_under_dicepoker_home(home) -> None:
    assert cache_dir() == home / "cache"


def test_key_names_variant_and_solver_version(home) -> None:
    model = model_for(get_variant("dice-poker"))
    key = cache_mod.table_key(model)
    assert key.startswith(f"dice-poker-v{SOLVER_VERSION}-")
    other = cache_mod.table_key(model_for(get_variant("dice-poker-bank")))
    assert other.split("-v")[-1] != key.split("-v")[-1]


def test_a_table_is_saved_and_loaded_back(home) -> None:
    variant = get_variant("dice-poker")
    built = cache_mod.get_table(variant)
    files = list((home / "cache").glob("*.npz"))
    assert len(files) == 1
    cache_mod._memory.clear()
    loaded = cache_mod.get_table(variant)
    assert loaded is not built
    assert loaded.values.dtype == np.float32
    assert np.array_equal(loaded.values, built.values)
    assert loaded.start == built.start  # the float64 start value survives


def test_a_damaged_file_is_rebuilt(home) -> None:
    variant = get_variant("dice-poker")
    path = cache_mod.table_path(model_for(variant))
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a table")
    table = cache_mod.get_table(variant)
    assert table.start == pytest.approx(solve(variant).start)
    assert cache_mod.load_table(model_for(variant)) is not None


def test_no_cache_neither_reads_nor_writes(home) -> None:
    cache_mod.get_table(get_variant("dice-poker"), use_cache=False)
    assert not (home / "cache").exists()
