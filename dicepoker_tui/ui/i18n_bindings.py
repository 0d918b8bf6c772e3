"""Footer key descriptions in the current language.

Screens declare their `BINDINGS` in English. Textual copies a class's merged bindings
into each node when it is created, so translating means swapping in a copy whose
descriptions went through `_()`: for the classes (nodes created later get it) and for
a screen about to be shown (it may have been created before a language switch).
A class with a `BINDINGS_CONTEXT` reads its descriptions in that gettext context (where
a word means something else than elsewhere), else as plain messages.
"""

from __future__ import annotations

from dataclasses import replace

from textual.binding import BindingsMap
from textual.dom import DOMNode

from dicepoker_tui.i18n import _, pgettext

PACKAGE = "dicepoker_tui."


def _english(cls: type[DOMNode]) -> BindingsMap | None:
    """The class's bindings as declared (remembered before the first translation)."""
    if "_english_bindings" not in cls.__dict__:
        cls._english_bindings = cls.__dict__.get("_merged_bindings")  # type: ignore[attr-defined]
    return cls.__dict__["_english_bindings"]


def _in_context(context: str | None, message: str) -> str:
    """`message` in `context` when the catalogue has it so, else as a plain message."""
    if context and message:
        found = pgettext(context, message)
        if found != message:
            return found
    return _(message)


def translated(bindings: BindingsMap, context: str | None = None) -> BindingsMap:
    """A copy of `bindings` with every description (and tooltip) in the current language."""
    out = bindings.copy()
    out.key_to_bindings = {
        key: [
            replace(
                b,
                description=_in_context(context, b.description),
                tooltip=_(b.tooltip) if b.tooltip else "",
            )
            for b in key_bindings
        ]
        for key, key_bindings in bindings.key_to_bindings.items()
    }
    return out


def _context(cls: type) -> str | None:
    return getattr(cls, "BINDINGS_CONTEXT", None)


def _subclasses(cls: type) -> list[type]:
    found: list[type] = []
    for sub in cls.__subclasses__():
        found.append(sub)
        found.extend(_subclasses(sub))
    return found


def translate_classes() -> None:
    """Translate the bindings of every widget, screen and app class of this package."""
    for cls in _subclasses(DOMNode):
        if cls.__module__.startswith(PACKAGE):
            english = _english(cls)
            if english is not None:
                cls._merged_bindings = translated(english, _context(cls))


def translate_node(node: DOMNode) -> None:
    """Translate the bindings of one existing node (a screen about to be shown)."""
    cls = type(node)
    if cls.__module__.startswith(PACKAGE):
        english = _english(cls)
        if english is not None:
            node._bindings = translated(english, _context(cls))
