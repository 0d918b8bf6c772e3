"""Shared by every test: English output whatever the machine's locale, and never the
user's own settings, history or solver cache."""

from __future__ import annotations

import os
import tempfile

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Tests that do not choose a DICEPOKER_HOME of their own get an empty one."""
    os.environ["DICEPOKER_HOME"] = tempfile.mkdtemp(prefix="dicepoker-tests-")


@pytest.fixture(autouse=True)
def english_locale(monkeypatch):
    """`dicepoker` picks its language from LC_ALL / LC_MESSAGES / LANG: pin them."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
