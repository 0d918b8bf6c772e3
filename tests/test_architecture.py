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
    """The registry, the views, the mirrors, the shared table app, the store, the
    screenshots and the command line find a family by looking it up, never by its id."""
    ids = _family_packages()
    for path in (
        "family/registry.py",
        "ui/views.py",
        "net/mirrors.py",
        "ui/net/app.py",
        "store/database.py",
        "store/queries.py",
        "store/event_logs.py",
        "ui/scenes/screenshots.py",
        "cli/__init__.py",
    ):
        text = (PACKAGE / path).read_text()
        for family_id in ids:
            assert not re.search(rf"['\"]{family_id}['\"]", text), (path, family_id)
            assert f"families.{family_id}" not in text, (path, family_id)


def test_no_shared_module_is_let_import_a_family() -> None:
    """No contract carries `ignore_imports`: no shared module imports a family package,
    and the architecture doc lists no crossing left."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    for contract in config["tool"]["importlinter"]["contracts"]:
        assert not contract.get("ignore_imports"), contract["name"]
    doc = (ROOT / "docs" / "architecture.md").read_text()
    assert "What still names a family" not in doc
    assert "ignore_imports" not in doc
