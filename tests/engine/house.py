"""Helpers of the house-rules tests: a registry restored after each test, files written."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicepoker_tui.families.scoresheet.rules.variants import all_variants, registry


@pytest.fixture
def own_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """House variants registered by a test are forgotten afterwards."""
    all_variants()  # the built-ins first
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    monkeypatch.setattr(registry, "_UNLISTED", set(registry._UNLISTED))


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


OURS = """\
id = "our-yahtzee"
name = "Our Yahtzee"
base = "yahtzee"
drop = ["chance"]

[points]
full_house = 30

[upper_bonus]
threshold = 60
points = 40

[five_of_a_kind]
bonus = 50
joker = "free"
"""
