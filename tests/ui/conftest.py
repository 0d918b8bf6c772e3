"""Shared fixtures for the app tests: a private settings home and quick app builders."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def dicepoker_home(tmp_path, monkeypatch):
    """Every app test gets its own settings directory."""
    monkeypatch.setenv("DICEPOKER_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return tmp_path / "home"


@pytest.fixture(autouse=True)
def quick_pilot(monkeypatch):
    """Pilot waits for 'idle' in 20 ms slices after every key; 2 ms slices keep whole
    games through the keys quick. Every key is still fully processed before the next
    (Pilot also waits for the screen's message queues)."""
    import textual._wait

    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", 0.002)
    monkeypatch.setattr(textual._wait, "SLEEP_IDLE", 0.0002)
