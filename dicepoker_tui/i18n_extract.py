"""Which messages the app shows, found in its source: what every catalogue must translate.

- every `_("…")` / `N_("…")` and both forms of `ngettext("…", "…", n)` with literal strings;
- the description of every `Binding(key, action, "…")` (footer keys; translated when a
  screen is shown, see `ui/i18n_bindings.py`);
- the box, section and bonus labels, names and descriptions of the built-in variants.

`python -m dicepoker_tui.i18n_extract [LANG]` lists the messages LANG's catalogue lacks
(all of them, as a `.po` skeleton, without LANG).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE_DIR = Path(__file__).parent


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def messages_in_source(source: str) -> set[str]:
    """The msgids used in one module's source."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        args = [_literal(a) for a in node.args]
        if name in ("_", "N_") and args and args[0]:
            found.add(args[0])
        elif name == "ngettext" and len(args) >= 2:
            found.update(a for a in args[:2] if a)
        elif name == "Binding":
            desc = args[2] if len(args) >= 3 else None
            for kw in node.keywords:
                if kw.arg == "description":
                    desc = _literal(kw.value)
            if desc:
                found.add(desc)
    return found


def variant_messages() -> set[str]:
    from dicepoker_tui.variants.registry import all_variants

    found: set[str] = set()
    for variant in all_variants():
        found.update({variant.name, variant.description})
        found.update(b.label for b in variant.boxes)
        found.update(s.label for s in variant.sections)
        found.update(variant.bonus_labels.values())
    from dicepoker_tui.engine.bidding.variants import BIDDING_VARIANTS

    for bidding in BIDDING_VARIANTS.values():  # named in the lobby
        found.update({bidding.name, bidding.description})
    return found


def app_messages(package_dir: Path = PACKAGE_DIR) -> set[str]:
    """Every msgid the app uses."""
    found = variant_messages()
    for path in sorted(package_dir.rglob("*.py")):
        found |= messages_in_source(path.read_text(encoding="utf-8"))
    return found


def missing(lang: str) -> list[str]:
    """Msgids without a translation in `lang`'s catalogue."""
    from dicepoker_tui.i18n import parse_po, po_path

    entries = parse_po(po_path(lang).read_text(encoding="utf-8"))
    have = {part for k, v in entries.items() if all(v.split("\0")) for part in k.split("\0")}
    return sorted(m for m in app_messages() if m not in have)


def _po_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


if __name__ == "__main__":
    todo = missing(sys.argv[1]) if len(sys.argv) > 1 else sorted(app_messages())
    for msg in todo:
        print(f'msgid {_po_string(msg)}\nmsgstr ""\n')
