"""Which messages the app shows, found in its source: what every catalogue must translate.

- every `_("…")` / `N_("…")` and both forms of `ngettext("…", "…", n)` with literal strings,
  and `pgettext("context", "…")` (as `context\x04…`, gettext's key for it);
- the description of every `Binding(key, action, "…")` (footer keys; translated when a
  screen is shown, see `ui/common/i18n_bindings.py`), in the `BINDINGS_CONTEXT` of its class if
  the class names one;
- the box, section and bonus labels, names and descriptions of the built-in variants.

`python -m dicepoker_tui.i18n_extract [LANG]` lists the messages LANG's catalogue lacks
(all of them, as a `.po` skeleton, without LANG);
`python -m dicepoker_tui.i18n_extract --merge LANG FILE.po` adds FILE's translations to
LANG's catalogue (replacing any it had for the same msgids) and rewrites it in order.
"""

from __future__ import annotations

import ast
import fcntl
import sys
from pathlib import Path

PACKAGE_DIR = Path(__file__).parent


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _binding_contexts(tree: ast.AST) -> dict[int, str]:
    """id of a `Binding(...)` call → the `BINDINGS_CONTEXT` of the class it is declared in."""
    contexts: dict[int, str] = {}
    for cls in ast.walk(tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        context = None
        for stmt in cls.body:
            if isinstance(stmt, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "BINDINGS_CONTEXT" for t in stmt.targets
            ):
                context = _literal(stmt.value)
        if context:
            for stmt in cls.body:
                for node in ast.walk(stmt):
                    contexts[id(node)] = context
    return contexts


def messages_in_source(source: str) -> set[str]:
    """The msgids used in one module's source."""
    found: set[str] = set()
    tree = ast.parse(source)
    contexts = _binding_contexts(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        args = [_literal(a) for a in node.args]
        if name in ("_", "N_") and args and args[0]:
            found.add(args[0])
        elif name == "ngettext" and len(args) >= 2:
            found.update(a for a in args[:2] if a)
        elif name == "pgettext" and len(args) >= 2 and args[0] and args[1]:
            found.add(f"{args[0]}\x04{args[1]}")
        elif name == "Binding":
            desc = args[2] if len(args) >= 3 else None
            for kw in node.keywords:
                if kw.arg == "description":
                    desc = _literal(kw.value)
            if desc:
                context = contexts.get(id(node))
                found.add(f"{context}\x04{desc}" if context else desc)
    return found


def variant_messages() -> set[str]:
    from dicepoker_tui.engine.scoresheet.variants.registry import all_variants

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


def _po_entry(key: str, value: str) -> str:
    context = ""
    if "\x04" in key:
        ctx, key = key.split("\x04", 1)
        context = f"msgctxt {_po_string(ctx)}\n"
    if "\0" in key:
        singular, plural = key.split("\0", 1)
        forms = "".join(f"msgstr[{i}] {_po_string(f)}\n" for i, f in enumerate(value.split("\0")))
        return f"{context}msgid {_po_string(singular)}\nmsgid_plural {_po_string(plural)}\n{forms}"
    return f"{context}msgid {_po_string(key)}\nmsgstr {_po_string(value)}\n"


def render_catalogue(header_text: str, entries: dict[str, str]) -> str:
    """A catalogue's text: its header block, then plain entries, then plural ones, each sorted."""
    plain = sorted(k for k in entries if k and "\0" not in k)
    plural = sorted(k for k in entries if "\0" in k)
    body = "\n".join(_po_entry(k, entries[k]) for k in plain + plural)
    return header_text.rstrip("\n") + "\n\n" + body


def merge(lang: str, fragment: Path) -> int:
    """Add `fragment`'s translations to `lang`'s catalogue; how many entries were new or changed.

    The catalogue is locked while it is rewritten, so translators working at once do not
    lose each other's entries.
    """
    from dicepoker_tui.i18n import parse_po, po_path

    path = po_path(lang)
    new = {k: v for k, v in parse_po(fragment.read_text(encoding="utf-8")).items() if k}
    with path.open("r+", encoding="utf-8") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        text = handle.read()
        entries = parse_po(text)
        changed = sum(1 for k, v in new.items() if entries.get(k) != v)
        entries.update(new)
        header = text.split("\n\n", 1)[0]
        handle.seek(0)
        handle.write(render_catalogue(header, entries))
        handle.truncate()
    return changed


if __name__ == "__main__":
    if sys.argv[1:2] == ["--merge"]:
        count = merge(sys.argv[2], Path(sys.argv[3]))
        print(f"{count} entries added or changed in {sys.argv[2]}")
        raise SystemExit(0)
    todo = missing(sys.argv[1]) if len(sys.argv) > 1 else sorted(app_messages())
    for msg in todo:
        print(_po_entry(msg, ""))
