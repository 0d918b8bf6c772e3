"""Footer key descriptions in the current language.

Screens declare their `BINDINGS` in English. Textual copies a class's merged bindings
into each node when it is created, so translating means swapping in a copy whose
descriptions went through `_()`: for the classes (nodes created later get it) and for
a screen about to be shown (it may have been created before a language switch).
A class with a `BINDINGS_CONTEXT` reads its descriptions in that gettext context (where
a word means something else than elsewhere), else as plain messages.

Textual's own widgets and screens get the same treatment, so its words in the "Keys"
panel ("Focus Next", "Copy selected text", the input line's keys…) follow the language
too; `TEXTUAL_WORDS` names those of the classes the app uses, for the catalogues.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from textual.binding import BindingsMap
from textual.dom import DOMNode

from dicepoker_tui.i18n import N_, _, current_language, pgettext
from dicepoker_tui.ui.common.textual_private import (
    declared_bindings,
    key_bindings,
    set_class_bindings,
    set_node_bindings,
    with_key_bindings,
)

if TYPE_CHECKING:
    from textual.app import App

PACKAGE = "dicepoker_tui."
TEXTUAL = "textual."

TEXTUAL_WORDS = (
    # Screen, App
    N_("Focus Next"),
    N_("Focus Previous"),
    N_("Copy selected text"),
    N_("Quit"),
    # Input (and its group title in the Keys panel)
    N_("Input"),
    N_("Cut selected text"),
    N_("Delete all to the left"),
    N_("Delete all to the right"),
    N_("Delete character left"),
    N_("Delete character right"),
    N_("Delete left to start of word"),
    N_("Delete right to start of word"),
    N_("Go to end"),
    N_("Go to start"),
    N_("Move cursor left"),
    N_("Move cursor left a word"),
    N_("Move cursor left a word and select"),
    N_("Move cursor left and select"),
    N_("Move cursor right a word"),
    N_("Move cursor right a word and select"),
    N_("Move cursor right and select"),
    N_("Move cursor right or accept the completion suggestion"),
    N_("Paste text from the clipboard"),
    N_("Select all"),
    N_("Select line end"),
    N_("Select line start"),
    N_("Submit"),
    # DataTable, OptionList
    N_("Cursor up"),
    N_("Cursor down"),
    N_("Cursor left"),
    N_("Cursor right"),
    N_("Page up"),
    N_("Page down"),
    N_("Top"),
    N_("Bottom"),
    N_("Home"),
    N_("End"),
    N_("Select"),
    N_("Up"),
    N_("Down"),
    N_("First"),
    N_("Last"),
    # scrolling containers
    N_("Scroll Up"),
    N_("Scroll Down"),
    N_("Scroll Left"),
    N_("Scroll Right"),
    N_("Scroll Home"),
    N_("Scroll End"),
    N_("Page Up"),
    N_("Page Down"),
    N_("Page Left"),
    N_("Page Right"),
    # Select, Button
    N_("Show menu"),
    N_("Dismiss menu"),
    N_("Press button"),
    # the command palette
    N_("Exit the command palette"),
    N_("Next command"),
    N_("Previous command"),
    N_("Go to top"),
    N_("Go to bottom"),
    N_("Next page"),
    N_("Previous page"),
)
"""Textual's own key descriptions in the classes this app uses."""


def _handled(cls: type) -> bool:
    return cls.__module__.startswith((PACKAGE, TEXTUAL))


def _english(cls: type[DOMNode]) -> BindingsMap | None:
    """The class's bindings as declared (remembered before the first translation)."""
    if "_english_bindings" not in cls.__dict__:
        cls._english_bindings = declared_bindings(cls)  # type: ignore[attr-defined]
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
    keys = {
        key: [
            replace(
                b,
                description=_in_context(context, b.description),
                tooltip=_(b.tooltip) if b.tooltip else "",
            )
            for b in key_bindings_
        ]
        for key, key_bindings_ in key_bindings(bindings).items()
    }
    return with_key_bindings(bindings, keys)


def _context(cls: type) -> str | None:
    return getattr(cls, "BINDINGS_CONTEXT", None)


def _subclasses(cls: type) -> list[type]:
    found: list[type] = []
    for sub in cls.__subclasses__():
        found.append(sub)
        found.extend(_subclasses(sub))
    return found


_translated: dict[tuple[str, type], BindingsMap] = {}
"""A class's bindings in a language, translated once (a session's app, forked from the
spawner that translated them for every language, only puts them in place)."""


def translate_classes() -> None:
    """Translate the bindings of every widget, screen and app class of this package and
    of Textual (and the title Textual's input line has in the Keys panel)."""
    lang = current_language()
    for cls in _subclasses(DOMNode):
        if _handled(cls):
            english = _english(cls)
            if english is not None:
                bindings = _translated.get((lang, cls))
                if bindings is None:
                    bindings = translated(english, _context(cls))
                    _translated[lang, cls] = bindings
                set_class_bindings(cls, bindings)
            if cls.__module__.startswith(TEXTUAL):
                _translate_group_title(cls)


def _translate_group_title(cls: type) -> None:
    if "_english_group_title" not in cls.__dict__:
        cls._english_group_title = cls.__dict__.get("BINDING_GROUP_TITLE")  # type: ignore[attr-defined]
    title = cls.__dict__["_english_group_title"]
    if isinstance(title, str) and title:
        cls.BINDING_GROUP_TITLE = _(title)  # type: ignore[attr-defined]


def _translate_one(node: DOMNode) -> None:
    cls = type(node)
    if _handled(cls):
        english = _english(cls)
        if english is not None:
            set_node_bindings(node, translated(english, _context(cls)))


def translate_node(node: DOMNode) -> None:
    """Translate the bindings of one existing node (a screen about to be shown), and of
    the Textual widgets in it (built before a language switch, they keep their bindings)."""
    _translate_one(node)
    for child in node.walk_children():
        if type(child).__module__.startswith(TEXTUAL):
            _translate_one(child)


def notify_how_to_quit(app: App) -> None:
    """Textual's answer to ctrl+c (which copies, and no longer quits), in the language shown."""
    for key, active in app.active_bindings.items():
        if active.binding.action in ("quit", "app.quit"):
            app.notify(
                _("Press [b]{key}[/b] to quit the app").format(key=key),
                title=_("Do you want to quit?"),
            )
            return
