"""Shared by every test: English output whatever the machine's locale, and never the
user's own settings, history or solver cache; and the markers of the folders that hold
no unit-level test (`make test-fast` leaves out `slow` and `app`)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
APP_FOLDERS = frozenset({"ui", "net", "web"})
"""Every test here runs a Textual app, the hub or a server, or drives a browser."""
SLOW_FOLDERS = frozenset({"cli"})
"""Every test here runs `dicepoker` in a process of its own."""
FULL_TABLES = frozenset({"yahtzee", "yahtzee-free-joker", "yatzy"})
"""A solver test given one of these variants builds its table: seconds of CPU each."""


def pytest_configure(config: pytest.Config) -> None:
    """Tests that do not choose a DICEPOKER_HOME of their own get an empty one."""
    os.environ["DICEPOKER_HOME"] = tempfile.mkdtemp(prefix="dicepoker-tests-")


@pytest.fixture(autouse=True)
def english_locale(monkeypatch):
    """`dicepoker` picks its language from LC_ALL / LC_MESSAGES / LANG: pin them."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark whole folders; a test of another folder that needs an app or a process of its
    own is marked where it is written."""
    for item in items:
        parts = Path(item.path).relative_to(TESTS).parts
        folder = parts[0] if len(parts) > 1 else ""
        if folder in APP_FOLDERS:
            item.add_marker(pytest.mark.app)
        elif folder in SLOW_FOLDERS or (folder == "solver" and _builds_a_full_table(item)):
            item.add_marker(pytest.mark.slow)


def _builds_a_full_table(item: pytest.Item) -> bool:
    callspec = getattr(item, "callspec", None)
    values = callspec.params.values() if callspec else ()
    return any(isinstance(value, str) and value in FULL_TABLES for value in values)
