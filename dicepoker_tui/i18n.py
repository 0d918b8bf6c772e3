"""Translations through the standard gettext machinery.

Catalogues are plain `.po` files in the package (`dicepoker_tui/locale/<lang>/LC_MESSAGES/
dicepoker.po`). Babel reads one and compiles it to `.mo` bytes in memory when its
language is first used, for `gettext.GNUTranslations`: no build step and no stale `.mo`.
Long texts (the rules of each variant) live beside them as
`locale/<lang>/rules/<variant id>.txt`.

The language is chosen once per process: `--lang`, else the saved setting, else
`LC_ALL` / `LC_MESSAGES` / `LANG`; anything unknown means English. Only text meant
for people goes through `_()`; ids, JSON keys and CSV headers never do.
"""

from __future__ import annotations

import gettext
import io
import os
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

DOMAIN = "dicepoker"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "uk": "Українська",
    "ru": "Русский",
    "hr": "Hrvatski",
    "de": "Deutsch",
}
DEFAULT = "en"

_current = DEFAULT
_translation: gettext.NullTranslations = gettext.NullTranslations()


def read_catalogue(text: str) -> Catalog:
    """The catalogue in a `.po` text, as Babel reads it."""
    from babel.messages.pofile import read_po  # deferred: Babel is only needed off English

    return read_po(io.StringIO(text), domain=DOMAIN)


def compile_catalogue(catalogue: Catalog) -> bytes:
    """The GNU `.mo` bytes of a catalogue (fuzzy and untranslated entries left out)."""
    from babel.messages.mofile import write_mo  # deferred: Babel is only needed off English

    out = io.BytesIO()
    write_mo(out, catalogue)
    return out.getvalue()


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def load_translation(lang: str) -> gettext.NullTranslations:
    """The translation for `lang` (English or a missing catalogue: no translation)."""
    path = po_path(lang)
    if lang == DEFAULT or not path.is_file():
        return gettext.NullTranslations()
    catalogue = read_catalogue(path.read_text(encoding="utf-8"))
    return gettext.GNUTranslations(io.BytesIO(compile_catalogue(catalogue)))


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


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a count's message (singular, plural) for the catalogues; `ngettext` later."""
    return singular, plural


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _translation.pgettext(context, message)


_DEFAULT_NAME = re.compile(r"(Player|Bot) ([0-9]+)")


def shown_name(name: str) -> str:
    """A seat's name for a person: the default names a game keeps language-neutral
    (`Player 2`, `Bot 1`) in the current language (`Гравець 2`, `Бот 1`); others as they are."""
    match = _DEFAULT_NAME.fullmatch(name)
    if match is None:
        return name
    stem = _("Player") if match[1] == "Player" else _("Bot")
    return f"{stem} {match[2]}"


def rules_text(variant_id: str, english: str) -> str:
    """The rules of a variant in the current language (a file under locale/), else
    `english`, as players read them (`for_players`)."""
    if _current == DEFAULT:
        return for_players(english)
    path = LOCALE_DIR / _current / "rules" / f"{variant_id}.txt"
    try:
        return for_players(path.read_text(encoding="utf-8"))
    except OSError:
        return for_players(english)


# The rules texts mark the choices made where sources differ ("Decision: …", and what
# another source says); players get the rule alone.
_DECISION = re.compile(r"^(?:Decision|Рішення|Решение|Odluka|Entscheidung): (\w)", re.MULTILINE)
_OTHER_SOURCE = re.compile(
    r"\s*\((?:one source says|одне джерело каже|один источник говорит|jedan izvor kaže"
    r"|eine Quelle sagt)"
    r"[^)]*\)"
)


def for_players(rules: str) -> str:
    """`rules` without the design notes: "Decision: the bonus is paid at 63 or more (one
    source says …)." reads "The bonus is paid at 63 or more."."""
    rules = _DECISION.sub(lambda m: "\n" + m.group(1).upper(), rules)  # a paragraph each
    return re.sub(r"\n{3,}", "\n\n", _OTHER_SOURCE.sub("", rules)).lstrip("\n")
