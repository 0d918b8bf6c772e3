"""Shared by every test: the command line speaks English whatever the machine's locale."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def english_locale(monkeypatch):
    """`dicepoker` picks its language from LC_ALL / LC_MESSAGES / LANG: pin them."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
