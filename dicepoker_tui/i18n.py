"""Translations through the standard gettext machinery.

Catalogues are plain `.po` files in the package (`dicepoker_tui/locale/<lang>/LC_MESSAGES/
dicepoker.po`). They are compiled to `.mo` bytes in memory when a language is first used
and handed to `gettext.GNUTranslations`, so there is no build step and no stale `.mo`.
Long texts (the rules of each variant) live beside them as
`locale/<lang>/rules/<variant id>.txt`.

The language is chosen once per process: `--lang`, else the saved setting, else
`LC_ALL` / `LC_MESSAGES` / `LANG`; anything unknown means English. Only text meant
for people goes through `_()`; ids, JSON keys and CSV headers never do.
"""

from __future__ import annotations

import ast
import gettext
import io
import os
import struct
from functools import cache
from pathlib import Path

DOMAIN = "dicepoker"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "uk": "Українська",
    "ru": "Русский",
    "hr": "Hrvatski",
}
DEFAULT = "en"

_current = DEFAULT
_translation: gettext.NullTranslations = gettext.NullTranslations()


def parse_po(text: str) -> dict[str, str]:
    """Msgid → msgstr of a `.po` text (plain and plural entries; fuzzy ones skipped).

    Plural entries map `msgid` to the msgstr[0]…[n] joined by NUL, as `.mo` files do;
    the key is then `msgid NUL msgid_plural`.
    """
    entries: dict[str, str] = {}
    fields: dict[str, str] = {}
    current: str | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal fuzzy
        if "msgid" in fields and not fuzzy:
            if "msgid_plural" in fields:
                key = fields["msgid"] + "\0" + fields["msgid_plural"]
                forms = [fields[k] for k in sorted(f for f in fields if f.startswith("msgstr["))]
                value = "\0".join(forms)
            else:
                key, value = fields["msgid"], fields.get("msgstr", "")
            if "msgctxt" in fields:
                key = fields["msgctxt"] + "\x04" + key
            if value.strip("\0") or key == "":
                entries[key] = value
        fields.clear()
        fuzzy = False

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
            current = None
            continue
        complete = any(k.startswith("msgstr") for k in fields)
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if complete:
                    flush()
                fuzzy = True
            continue
        if line.startswith('"'):
            if current is not None:
                fields[current] += ast.literal_eval(line)
            continue
        keyword, _sep, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid") and complete:
            flush()
        current = keyword
        fields[keyword] = ast.literal_eval(rest.strip())
    flush()
    return entries


def compile_mo(entries: dict[str, str]) -> bytes:
    """The GNU `.mo` bytes of a msgid → msgstr mapping."""
    keys = sorted(entries)
    ids = [k.encode("utf-8") for k in keys]
    strs = [entries[k].encode("utf-8") for k in keys]
    n = len(keys)
    header_size = 7 * 4
    ids_table = header_size
    strs_table = ids_table + n * 8
    data_start = strs_table + n * 8
    offsets: list[tuple[int, int]] = []
    blob = b""
    for s in ids:
        offsets.append((len(s), data_start + len(blob)))
        blob += s + b"\0"
    str_offsets: list[tuple[int, int]] = []
    for s in strs:
        str_offsets.append((len(s), data_start + len(blob)))
        blob += s + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, n, ids_table, strs_table, 0, 0)
    out += b"".join(struct.pack("<2I", *o) for o in offsets)
    out += b"".join(struct.pack("<2I", *o) for o in str_offsets)
    return out + blob


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def load_translation(lang: str) -> gettext.NullTranslations:
    """The translation for `lang` (English or a missing catalogue: no translation)."""
    path = po_path(lang)
    if lang == DEFAULT or not path.is_file():
        return gettext.NullTranslations()
    entries = parse_po(path.read_text(encoding="utf-8"))
    return gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))


def normalize(code: str | None) -> str | None:
    """`uk_UA.UTF-8` → `uk`; None for anything that is not a known language."""
    if not code:
        return None
    base = code.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def language_from_env(environ: dict[str, str] | None = None) -> str:
    """The language the locale variables ask for (the first set one decides), else English."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            return normalize(value) or DEFAULT
    return DEFAULT


def set_language(code: str | None) -> str:
    """Switch every later `_()` to `code` (unknown or None: English); the language set."""
    global _current, _translation
    lang = normalize(code) or DEFAULT
    _current = lang
    _translation = load_translation(lang)
    return lang


def current_language() -> str:
    return _current


def _(message: str) -> str:
    """`message` in the current language (itself when there is no translation)."""
    return _translation.gettext(message) if message else message


def N_(message: str) -> str:
    """Marks a message for the catalogues where it is defined; `_()` translates it later."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _translation.pgettext(context, message)


def rules_text(variant_id: str, english: str) -> str:
    """The rules of a variant in the current language (a file under locale/), else `english`."""
    if _current == DEFAULT:
        return english
    path = LOCALE_DIR / _current / "rules" / f"{variant_id}.txt"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return english
