"""Solved tables shared by the solver tests: each variant is solved once per session.

Tables are built with the disk cache pointed at a temporary directory, so the tests
never read or write the user's cache; afterwards they live in the process's memory,
where `Policy.for_variant` finds them.
"""

from __future__ import annotations

import os

import pytest

from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.solver import Table, get_table

_tables: dict[str, Table] = {}


@pytest.fixture(scope="session")
def solved(tmp_path_factory):
    """`solved(variant_id) -> Table`, solving on first use."""
    home = tmp_path_factory.mktemp("solver-home")

    def get(variant_id: str) -> Table:
        if variant_id not in _tables:
            old = os.environ.get("DICEPOKER_HOME")
            os.environ["DICEPOKER_HOME"] = str(home)
            try:
                _tables[variant_id] = get_table(get_variant(variant_id))
            finally:
                if old is None:
                    del os.environ["DICEPOKER_HOME"]
                else:
                    os.environ["DICEPOKER_HOME"] = old
        return _tables[variant_id]

    return get
