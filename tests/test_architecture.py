"""What docs/architecture.md says of the shape of the code, checked (the import rules
themselves are the import-linter contracts `make test` runs)."""

from __future__ import annotations

import pkgutil
import re
import tomllib
from pathlib import Path

import dicepoker_tui.families
from dicepoker_tui.family import families

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "dicepoker_tui"


def _family_packages() -> list[str]:
    return [m.name for m in pkgutil.iter_modules(dicepoker_tui.families.__path__) if m.ispkg]


def test_every_family_package_joins_the_registry_by_itself() -> None:
    found = {spec.id for spec in families()}
    packages = _family_packages()
    assert packages and set(packages) <= found


def test_the_places_that_find_families_name_none() -> None:
    """The registry, the views, the mirrors and the shared table app find a family by
    looking it up, never by its id."""
    ids = _family_packages()
    for path in ("family/registry.py", "ui/views.py", "net/mirrors.py", "ui/net/app.py"):
        text = (PACKAGE / path).read_text()
        for family_id in ids:
            assert not re.search(rf"['\"]{family_id}['\"]", text), (path, family_id)
            assert f"families.{family_id}" not in text, (path, family_id)


def test_every_crossing_left_is_listed_in_the_architecture_doc() -> None:
    """Each shared module the contract lets import a family is named in "What still names
    a family"; and the list in the contract only shrinks from here."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contract = next(
        c
        for c in config["tool"]["importlinter"]["contracts"]
        if c["name"].startswith("Shared code names no family")
    )
    doc = (ROOT / "docs" / "architecture.md").read_text()
    section = doc[doc.index("## What still names a family") :]
    section = section[: section.index("\n## ", 1) if "\n## " in section[1:] else None]
    sources = {line.split(" -> ")[0] for line in contract.get("ignore_imports", [])}
    assert len(sources) <= 20
    for source in sources:
        parts = source.removeprefix("dicepoker_tui.").split(".")
        folder, name = "/".join(parts[:-1]), parts[-1]
        named = (
            f"{folder}/{name}.py" in section
            or (f"`{name}.py`" in section and f"{folder}/" in section)
            or f"`{folder}/`" in section
        )
        assert named, source
