"""Which messages the app shows, found by Babel: what every catalogue must translate.

`babel.cfg` at the repository root says where they are and which calls mark them, for
this module and for `pybabel extract -F babel.cfg -o dicepoker.pot .` alike:

- every `_("…")` / `N_("…")`, both forms of `ngettext("…", "…", n)` and
  `pgettext("context", "…")` (keyed `context\x04…`, as gettext keys it), with literal
  strings; box labels and variant names and descriptions are marked with `N_()`;
- the description of every `Binding(key, action, "…")` (footer keys; translated when a
  screen is shown, see `ui/common/i18n_bindings.py`), in the `BINDINGS_CONTEXT` of its class if
  the class names one (`extract_app_python`);
- the labels of `Section(id, "…")` and `Bonus(id, "…")`.

`python -m dicepoker_tui.i18n_extract [LANG]` lists the messages LANG's catalogue lacks
(all of them, as a `.po` skeleton, without LANG);
`python -m dicepoker_tui.i18n_extract --merge LANG FILE.po` adds FILE's translations to
LANG's catalogue (replacing any it had for the same msgids) and rewrites it in order.
"""

from __future__ import annotations

import ast
import fcntl
import io
import sys
from collections.abc import Collection, Iterable, Iterator, Mapping
from itertools import chain
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import (
    DEFAULT_KEYWORDS,
    extract,
    extract_from_dir,
    extract_python,
)
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import write_po

from dicepoker_tui.i18n import DOMAIN, po_path, read_catalogue

PACKAGE_DIR = Path(__file__).parent
SOURCE_ROOT = PACKAGE_DIR.parent
MAPPING = SOURCE_ROOT / "babel.cfg"
# Flags Babel derives from the msgid when it reads a catalogue; the catalogues do not store them.
DERIVED_FLAGS = frozenset({"python-format", "python-brace-format"})


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _binding_contexts(tree: ast.AST) -> list[tuple[int, int, str]]:
    """(first line, last line, context) of each class that names a `BINDINGS_CONTEXT`."""
    spans: list[tuple[int, int, str]] = []
    for cls in ast.walk(tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        for stmt in cls.body:
            if not isinstance(stmt, ast.Assign):
                continue
            names = {t.id for t in stmt.targets if isinstance(t, ast.Name)}
            if "BINDINGS_CONTEXT" in names and (context := _literal(stmt.value)):
                spans.append((cls.lineno, cls.end_lineno or cls.lineno, context))
    return spans


def _context_at(spans: list[tuple[int, int, str]], lineno: int) -> str | None:
    """The context of the innermost class around `lineno`, if any."""
    around = [s for s in spans if s[0] <= lineno <= s[1]]
    return max(around, key=lambda s: s[0])[2] if around else None


def _calls_in_fstrings(
    tree: ast.AST, keywords: Collection[str]
) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    """Marked calls inside f-string fields (`f"{_('…')}"`), which Babel's tokenizer skips.

    Arguments come as Babel's Python extractor gives them: positional ones, then the values
    of keyword ones; None where an argument is not a literal string.
    """
    for node in ast.walk(tree):
        if not isinstance(node, ast.JoinedStr):
            continue
        for field in node.values:
            for call in ast.walk(field):
                if not isinstance(call, ast.Call):
                    continue
                func = call.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                if name in keywords:
                    args = [*call.args, *(kw.value for kw in call.keywords)]
                    yield call.lineno, name, tuple(_literal(a) for a in args) or (None,), []


def extract_app_python(
    fileobj: Any, keywords: Collection[str], comment_tags: Collection[str], options: dict[str, Any]
) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel's Python extractor, with footer keys read in their class's context.

    A `Binding(key, action, "…")` in a class with a `BINDINGS_CONTEXT` is shown through
    `pgettext(context, "…")`, so it is handed on as that call. Calls inside f-string
    fields are found too.
    """
    source = fileobj.read()
    tree = ast.parse(source)
    spans = _binding_contexts(tree)
    found = chain(
        extract_python(io.BytesIO(source), keywords, comment_tags, options),
        _calls_in_fstrings(tree, keywords),
    )
    for lineno, funcname, messages, comments in found:
        context = _context_at(spans, lineno) if funcname == "Binding" else None
        if context is None:
            yield lineno, funcname, messages, comments
            continue
        description = messages[2] if isinstance(messages, tuple) and len(messages) > 2 else None
        if description:
            yield lineno, "pgettext", (context, description), comments


def _mapping() -> tuple[list[tuple[str, str]], dict[str, dict[str, Any]]]:
    with MAPPING.open(encoding="utf-8") as handle:
        return parse_mapping_cfg(handle, str(MAPPING))


def _key(msgid: str, context: str | None) -> str:
    return f"{context}\x04{msgid}" if context else msgid


def _keys(msgid: str | tuple[str, ...], context: str | None) -> set[str]:
    """The gettext keys of a message: one per form of a plural."""
    ids = msgid if isinstance(msgid, tuple) else (msgid,)
    return {_key(i, context) for i in ids}


def _keywords(options: Mapping[str, Any]) -> dict[str, Any]:
    return {**DEFAULT_KEYWORDS, **options.get("keywords", {})}


def template() -> Catalog:
    """Every message the app uses, as `pybabel extract` finds them with `babel.cfg`."""
    method_map, options_map = _mapping()
    catalogue = Catalog(domain=DOMAIN)
    for filename, lineno, msgid, comments, context in extract_from_dir(
        SOURCE_ROOT, method_map, options_map
    ):
        catalogue.add(msgid, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalogue


def messages_in_source(source: str) -> set[str]:
    """The msgids used in one module's source (as `babel.cfg` reads a module of the app)."""
    method_map, options_map = _mapping()
    pattern, method = method_map[0]
    options = options_map[pattern]
    found: set[str] = set()
    for _lineno, msgid, _comments, context in extract(
        method, io.BytesIO(source.encode("utf-8")), _keywords(options), options=options
    ):
        found |= _keys(msgid, context)
    return found


def app_messages() -> set[str]:
    """Every msgid the app uses."""
    return {key for m in template() if m.id for key in _keys(m.id, m.context)}


def _forms(message: Message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def translated_keys(catalogue: Catalog) -> set[str]:
    """The msgids a catalogue translates in full (fuzzy entries do not count)."""
    return {
        key
        for message in catalogue
        if message.id and not message.fuzzy and all(_forms(message))
        for key in _keys(message.id, message.context)
    }


def po_entries(text: str) -> dict[str, str]:
    """Msgid → msgstr of a `.po` text, keyed as a `.mo` file keys them (fuzzy and empty ones
    left out): a plural is `msgid NUL msgid_plural` → its forms joined by NUL, a context
    `context EOT msgid`; the header is the entry of "".
    """
    entries: dict[str, str] = {}
    for message in read_catalogue(text):
        if message.id and (message.fuzzy or not any(_forms(message))):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        entries[_key("\0".join(ids), message.context)] = "\0".join(_forms(message))
    return entries


def missing(lang: str) -> list[str]:
    """Msgids without a translation in `lang`'s catalogue."""
    have = translated_keys(read_catalogue(po_path(lang).read_text(encoding="utf-8")))
    return sorted(m for m in app_messages() if m not in have)


def _catalogue_order(message: Message) -> tuple[bool, str]:
    """Plain entries before plural ones, each by msgid (a context first)."""
    first = message.id[0] if isinstance(message.id, tuple) else message.id
    return message.pluralizable, _key(first, message.context)


def render_body(catalogue: Catalog, messages: Iterable[Message] | None = None) -> str:
    """The entries of a catalogue (or just `messages` of it) as `.po` text, in catalogue order."""
    chosen = [m for m in (catalogue if messages is None else messages) if m.id]
    ordered = Catalog(domain=catalogue.domain)
    ordered.mime_headers = catalogue.mime_headers  # the number of plural forms
    for message in sorted(chosen, key=_catalogue_order):
        message.flags -= DERIVED_FLAGS
        ordered[message.id] = message
    out = io.BytesIO()
    write_po(out, ordered, width=0, omit_header=True)
    body = out.getvalue().decode("utf-8").rstrip("\n")
    return body + "\n" if body else ""


def merge(lang: str, fragment: Path) -> int:
    """Add `fragment`'s translations to `lang`'s catalogue; how many entries were new or changed.

    The catalogue is locked while it is rewritten, so translators working at once do not
    lose each other's entries. Its header block is kept as written.
    """
    new = [
        m
        for m in read_catalogue(fragment.read_text(encoding="utf-8"))
        if m.id and not m.fuzzy and any(_forms(m))
    ]
    path = po_path(lang)
    with path.open("r+", encoding="utf-8") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        text = handle.read()
        catalogue = read_catalogue(text)
        changed = 0
        for message in new:
            current = catalogue.get(message.id, message.context)
            if current is not None and not current.fuzzy and current.string == message.string:
                continue
            if current is not None:
                catalogue.delete(message.id, message.context)
            catalogue[message.id] = message
            changed += 1
        header = text.split("\n\n", 1)[0]
        handle.seek(0)
        handle.write(header.rstrip("\n") + "\n\n" + render_body(catalogue))
        handle.truncate()
    return changed


def skeleton(keys: Collection[str], lang: str | None = None) -> str:
    """The `.po` entries, untranslated, of the app's messages with any of these keys
    (with as many plural forms as `lang`'s catalogue has)."""
    catalogue = template()
    if lang is not None:
        catalogue.mime_headers = read_catalogue(po_path(lang).read_text("utf-8")).mime_headers
    wanted = [m for m in catalogue if m.id and _keys(m.id, m.context) & set(keys)]
    for message in wanted:
        message.locations = []
    return render_body(catalogue, wanted)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--merge"]:
        count = merge(sys.argv[2], Path(sys.argv[3]))
        print(f"{count} entries added or changed in {sys.argv[2]}")
        raise SystemExit(0)
    language = sys.argv[1] if len(sys.argv) > 1 else None
    todo = missing(language) if language else sorted(app_messages())
    print(skeleton(todo, language), end="")
